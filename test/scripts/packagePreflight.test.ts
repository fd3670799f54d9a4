// `npm run package` checks before it builds that there is an Electron to make the installers from,
// on this computer and without any network: the one ELECTRON_OVERRIDE_DIST_PATH names, the zips
// in the Electron cache, or the one `npx install-electron` unpacked; it passes it to
// electron-builder as electronDist, and says what is missing and what to do where there is none.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FETCH_FLAG,
  MAC_ARCHS,
  downloadFailureHint,
  electronCacheRoot,
  packagePreflight,
  targetsOf,
  zipName,
  type PreflightInput,
} from '../../scripts/packagePreflight';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VERSION = '45.4.1';
const LINUX = { platform: 'linux' as const, arch: 'x64' };
const MAC = { platform: 'darwin' as const, arch: 'arm64' };

const work = mkdtempSync(path.join(os.tmpdir(), 'package-preflight-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const dir = (...files: Array<[string, string]>) => {
  const d = path.join(work, `d${++n}`);
  mkdirSync(d, { recursive: true });
  for (const [name, text] of files) {
    mkdirSync(path.dirname(path.join(d, name)), { recursive: true });
    writeFileSync(path.join(d, name), text);
  }
  return d;
};

/** A computer with an empty home (no cache) and an electron package without its binary. */
function input(over: Partial<PreflightInput> = {}): PreflightInput {
  return {
    version: VERSION,
    host: LINUX,
    args: [],
    env: {},
    homeDir: dir(),
    electronPackageDir: dir(['package.json', '{}']),
    ...over,
  };
}

/** Runs the check and asserts it started no network request (no lookup, no socket). */
function check(i: PreflightInput) {
  const network = () =>
    process.getActiveResourcesInfo().filter((r) => /GetAddrInfo|TCP|UDP|TLS|Pipe/i.test(r)).length;
  const before = network();
  const result = packagePreflight(i);
  expect(result).not.toBeInstanceOf(Promise);
  expect(network()).toBe(before);
  return result;
}

describe('without ELECTRON_OVERRIDE_DIST_PATH', () => {
  it('says what is missing and how to give it, before any build and without the network', () => {
    const r = check(input());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toContain(`no Electron ${VERSION} for linux-x64`);
    expect(r.problem).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(r.problem).toContain('npx install-electron');
    expect(r.problem).toContain(`npm run package -- ${FETCH_FLAG}`);
  });

  it('lets electron-builder download it when asked to, and passes on the other options', () => {
    const r = check(input({ args: [FETCH_FLAG, '--dir'] }));
    expect(r).toMatchObject({ ok: true, electronDist: undefined, builderArgs: ['--dir'] });
  });

  it('packages from the zip a download left in the Electron cache', () => {
    const home = dir();
    const cache = electronCacheRoot('linux', {}, home);
    expect(cache).toBe(path.join(home, '.cache', 'electron'));
    const byAddress = path.join(cache, '0f3a9c');
    mkdirSync(byAddress, { recursive: true });
    writeFileSync(path.join(byAddress, zipName(VERSION, LINUX)), 'zip');
    // Another version's zip does not count.
    writeFileSync(path.join(cache, zipName('44.0.0', LINUX)), 'zip');
    const r = check(input({ homeDir: home }));
    expect(r).toMatchObject({ ok: true, electronDist: byAddress });
    if (r.ok) expect(r.builderArgs).toEqual([`-c.electronDist=${byAddress}`]);
  });

  it('finds the Electron cache where XDG_CACHE_HOME, macOS and Windows keep it', () => {
    expect(electronCacheRoot('linux', { XDG_CACHE_HOME: '/c' }, '/h')).toBe('/c/electron');
    expect(electronCacheRoot('linux', { XDG_CACHE_HOME: 'relative' }, '/h')).toBe(
      '/h/.cache/electron',
    );
    expect(electronCacheRoot('darwin', {}, '/h')).toBe('/h/Library/Caches/electron');
    expect(electronCacheRoot('win32', { LOCALAPPDATA: '/l' }, '/h')).toBe(
      path.join('/l', 'electron', 'Cache'),
    );
  });

  it('packages from the Electron `npx install-electron` unpacked, when it is this version', () => {
    const pkg = dir(['dist/electron', 'binary'], ['dist/version', `v${VERSION}`]);
    const r = check(input({ electronPackageDir: pkg }));
    expect(r).toMatchObject({ ok: true, electronDist: path.join(pkg, 'dist') });
    const old = dir(['dist/electron', 'binary'], ['dist/version', '44.0.0']);
    expect(check(input({ electronPackageDir: old })).ok).toBe(false);
  });
});

describe('with ELECTRON_OVERRIDE_DIST_PATH', () => {
  it('packages from the unpacked Electron it names', () => {
    const unpacked = dir(['electron', 'binary'], ['version', VERSION]);
    const r = check(input({ env: { ELECTRON_OVERRIDE_DIST_PATH: unpacked }, args: ['--dir'] }));
    expect(r).toMatchObject({
      ok: true,
      electronDist: unpacked,
      builderArgs: [`-c.electronDist=${unpacked}`, '--dir'],
    });
  });

  it('refuses a folder without an Electron, and another version, saying which', () => {
    const empty = dir();
    const r = check(input({ env: { ELECTRON_OVERRIDE_DIST_PATH: empty } }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toContain(`names ${empty}, where there is no Electron`);
    const other = dir(['electron', 'binary'], ['version', '44.0.0']);
    const o = check(input({ env: { ELECTRON_OVERRIDE_DIST_PATH: other } }));
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.problem).toContain(`names Electron 44.0.0`);
  });

  it('makes both macOS architectures from a folder of their zips, not from one unpacked app', () => {
    const zips = dir(
      ...MAC_ARCHS.map((arch): [string, string] => [
        zipName(VERSION, { platform: 'darwin', arch }),
        'zip',
      ]),
    );
    expect(check(input({ host: MAC, env: { ELECTRON_OVERRIDE_DIST_PATH: zips } }))).toMatchObject({
      ok: true,
      electronDist: zips,
    });
    const app = dir(['Electron.app/Contents/Info.plist', '<plist/>']);
    const r = check(input({ host: MAC, env: { ELECTRON_OVERRIDE_DIST_PATH: app } }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem).toContain('darwin-x64, darwin-arm64');
      expect(r.problem).toContain(zipName(VERSION, { platform: 'darwin', arch: 'x64' }));
    }
    // Made for its own architecture only, the unpacked app is enough.
    expect(
      check(input({ host: MAC, args: ['--arm64'], env: { ELECTRON_OVERRIDE_DIST_PATH: app } })),
    ).toMatchObject({ ok: true, electronDist: app });
  });
});

describe('the installers to be made', () => {
  it('are this system’s unless options say otherwise, macOS in both architectures', () => {
    expect(targetsOf([], LINUX)).toEqual([LINUX]);
    expect(targetsOf(['--dir'], { platform: 'win32', arch: 'x64' })).toEqual([
      { platform: 'win32', arch: 'x64' },
    ]);
    expect(targetsOf([], MAC)).toEqual(MAC_ARCHS.map((arch) => ({ platform: 'darwin', arch })));
    expect(targetsOf(['--win', '--ia32'], LINUX)).toEqual([{ platform: 'win32', arch: 'ia32' }]);
    expect(targetsOf(['-m', '--universal'], LINUX)).toEqual([
      { platform: 'darwin', arch: 'x64' },
      { platform: 'darwin', arch: 'arm64' },
    ]);
  });

  it('match the macOS architectures electron-builder.yml names', () => {
    const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
    const mac = /^mac:\n((?: {2}.*\n)+)/m.exec(yml)?.[1] ?? '';
    expect(/arch:\s*\[([^\]]*)\]/.exec(mac)?.[1]?.split(/,\s*/)).toEqual([...MAC_ARCHS]);
  });
});

describe('a download electron-builder could not make', () => {
  it('is said with what to do; another failure is left as electron-builder said it', () => {
    const offline =
      '  ⨯ failed to build AppImage  error=getaddrinfo ENOTFOUND github.com\n    at GetAddrInfoReqWrap.onlookupall';
    expect(downloadFailureHint(offline)).toContain('npm run package -- --dir');
    expect(downloadFailureHint('  ⨯ Cannot find module ./out/main/index.js')).toBeUndefined();
  });
});
