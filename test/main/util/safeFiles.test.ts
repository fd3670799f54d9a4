// The app's new files in a folder another account can write to: created new under names nobody
// can guess, never through a link planted in advance, written and made 0600 through their own
// handle, renamed into place only while the folder and the file are still the ones written, and
// never over a link. Real files and links in a temp folder; the victim is a file outside it.
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure, paramsOf } from '../../../src-shared/errors';
import { wordFailure } from '../../../src-shared/i18n';
import { privateFile } from '../../../src-main/util/privateFiles';
import { createNew, replaceSafely, unguessableNameBeside } from '../../../src-main/util/safeFiles';

const posix = process.platform !== 'win32';

let dir: string;
let elsewhere: string;
let victim: string;
const VICTIM_TEXT = 'the user’s own file, outside the shared folder\n';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'safe-files-shared-'));
  elsewhere = await mkdtemp(join(tmpdir(), 'safe-files-home-'));
  victim = join(elsewhere, 'victim.txt');
  await writeFile(victim, VICTIM_TEXT, { mode: 0o644 });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

async function expectVictimUnchanged(): Promise<void> {
  expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
  if (posix) expect(await modeOf(victim)).toBe(0o644);
}

async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

const hidden = async () => (await readdir(dir)).filter((f) => f.startsWith('.'));

