// A supplier list the system asked the app to open (a double-click, "Open with", a second launch
// naming a file): the desktop front door hands its path over here, which grants it to be read as
// a file the user chose in the dialog is, keeps it until the page takes it (`files:takeOpened`,
// asked when the page starts and on the `files:opened` event) and tells the page. The page never
// names the file itself: it gets the one the system gave.
import type { FileGrants } from './fileGrants';

export class OpenedFiles {
  #newest: string | undefined;

  constructor(
    private readonly grants: FileGrants,
    private readonly announce: () => void,
  ) {}

  /** The system asked to open this file: the user chose it, outside the app's own dialog. */
  open(filePath: string): void {
    this.#newest = this.grants.grantRead(filePath);
    this.announce();
  }

  /** The newest file asked for since the last take, once (the Import screen shows one file). */
  take(): string | null {
    const p = this.#newest ?? null;
    this.#newest = undefined;
    return p;
  }
}
