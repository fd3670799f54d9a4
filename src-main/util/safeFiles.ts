// Files the app writes into a folder others may write to as well (a list's folder on a team
// share): another account there can plant symbolic links at names it expects the app to use, or
// swap the folder for a link while a long export runs. So a temporary file gets a name nobody can
// guess and is created new (O_CREAT|O_EXCL|O_NOFOLLOW, 0600): whatever is already at that name,
// a link included, makes the open fail instead of being followed. It is written, synced and
// chmod-ed through its own handle, never again by path; before it is renamed into place, the
// folder must still be the one it was created in and the temporary file still the one written,
// and a target that is a link is refused. A file of the app reopened later (the export's spool)
// is opened without following links and must be the very file it created (device, inode and
// owner).
import { randomBytes } from 'node:crypto';
import { constants, type WriteStream } from 'node:fs';
import { lstat, open, realpath, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { failWith } from '../../src-shared/errors';
import { PRIVATE_FILE_MODE } from './privateFiles';

/** Windows has no O_NOFOLLOW (and no links an unprivileged user can plant there). */
const NOFOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0;
/** Opening a FIFO planted at the name must fail rather than wait for a reader. */
const NONBLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;

/** Flags that create a new file and never open anything that was already there. */
export const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;

/** Which file a path named when the app made it: another file at that name is not it. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

export const sameFile = (a: FileIdentity, b: FileIdentity): boolean =>
  a.dev === b.dev && a.ino === b.ino;

/** A file the app made is this user's: a file another account put at its name, even one that
 *  got the freed inode number of the app's own, is not (Windows has no such owner). */
const ownFile = (st: { uid: number }): boolean => {
  const uid = process.getuid?.();
  return uid === undefined || st.uid === uid;
};

/** A hidden name beside `target` that nobody can guess: `.<name>.<24 hex digits>.<kind>`. The
 *  target's name is shortened so that the whole stays within a file name's 255 bytes. */
export function unguessableNameBeside(target: string, kind: string): string {
  const name = basename(target).slice(0, 120);
  return join(dirname(target), `.${name}.${randomBytes(12).toString('hex')}.${kind}`);
}

/** File systems that keep no modes (a share mounted over SMB, say) refuse chmod; the file was
 *  created 0600 as far as they allow, and the export goes on. */
const NO_MODES = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Exactly 0600 through the handle (the umask may only have taken bits away), never by path. */
async function makePrivate(fh: FileHandle): Promise<void> {
  await fh.chmod(PRIVATE_FILE_MODE).catch((e: NodeJS.ErrnoException) => {
    if (!NO_MODES.has(e.code ?? '')) throw e;
  });
}

/** Creates `file` new and private (0600) and opens it for writing. Anything already at that
 *  name, a symbolic link above all, makes it fail with EEXIST (or ELOOP): it is never followed. */
export async function createNew(file: string): Promise<FileHandle> {
  const fh = await open(file, CREATE_NEW, PRIVATE_FILE_MODE);
  try {
    await makePrivate(fh);
    return fh;
  } catch (e) {
    await fh.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw e;
  }
}

/** Opens a file the app made earlier, without following a link, if it is still that file
 *  (`identity`, and this user's); undefined when it is gone or something else is there now. */
export async function openSame(
  file: string,
  flags: 'read' | 'append' | 'update',
  identity: FileIdentity,
): Promise<FileHandle | undefined> {
  const mode = {
    read: constants.O_RDONLY,
    append: constants.O_WRONLY | constants.O_APPEND,
    update: constants.O_RDWR,
  }[flags];
  const fh = await open(file, mode | NOFOLLOW | NONBLOCK).catch(() => undefined);
  if (!fh) return undefined;
  const st = await fh.stat().catch(() => undefined);
  if (st?.isFile() && sameFile(st, identity) && ownFile(st)) return fh;
  await fh.close().catch(() => undefined);
  return undefined;
}

/** Removes a file the app made, only while that name is still that very file. */
export async function removeSame(file: string, identity: FileIdentity): Promise<void> {
  const st = await lstat(file).catch(() => undefined);
  if (st?.isFile() && sameFile(st, identity) && ownFile(st)) {
    await unlink(file).catch(() => undefined);
  }
}

/** The file being written under its temporary name. */
export interface NewFile {
  readonly handle: FileHandle;
  /** A stream into the file (for exceljs's streaming writer, a CSV writer). It leaves the file
   *  open when it finishes: syncing, the mode and closing are done through `handle`. */
  stream(): WriteStream;
}

/** Closes the file: a stream made from a FileHandle holds it open (its close would wait for
 *  ever) until the stream is destroyed, which closes the handle once pending writes are done. */
async function closeAll(handle: FileHandle, streams: readonly WriteStream[]): Promise<void> {
  for (const s of streams) {
    const closed = new Promise<void>((done) => (s.closed ? done() : s.once('close', done)));
    s.destroy();
    await closed;
  }
  await handle.close();
}

/** A symbolic link at the target is refused (export_failed, reason target_link): the rename
 *  would only replace the link, but a link there says that someone is setting a trap in this
 *  folder, and the user should know. `shown` is the path as the user named it. */
export async function refuseLink(target: string, shown = target): Promise<void> {
  if ((await lstat(target).catch(() => undefined))?.isSymbolicLink()) {
    failWith('export_failed', { reason: 'target_link', path: shown });
  }
}

function folderChanged(target: string): never {
  failWith('export_failed', {
    reason: 'folder_changed',
    folder: dirname(target),
    name: basename(target),
  });
}

/**
 * Writes `target` through `write` into a new private file beside it, then renames that into
 * place: the target is either what it was or the whole new file, made 0600 before anyone can
 * see it. Refused (export_failed, with the case in its details) when the target is a symbolic
 * link or when the folder or the temporary file was replaced while it was written; I/O errors
 * (no folder, no permission, a full disk) are thrown as they are. On any failure the temporary
 * file is removed and the target left as it was.
 */
export async function replaceSafely<T>(
  target: string,
  write: (file: NewFile) => Promise<T>,
): Promise<T> {
  const shown = resolve(target);
  // The real folder (a link the user chose to a folder is fine), then held to that one.
  const folder = await realpath(dirname(shown));
  const before = await lstat(folder);
  const final = join(folder, basename(shown));
  await refuseLink(final, shown);
  const temp = unguessableNameBeside(final, 'part');
  const handle = await createNew(temp);
  let open = true;
  const streams: WriteStream[] = [];
  // A stream's error (a full disk) fails the export at once: a streaming writer that waits for
  // the stream's end would otherwise wait forever, and an error nobody listens to ends the app.
  let streamFailed: (e: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (streamFailed = reject));
  failed.catch(() => undefined);
  try {
    const work = write({
      handle,
      stream: () => {
        const s = handle.createWriteStream({ autoClose: false });
        s.on('error', streamFailed);
        streams.push(s);
        return s;
      },
    });
    work.catch(() => undefined);
    const result = await Promise.race([work, failed]);
    await handle.sync();
    await makePrivate(handle);
    const written = await handle.stat();
    await closeAll(handle, streams);
    open = false;
    const now = await lstat(folder).catch(() => undefined);
    if (!now?.isDirectory() || !sameFile(now, before)) folderChanged(shown);
    const atTemp = await lstat(temp).catch(() => undefined);
    if (!atTemp?.isFile() || !sameFile(atTemp, written)) folderChanged(shown);
    await refuseLink(final, shown);
    await rename(temp, final);
    return result;
  } catch (e) {
    if (open) await closeAll(handle, streams).catch(() => undefined);
    // Unlinking a name never follows a link: at worst it removes what was planted there.
    await unlink(temp).catch(() => undefined);
    throw e;
  }
}
