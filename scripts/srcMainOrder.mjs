/**
 * The order of the folders inside src-main (docs/architecture.md, "Import order inside
 * src-main"): a folder imports only from folders of a lower rank, so no two folders import each
 * other, directly or round about. util ← api, journal, workbook, sandbox, dedupe ← engine, base ← kinds ←
 * services ← cli, electron, host.
 */
export const SRC_MAIN_RANKS = {
  util: 0,
  api: 1,
  journal: 1,
  workbook: 1,
  sandbox: 1,
  engine: 2,
  base: 2,
  dedupe: 1,
  kinds: 3,
  services: 4,
  cli: 5,
  electron: 5,
  host: 5,
};
