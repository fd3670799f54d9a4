// The check `npm run package` makes before it builds (scripts/package.ts). electron-builder makes
// the installers from an Electron distribution of the electron devDependency's version and
// downloads one when it is given none; where the download site cannot be reached it fails only
// after the whole build, with a raw network error. This looks, on this computer only (no network),
// for an Electron for every installer to be made:
//
// 1. ELECTRON_OVERRIDE_DIST_PATH, the variable Electron itself and the Electron smoke test read:
//    an unpacked Electron (for this computer's system and architecture), or a folder holding
//    electron-v<version>-<platform>-<arch>.zip for each installer;
// 2. the Electron zips a download left in the Electron cache (a folder per download address);
// 3. the Electron `npx install-electron` unpacked beside the electron package (this computer's).
//
// What it finds goes to electron-builder as `electronDist`. Where there is none, it says what is
// missing and how to give it, unless the packager lets electron-builder download it
// (`--fetch-electron`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The option of `npm run package` that lets electron-builder download a missing Electron. */
export const FETCH_FLAG = '--fetch-electron';

/** The architectures the macOS installers are made for (`mac.target` in electron-builder.yml). */
export const MAC_ARCHS = ['x64', 'arm64'] as const;

export type BuildPlatform = 'linux' | 'win32' | 'darwin';

export interface Target {
  platform: BuildPlatform;
  arch: string;
}

export interface PreflightInput {
  /** The electron devDependency's version. */
  version: string;
  /** The computer that packages. */
  host: { platform: NodeJS.Platform; arch: string };
  /** What was passed on to electron-builder (`npm run package -- --win`, ...). */
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** The electron package's folder (node_modules/electron). */
  electronPackageDir: string;
}

export type Preflight =
  | {
      ok: true;
      /** What electron-builder is given as `electronDist`; undefined: it downloads what it needs. */
      electronDist: string | undefined;
      /** The arguments for electron-builder, after `--config electron-builder.yml`. */
      builderArgs: string[];
      targets: Target[];
    }
  | { ok: false; problem: string };

const PLATFORM_FLAGS: Record<string, BuildPlatform> = {
  '-m': 'darwin',
  '-o': 'darwin',
  '--mac': 'darwin',
  '--macos': 'darwin',
  '-w': 'win32',
  '--win': 'win32',
  '--windows': 'win32',
  '-l': 'linux',
  '--linux': 'linux',
};
const ARCH_FLAGS = ['x64', 'ia32', 'armv7l', 'arm64', 'universal'];

const asBuildPlatform = (p: NodeJS.Platform): BuildPlatform =>
  p === 'win32' || p === 'darwin' ? p : 'linux';

/** The installers electron-builder is about to make: per system and architecture. */
export function targetsOf(args: readonly string[], host: PreflightInput['host']): Target[] {
  const platforms = [...new Set(args.flatMap((a) => PLATFORM_FLAGS[a] ?? []))];
  const archFlags = args.flatMap((a) => (ARCH_FLAGS.includes(a.slice(2)) ? [a.slice(2)] : []));
  const targets: Target[] = [];
  for (const platform of platforms.length > 0 ? platforms : [asBuildPlatform(host.platform)]) {
    const archs =
      archFlags.length > 0 ? archFlags : platform === 'darwin' ? [...MAC_ARCHS] : [host.arch];
    // A universal macOS app is made of both architectures' Electron.
    const needed = archs.flatMap((a) => (a === 'universal' ? ['x64', 'arm64'] : [a]));
    for (const arch of new Set(needed)) targets.push({ platform, arch });
  }
  return targets;
}

export const zipName = (version: string, t: Target) =>
  `electron-v${version}-${t.platform}-${t.arch}.zip`;
const label = (t: Target) => `${t.platform}-${t.arch}`;

