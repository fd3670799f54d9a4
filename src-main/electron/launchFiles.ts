// The supplier list the system asks the app to open: double-clicked or opened with the app
// (file associations in electron-builder.yml), or named when the app is started. Windows and
// Linux hand it over on the command line, of the first launch (`process.argv`) or of a second one
// (`second-instance`, with that launch's working folder); Linux file managers may give a file://
// address (the .desktop entry's %U); macOS sends `open-file` with the path. No Electron here, so
// it is tested on its own (test/main/electron/launchFiles.test.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the app reads as a supplier list (the Import screen's file dialog offers the same). */
export const SUPPLIER_LIST_EXTENSIONS = ['xlsx', 'csv', 'txt'] as const;

type PathApi = Pick<typeof path, 'isAbsolute' | 'resolve' | 'extname'>;

/**
 * The absolute path of a supplier list that one argument names (a path, relative to
 * `workingDirectory`, or a file:// address), or undefined when it names none: a switch, the
 * app's own script, another kind of file, an address of another kind.
 */
export function supplierListPath(
  arg: string,
  workingDirectory: string,
  paths: PathApi = path,
): string | undefined {
  if (!arg || arg.length > 4096 || arg.includes('\0')) return undefined;
  let candidate = arg;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
    if (!arg.toLowerCase().startsWith('file://')) return undefined;
    try {
      candidate = fileURLToPath(arg, { windows: paths === path.win32 });
    } catch {
      return undefined;
    }
  }
  const ext = paths.extname(candidate).slice(1).toLowerCase();
  if (!(SUPPLIER_LIST_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  return paths.isAbsolute(candidate)
    ? paths.resolve(candidate)
    : paths.resolve(workingDirectory, candidate);
}

/**
 * The supplier lists a command line names, in order and once each. `argv[0]` is the program;
 * switches (`--no-sandbox`, Chromium's own that Electron adds to a second launch's argv) are
 * skipped, and everything after `--` is taken as a file. The app's own script (`electron .` or
 * `electron out/main/index.js` in development) is not a supplier list, so it drops out.
 */
export function supplierListsInArgv(
  argv: readonly string[],
  workingDirectory: string,
  paths: PathApi = path,
): string[] {
  const found: string[] = [];
  let switches = true;
  for (const arg of argv.slice(1)) {
    if (switches && arg === '--') {
      switches = false;
      continue;
    }
    if (switches && arg.startsWith('-')) continue;
    const p = supplierListPath(arg, workingDirectory, paths);
    if (p !== undefined && !found.includes(p)) found.push(p);
  }
  return found;
}