describe.runIf(posix)('createNew', () => {
  it('refuses a name where a link already is, instead of following it', async () => {
    const planted = join(dir, '.out.xlsx.planted.part');
    await symlink(victim, planted);
    const refused = await createNew(planted).then(
      () => 'opened',
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(['EEXIST', 'ELOOP']).toContain(refused);
    await expectVictimUnchanged();
    expect((await lstat(planted)).isSymbolicLink()).toBe(true);
  });

  it('refuses a link to a file that does not exist yet, creating nothing where it points', async () => {
    const planted = join(dir, '.out.csv.dangling.part');
    const target = join(elsewhere, 'made-by-the-app.txt');
    await symlink(target, planted);
    await expect(createNew(planted)).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('creates the file 0600 whatever the umask', async () => {
    const old = process.umask(0);
    try {
      const file = join(dir, 'new.txt');
      const fh = await createNew(file);
      await fh.writeFile('x');
      await fh.close();
      expect(await modeOf(file)).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });

  it('gives names nobody can guess, beside the target', () => {
    const target = join(dir, 'suppliers.results.xlsx');
    const a = unguessableNameBeside(target, 'part');
    const b = unguessableNameBeside(target, 'part');
    expect(a).not.toBe(b);
    expect(basename(a)).toMatch(/^\.suppliers\.results\.xlsx\.[0-9a-f]{24}\.part$/);
    expect(basename(a)).not.toContain(String(process.pid));
    // A very long name stays within a file name's 255 bytes.
    expect(
      basename(unguessableNameBeside(join(dir, `${'x'.repeat(250)}.xlsx`), 'spool')).length,
    ).toBeLessThan(160);
  });
});

describe.runIf(posix)('replaceSafely', () => {
  it('writes through the handle: the file is 0600, no temporary file is left', async () => {
    const target = join(dir, 'out.csv');
    await writeFile(target, 'old', { mode: 0o644 });
    const result = await replaceSafely(target, async (file) => {
      const s = file.stream();
      s.end('new contents');
      await new Promise<void>((done) => s.once('finish', () => done()));
      return 42;
    });
    expect(result).toBe(42);
    expect(await readFile(target, 'utf8')).toBe('new contents');
    expect(await modeOf(target)).toBe(0o600);
    expect(await hidden()).toEqual([]);
  });

  it('refuses a target that is a link, in English and German, and changes nothing', async () => {
    const target = join(dir, 'out.xlsx');
    await symlink(victim, target);
    let called = false;
    const e = await failureOf(
      replaceSafely(target, async () => {
        called = true;
      }),
    );
    expect(called).toBe(false);
    expect(e.error).toMatchObject({ code: 'export_failed', details: { reason: 'target_link' } });
    expect(e.error.message).toContain(`"${target}" is a symbolic link`);
    expect(e.error.message).toContain('Delete the link or choose another file name');
    const de = wordFailure('de', { code: e.error.code, params: paramsOf(e.error.details) });
    expect(de).toContain(`„${target}“ ist eine symbolische Verknüpfung`);
    expect(de).toContain('Löschen Sie die Verknüpfung');
    await expectVictimUnchanged();
    expect((await lstat(target)).isSymbolicLink()).toBe(true);
    expect(await hidden()).toEqual([]);
  });

  it('refuses a target swapped for a link while the file was written', async () => {
    const target = join(dir, 'out.xlsx');
    const e = await failureOf(
      replaceSafely(target, async (file) => {
        await file.handle.writeFile('results');
        await symlink(victim, target);
      }),
    );
    expect(e.error.details).toMatchObject({ reason: 'target_link' });
    await expectVictimUnchanged();
    expect(await hidden()).toEqual([]);
  });

  it('refuses when the folder is swapped for a link to another folder meanwhile', async () => {
    const shared = join(dir, 'list');
    await mkdir(shared);
    const target = join(shared, 'out.csv');
    const e = await failureOf(
      replaceSafely(target, async (file) => {
        await file.handle.writeFile('results');
        // Another user moves the folder away and puts a link to the victim's folder in its place.
        await rename(shared, join(dir, 'moved'));
        await symlink(elsewhere, shared);
      }),
    );
    expect(e.error).toMatchObject({
      code: 'export_failed',
      details: { reason: 'folder_changed', folder: shared, name: 'out.csv' },
    });
    const de = wordFailure('de', { code: e.error.code, params: paramsOf(e.error.details) });
    expect(de).toContain(`Der Ordner „${shared}“`);
    expect(de).toContain('Exportieren Sie erneut in einen Ordner, den nur Sie ändern können');
    // Nothing was put into the victim's folder.
    expect((await readdir(elsewhere)).sort()).toEqual(['victim.txt']);
    await expectVictimUnchanged();
  });

  it('refuses when its temporary file is swapped for a link meanwhile, following nothing', async () => {
    const target = join(dir, 'out.xlsx');
    const e = await failureOf(
      replaceSafely(target, async (file) => {
        await file.handle.writeFile('results');
        // The name can be read from the folder: another user moves the file and plants a link.
        const [temp] = await hidden();
        await rename(join(dir, temp!), join(dir, 'stolen'));
        await symlink(victim, join(dir, temp!));
      }),
    );
    expect(e.error.details).toMatchObject({ reason: 'folder_changed' });
    await expect(lstat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    await expectVictimUnchanged();
    expect(await hidden()).toEqual([]);
  });

  it('fails at once on a stream error, removing the temporary file and keeping the target', async () => {
    const target = join(dir, 'out.csv');
    await writeFile(target, 'previous results');
    const err = await replaceSafely(target, async (file) => {
      const s = file.stream();
      s.write('half a file');
      s.destroy(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      // A streaming writer that waits for the end would wait for ever: the failure wins.
      await new Promise(() => undefined);
    }).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect(err?.code).toBe('ENOSPC');
    expect(await readFile(target, 'utf8')).toBe('previous results');
    expect(await hidden()).toEqual([]);
  });

  it('removes its temporary file when the writer fails', async () => {
    const target = join(dir, 'out.xlsx');
    await expect(
      replaceSafely(target, async (file) => {
        await file.handle.writeFile('part');
        throw new Error('the rows could not be read');
      }),
    ).rejects.toThrow('the rows could not be read');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe.runIf(posix)('privateFile', () => {
  it('leaves a link as it is instead of changing the file it points to', async () => {
    const link = join(dir, 'results.xlsx');
    await symlink(victim, link);
    await privateFile(link);
    await expectVictimUnchanged();
  });

  it('makes a file of the user 0600', async () => {
    const file = join(dir, 'results.xlsx');
    await writeFile(file, 'x', { mode: 0o644 });
    await privateFile(file);
    expect(await modeOf(file)).toBe(0o600);
  });
});