/** Where Electron's downloader keeps what it downloaded (its cache, as electron-builder uses it). */
export function electronCacheRoot(
  platform: NodeJS.Platform,
  env: PreflightInput['env'],
  homeDir: string,
): string {
  if (platform === 'darwin') return path.join(homeDir, 'Library', 'Caches', 'electron');
  if (platform === 'win32') {
    return path.join(
      env['LOCALAPPDATA'] || path.join(homeDir, 'AppData', 'Local'),
      'electron',
      'Cache',
    );
  }
  const xdg = env['XDG_CACHE_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homeDir, '.cache'), 'electron');
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The executable of an unpacked Electron for `platform`, as its own zip lays it out. */
function unpackedExecutable(dir: string, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return path.join(dir, 'Electron.app');
  return path.join(dir, platform === 'win32' ? 'electron.exe' : 'electron');
}

/** The version an unpacked Electron says it is (its `version` file), if it says. */
function unpackedVersion(dir: string): string | undefined {
  const file = path.join(dir, 'version');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().replace(/^v/, '') : undefined;
}

/** A folder holding the zip of every target, as electron-builder's `electronDist` takes it. */
const holdsZips = (dir: string, version: string, targets: Target[]) =>
  targets.every((t) => existsSync(path.join(dir, zipName(version, t))));

export function packagePreflight(input: PreflightInput): Preflight {
  const { version, host, env } = input;
  const fetch = input.args.includes(FETCH_FLAG);
  const passed = input.args.filter((a) => a !== FETCH_FLAG);
  const targets = targetsOf(passed, host);
  const hostOnly =
    targets.length === 1 &&
    targets[0]!.platform === asBuildPlatform(host.platform) &&
    targets[0]!.arch === host.arch;
  const zips = targets.map((t) => zipName(version, t)).join(', ');
  const go = (electronDist: string | undefined): Preflight => ({
    ok: true,
    electronDist,
    builderArgs: [...(electronDist ? [`-c.electronDist=${electronDist}`] : []), ...passed],
    targets,
  });

  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const dir = path.resolve(override);
    if (isDir(dir) && holdsZips(dir, version, targets)) return go(dir);
    if (existsSync(unpackedExecutable(dir, host.platform))) {
      const found = unpackedVersion(dir);
      if (found !== undefined && found !== version) {
        return {
          ok: false,
          problem: `ELECTRON_OVERRIDE_DIST_PATH names Electron ${found} (${dir}), and the installers are made from Electron ${version}: point it at an unpacked Electron ${version}, or at a folder holding ${zips}.`,
        };
      }
      if (hostOnly) return go(dir);
      return {
        ok: false,
        problem: `ELECTRON_OVERRIDE_DIST_PATH names an unpacked Electron (${dir}), which makes the installer of this computer's system only (${label({ platform: asBuildPlatform(host.platform), arch: host.arch })}), and ${targets.map(label).join(', ')} are to be made: put ${zips} in a folder and point ELECTRON_OVERRIDE_DIST_PATH at it.`,
      };
    }
    return {
      ok: false,
      problem: `ELECTRON_OVERRIDE_DIST_PATH names ${dir}, where there is no Electron: point it at an unpacked Electron ${version} or at a folder holding ${zips}, or unset it.`,
    };
  }

  const cache = electronCacheRoot(host.platform, env, input.homeDir);
  const cached = [
    cache,
    ...(isDir(cache) ? readdirSync(cache).map((d) => path.join(cache, d)) : []),
  ]
    .filter(isDir)
    .find((d) => holdsZips(d, version, targets));
  if (cached) return go(cached);

  const dist = path.join(input.electronPackageDir, 'dist');
  if (
    hostOnly &&
    existsSync(unpackedExecutable(dist, host.platform)) &&
    unpackedVersion(dist) === version
  ) {
    return go(dist);
  }

  if (fetch) return go(undefined);
  const missing = targets.map(label).join(', ');
  const fetchHint = `or let electron-builder download it while it packages: \`npm run package -- ${FETCH_FLAG}\`.`;
  return {
    ok: false,
    problem: hostOnly
      ? `There is no Electron ${version} for ${missing} on this computer to make the installers from: set ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version}, or run \`npx install-electron\` where github.com (or the mirror in ELECTRON_MIRROR) can be reached, then \`npm run package\` again; ${fetchHint}`
      : `There is no Electron ${version} for ${missing} on this computer to make the installers from: put ${zips} in a folder and set ELECTRON_OVERRIDE_DIST_PATH to it, then \`npm run package\` again; ${fetchHint}`,
  };
}

/**
 * What to do when electron-builder failed on a download (`output` is what it printed): it also
 * downloads, once, the tools it makes each kind of installer with (AppImage, deb, NSIS) into its
 * cache. Undefined when it failed for another reason.
 */
export function downloadFailureHint(output: string): string | undefined {
  if (!/getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(output)) {
    return undefined;
  }
  return 'electron-builder could not download what it needs: it fetches the tools it makes the installers with (AppImage, deb, NSIS) once into its cache, from github.com or ELECTRON_BUILDER_BINARIES_MIRROR; package where that can be reached once, or make the unpacked app without installers with `npm run package -- --dir` (into release/).';
}
