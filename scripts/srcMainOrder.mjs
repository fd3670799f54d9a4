/**
 * What each folder inside src-main may import (docs/architecture.md, "Import order inside
 * src-main"), listed per folder in the folders' order: util ← api, journal, workbook, sandbox,
 * dedupe ← engine, base ← kinds ← services ← cli ← kinds/front ← electron, host. A folder names
 * only folders listed before it, so no two folders import each other, directly or round about;
 * and a folder may leave out one before it: the engine and the kinds never import the sandbox
 * (the API's stand-in), the front doors only what they use.
 *
 * `kinds/front` is a layer of its own inside the kinds' folder: a kind's parts on the front doors
 * (`kinds/<kind>/front/`: its own commands, the making of its jobs, its command line) and
 * `kinds/fronts.ts`, which registers them. They use the services and the command line's parts;
 * the services and the command line reach them only through the registry
 * (`services/kindFronts.ts`), and only the roots (the services processes, the command line's
 * entry `src-main/onboard.ts`) load them.
 */
export const SRC_MAIN_ALLOWED = {
  util: [],
  api: ['util'],
  journal: ['util'],
  workbook: ['util'],
  sandbox: ['util'],
  dedupe: ['util'],
  engine: ['util', 'api', 'journal', 'workbook', 'dedupe'],
  base: ['util', 'api', 'journal', 'workbook', 'dedupe'],
  kinds: ['util', 'api', 'journal', 'workbook', 'dedupe', 'engine', 'base'],
  services: ['util', 'api', 'journal', 'workbook', 'sandbox', 'dedupe', 'engine', 'base', 'kinds'],
  cli: ['util', 'api', 'journal', 'workbook', 'dedupe', 'engine', 'base', 'kinds', 'services'],
  'kinds/front': [
    'util',
    'api',
    'journal',
    'workbook',
    'dedupe',
    'engine',
    'base',
    'kinds',
    'services',
    'cli',
  ],
  electron: ['services', 'kinds/front'],
  host: ['util', 'api', 'services', 'kinds/front'],
};

/**
 * The folder of the order a path inside src-main is in (its parts, from src-main): the first
 * part, except a kind's front-door parts (`kinds/<kind>/front/…`, `kinds/fronts.ts`), which are
 * `kinds/front`. Undefined for a file at the top of src-main (a root: `onboard.ts`).
 */
export function orderFolder(parts) {
  if (parts.length === 0) return undefined;
  if (parts[0] === 'kinds' && (parts[2] === 'front' || /^fronts(\.ts)?$/.test(parts[1] ?? '')))
    return 'kinds/front';
  return parts[0];
}

/**
 * The three Electron processes, each with rules of its own (paths from the repository's root without their ending,
 * or a package's name). `may`: the only imports allowed; `mayNot`: imports refused.
 */
export const ELECTRON_PROCESSES = {
  // The sandboxed preload, bundled to one file: Electron's bridge, the contract, its channels.
  'src-main/electron/preload': {
    may: ['electron', 'src-shared/contract', 'src-main/electron/ipcChannels'],
  },
  // The desktop main process: the window and what only a desktop does; never the journal,
  // workbooks, the engine, the kinds, the sandbox or a native module (the services process's).
  'src-main/electron/main': {
    mayNot: [
      'better-sqlite3',
      '@napi-rs/keyring',
      'exceljs',
      'src-main/journal',
      'src-main/workbook',
      'src-main/engine',
      'src-main/kinds',
      'src-main/sandbox',
      'src-main/base',
      'src-main/api',
      'src-main/dedupe',
      'src-main/services/router',
      'src-main/services/appServices',
    ],
  },
  // The services process (Electron's utilityProcess): every service, no Electron API.
  'src-main/electron/servicesMain': { mayNot: ['electron'] },
};

/** Whether src-main/`from` may import from src-main/`to`. */
export function mayImport(from, to) {
  return from === to || (SRC_MAIN_ALLOWED[from] ?? []).includes(to);
}

/** Whether an Electron process's file may import `target` (a path from the repository's root
 *  without its ending, or a package's name); true for any other file. */
export function processMayImport(file, target) {
  const rules = ELECTRON_PROCESSES[file];
  if (!rules) return true;
  const under = (prefix) => target === prefix || target.startsWith(`${prefix}/`);
  if (rules.may) return rules.may.some(under);
  return !rules.mayNot.some(under);
}
