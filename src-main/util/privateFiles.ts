// The data folder and what the app writes into it (the journal and its -wal/-shm, the sandbox's
// state, uploads) and its exports hold supplier data: only the user may read them. Folders are
// 0700, files 0600. On Windows chmod changes nothing, and the user's profile folder already
// keeps others out.
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A file or folder another account owns cannot be changed by this one; it is left as it is
 *  rather than keeping the app from starting. */
const LEAVE_AS_IS = new Set(['ENOENT', 'EPERM']);

async function chmodIfOwn(p: string, mode: number): Promise<void> {
  await fsp.chmod(p, mode).catch((e: NodeJS.ErrnoException) => {
    if (!LEAVE_AS_IS.has(e.code ?? '')) throw e;
  });
}

/** Creates the folder (and missing parents) for the user only, and makes an existing one so. */
export async function privateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmodIfOwn(dir, PRIVATE_DIR_MODE);
}

/** Opening without following a link, and without waiting on a FIFO (Windows has neither). */
const NO_FOLLOW_READ =
  constants.O_RDONLY |
  ((constants.O_NOFOLLOW as number | undefined) ?? 0) |
  ((constants.O_NONBLOCK as number | undefined) ?? 0);

/** Makes an existing file the user's only; a missing one is left missing. Changed through the
 *  opened file, never by a path that could be a link planted to another file of the user's (a
 *  link is left as it is). */
export async function privateFile(file: string): Promise<void> {
  const fh = await fsp.open(file, NO_FOLLOW_READ).catch((e: NodeJS.ErrnoException) => {
    if (LEAVE_AS_IS.has(e.code ?? '') || e.code === 'ELOOP' || e.code === 'ENXIO') return undefined;
    throw e;
  });
  if (!fh) return;
  try {
    if ((await fh.stat()).isFile()) {
      await fh.chmod(PRIVATE_FILE_MODE).catch((e: NodeJS.ErrnoException) => {
        if (!LEAVE_AS_IS.has(e.code ?? '')) throw e;
      });
    }
  } finally {
    await fh.close();
  }
}

/**
 * A SQLite database that only the user may read, created empty (0600) before SQLite opens it:
 * SQLite gives its -wal and -shm files the permissions of the database file. Files of an older
 * version of the app (created 0644) are tightened as well.
 */
export async function privateDatabase(file: string): Promise<void> {
  const handle = await fsp.open(file, 'a', PRIVATE_FILE_MODE);
  await handle.close();
  for (const suffix of ['', '-wal', '-shm', '-journal']) await privateFile(file + suffix);
}

/** Tightens what earlier versions of the app left in the data folder: the journal's backups and
 *  the uploads folder with its files. */
export async function tightenDataDir(dataDir: string): Promise<void> {
  const entries = await fsp.readdir(dataDir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.isFile() && /\.sqlite(-wal|-shm|-journal|\.backup-.*)?$/.test(e.name)) {
      await privateFile(path.join(dataDir, e.name));
    }
  }
  const imports = path.join(dataDir, 'imports');
  const uploads = await fsp.readdir(imports, { withFileTypes: true }).catch(() => undefined);
  if (!uploads) return;
  await chmodIfOwn(imports, PRIVATE_DIR_MODE);
  for (const u of uploads) {
    const dir = path.join(imports, u.name);
    if (!u.isDirectory()) {
      if (u.isFile()) await privateFile(dir);
      continue;
    }
    await chmodIfOwn(dir, PRIVATE_DIR_MODE);
    for (const f of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (f.isFile()) await privateFile(path.join(dir, f.name));
    }
  }
}
