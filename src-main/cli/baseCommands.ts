// `npm run onboard -- --export-suppliers FILE.xlsx` and `--drift FILE [--out REPORT.xlsx]`: the
// supplier base on the command line. The connection: --base-url or --connection, else the active
// one (the one new jobs use, as the app keeps it), else the built-in sandbox; every result names
// it. Same exit codes and a key=value summary as the last line.
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { AppFailure, toAppError } from '../../src-shared/errors';
import { word } from '../../src-shared/i18n';
import type { BaseExportProgress } from '../base/exportSuppliers';
import { createAppServices, PRACTICE_SANDBOX, type AppServices } from '../services/appServices';
import { defaultDataDir, journalPathFor } from '../services/paths';
import { SupplierBaseService } from '../services/supplierBase';
import { EXIT } from './args';
import { cliNetwork, connectionAt, namedConnection, tokenStore } from './connection';
import { readMappingFile } from './mappingFile';
import { CliFailure, cliWords, UsageError } from './words';
import { formatDuration } from './progressView';

export const BASE_HELP = `Usage: npm run onboard -- --export-suppliers FILE.xlsx [options]
       npm run onboard -- --drift LIST [--out REPORT.xlsx] [options]
       npm run onboard -- --audit-duplicates FILE.xlsx [options]

--export-suppliers writes every active supplier of the platform (platform ID, name, address,
city, postal code, country and supplier IDs) to FILE.xlsx, reading the list at the API's read
limit. Stopped (Ctrl-C, a lost connection), it continues from its last page when run again with
the same FILE.

--drift compares each row of a supplier list (.xlsx, .csv, .txt, mapped as an import maps it)
with the supplier of the same supplier ID on the platform and writes a report (default: LIST's
name + .drift.xlsx): which of name, address, city, postal code and country differ, and the rows
not found or ambiguous.

--audit-duplicates reads every active supplier of the platform and writes the likely duplicates
among them to FILE.xlsx: one row per supplier in a group, with "Likely duplicate of" (platform N;
platform M), why, and a decision (the first of each group kept), and a sheet "To deactivate" that
the deactivation job takes: npm run onboard -- FILE.xlsx --sheet "To deactivate" --operation
deactivate.

Options:
  --sheet NAME, --mapping FILE   the list's sheet and mapping file (default: suggested)
  --out FILE                     the drift report (.xlsx)
  --skip-postal-codes            drift: do not read postal codes (one read per matched row)
  --page-size N                  suppliers asked per read (default 2000)
  --base-url URL, --connection NAME, --token-env VAR, --journal FILE, --data-dir DIR
                                 (neither --base-url nor --connection: the active connection,
                                 the one new jobs use; the built-in sandbox when there is none)
  --json                         progress as JSON lines
  --help                         this text

Exit codes: 0 done (drift: no row differs or is missing), 1 drift found differences or rows not
found, 2 usage or file error, 3 authentication or permission error, 4 interrupted (run again to
continue). The last line is a summary: suppliers= pages= reads= read_rate= ... (read_rate: reads
per minute as a share of the read ceiling).
`;

/** Whether the arguments ask for a supplier-base command (handled here, not by the import). */
export function isBaseCommand(argv: readonly string[]): boolean {
  return argv.some(
    (a) =>
      a === '--export-suppliers' ||
      a === '--drift' ||
      a === '--audit-duplicates' ||
      a.startsWith('--audit-duplicates=') ||
      a.startsWith('--export-suppliers=') ||
      a.startsWith('--drift='),
  );
}

/** The options of the supplier-base commands; their --help names each of them
 *  (test/main/cli/help.test.ts). */
export const BASE_OPTIONS = {
  'export-suppliers': { type: 'string' },
  drift: { type: 'string' },
  'audit-duplicates': { type: 'string' },
  out: { type: 'string' },
  sheet: { type: 'string' },
  mapping: { type: 'string' },
  'skip-postal-codes': { type: 'boolean', default: false },
  'page-size': { type: 'string' },
  'base-url': { type: 'string' },
  connection: { type: 'string' },
  'token-env': { type: 'string' },
  journal: { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const satisfies ParseArgsOptionsConfig;

function parse(argv: string[]) {
  // --help wherever it is, even right after --export-suppliers or --drift (which take a value).
  if (argv.includes('--help')) return 'help' as const;
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: BASE_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError('cli.usage.badOption', {
      detail: e instanceof Error ? e.message : String(e),
    });
  }
  const exportTo = values['export-suppliers'];
  const drift = values.drift;
  const audit = values['audit-duplicates'];
  if (values.help) return 'help' as const;
  if ([exportTo, drift, audit].filter((v) => v !== undefined).length > 1)
    throw new UsageError('cli.base.exportAndDrift');
  if (audit !== undefined && !/\.xlsx$/i.test(audit)) throw new UsageError('cli.base.auditXlsx');
  if (exportTo !== undefined && !/\.xlsx$/i.test(exportTo))
    throw new UsageError('cli.base.exportXlsx');
  if (drift !== undefined && !/\.(xlsx|csv|txt)$/i.test(drift))
    throw new UsageError('cli.base.driftFile');
  if (values.out !== undefined && (exportTo !== undefined || !/\.xlsx$/i.test(values.out)))
    throw new UsageError(exportTo !== undefined ? 'cli.base.outWithExport' : 'cli.base.outXlsx');
  if (values['base-url'] && values.connection)
    throw new UsageError('cli.usage.baseUrlAndConnection');
  let pageSize: number | undefined;
  if (values['page-size'] !== undefined) {
    pageSize = Number(values['page-size']);
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new UsageError('cli.base.pageSize');
  }
  return {
    ...values,
    exportTo,
    drift,
    audit,
    pageSize,
    dataDir: path.resolve(values['data-dir'] ?? defaultDataDir()),
  };
}

const rate = (perMinute: number | null, ceiling: number) =>
  perMinute === null ? 'n/a' : (perMinute / ceiling).toFixed(3);

export async function baseMain(argv: string[]): Promise<number> {
  const w = cliWords();
  let args: Exclude<ReturnType<typeof parse>, 'help'>;
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      process.stdout.write(BASE_HELP);
      return EXIT.ok;
    }
    args = parsed;
  } catch (e) {
    const text = e instanceof CliFailure ? w.t(e.key, e.params) : String(e);
    console.error(`${text}\n${w.t('cli.base.seeHelp')}`);
    return EXIT.usage;
  }
  const json = args.json ?? false;
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    json
      ? process.stdout.write(`${JSON.stringify({ type: 'log', message, ...fields })}\n`)
      : process.stdout.write(`${message}\n`);
  const stop = new AbortController();
  let stops = 0;
  const onSignal = () => {
    if (++stops > 1) process.exit(EXIT.interrupted);
    log(w.t('cli.base.stopping'));
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let services: AppServices | undefined;
  let lastShown = 0;
  const showProgress = (p: BaseExportProgress) => {
    const now = Date.now();
    if (now - lastShown < 1000 && p.pagesDone !== p.totalPages) return;
    lastShown = now;
    if (json) process.stdout.write(`${JSON.stringify({ type: 'progress', ...p })}\n`);
    else
      log(
        w.t('cli.base.progress', {
          pages: p.pagesDone,
          totalPages: p.totalPages ?? '?',
          suppliers: p.suppliers,
          total: p.totalElements ?? '?',
          rate: p.readsPerMinute === null ? '–' : Math.round(p.readsPerMinute),
          left: formatDuration(p.etaMs),
        }),
      );
  };
  try {
    const { tokenFromEnv, secrets } = tokenStore(args['token-env']);
    // Without a choice: the active connection, or the sandbox when there is none.
    const useSandbox = !args['base-url'] && !args.connection;
    services = createAppServices({
      dataDir: args.dataDir,
      journalPath: args.journal ? path.resolve(args.journal) : journalPathFor(args.dataDir),
      transport: 'direct',
      secrets,
      network: cliNetwork(w.lang),
      sandbox: useSandbox ? PRACTICE_SANDBOX : false,
    });
    const core = await services.ready();
    const { journal, onboarding } = core;
    let connectionId: string;
    if (args.connection) {
      connectionId = namedConnection(journal, args.connection, w.t('cli.connection.none')).id;
    } else if (args['base-url']) {
      connectionId = await connectionAt(journal, onboarding, args['base-url']);
    } else {
      connectionId = onboarding.defaultConnectionId() ?? core.sandboxConnectionId!;
      const active = journal.getConnection(connectionId);
      log(
        connectionId === core.sandboxConnectionId || !active
          ? w.t('cli.connection.sandbox', { url: core.sandbox!.url })
          : w.t('cli.connection.active', { name: active.name, url: active.baseUrl }),
      );
    }
    const chosen = journal.getConnection(connectionId);
    const connection =
      !chosen || chosen.isSandbox ? word(w.lang, 'connection.practiceName') : chosen.name;
    if (tokenFromEnv && connectionId !== core.sandboxConnectionId)
      await secrets.set(connectionId, tokenFromEnv);
    const base = new SupplierBaseService(core);
    const common = { connectionId, signal: stop.signal };

    if (args.exportTo !== undefined) {
      const out = path.resolve(args.exportTo);
      const before = base.checkpoint(out);
      if (before)
        log(
          w.t('cli.base.continuing', {
            file: path.basename(out),
            pages: before.pages,
            suppliers: before.suppliers,
          }),
        );
      const r = await base.export({
        ...common,
        out,
        ...(args.pageSize !== undefined ? { pageSize: args.pageSize } : {}),
        onProgress: showProgress,
      });
      if (r.complete)
        log(
          w.t(r.listChanged ? 'cli.base.exportedChanged' : 'cli.base.exported', {
            suppliers: r.suppliers,
            out,
            connection,
          }),
        );
      else log(w.t('cli.base.stoppedExport', { pages: r.pages, connection }));
      log(
        `suppliers=${r.suppliers} pages=${r.pages} reads=${r.reads} rereads=${r.rereads} duplicates=${r.duplicates} page_size=${r.pageSize} read_rate=${rate(r.readsPerMinute, r.readCeilingPerMinute)} seconds=${(r.elapsedMs / 1000).toFixed(1)} complete=${r.complete}`,
      );
      return r.complete ? EXIT.ok : EXIT.interrupted;
    }

    if (args.audit !== undefined) {
      const r = await base.audit({
        ...common,
        out: path.resolve(args.audit),
        ...(args.pageSize !== undefined ? { pageSize: args.pageSize } : {}),
        lang: w.lang,
        onProgress: showProgress,
      });
      if (!r.complete) {
        log(w.t('cli.base.stoppedExport', { pages: r.base.pages }));
        return EXIT.interrupted;
      }
      log(
        w.t('cli.base.audited', {
          suppliers: r.suppliers,
          groups: r.groups,
          inGroups: r.inGroups,
          toDeactivate: r.toDeactivate,
          out: r.path,
        }),
      );
      log(
        `suppliers=${r.suppliers} groups=${r.groups} in_groups=${r.inGroups} to_deactivate=${r.toDeactivate} pairs=${r.pairsCompared} pages=${r.base.pages} read_rate=${rate(r.base.readsPerMinute, r.readCeilingPerMinute)}`,
      );
      return EXIT.ok;
    }

    const mapping = args.mapping
      ? await readMappingFile(
          path.resolve(args.mapping),
          await headersOf(core, args.drift!, args.sheet),
        )
      : undefined;
    const r = await base.drift({
      ...common,
      file: args.drift!,
      ...(args.sheet ? { sheet: args.sheet } : {}),
      ...(mapping ? { mapping } : {}),
      ...(args.out ? { out: args.out } : {}),
      postalCodes: !args['skip-postal-codes'],
      onProgress: (p) => {
        if (p.phase === 'base') showProgress(p);
        else if (json) process.stdout.write(`${JSON.stringify({ type: 'progress', ...p })}\n`);
      },
    });
    if (!r.complete) {
      log(w.t('cli.base.stoppedDrift', { connection }));
      log(`rows=0 suppliers=${r.base.suppliers} pages=${r.base.pages} complete=false`);
      return EXIT.interrupted;
    }
    log(w.t('cli.base.wroteDrift', { path: r.path, connection }));
    const s = r.byStatus;
    log(
      `rows=${r.rows} same=${s.same} differs=${s.differs} not_found=${s.not_found} ambiguous=${s.ambiguous} no_identifier=${s.no_identifier} suppliers=${r.base.suppliers} pages=${r.base.pages} detail_reads=${r.detailReads} read_rate=${rate(r.base.readsPerMinute, r.readCeilingPerMinute)}`,
    );
    return s.differs + s.not_found + s.ambiguous + s.no_identifier > 0 ? EXIT.rowsFailed : EXIT.ok;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(w.t(e.key, e.params));
      return EXIT.usage;
    }
    const err = e instanceof AppFailure ? e.error : toAppError(e);
    console.error(e instanceof CliFailure ? w.t(e.key, e.params) : w.failure(err));
    return err.code === 'api_access_denied' || err.code === 'api_no_token'
      ? EXIT.auth
      : err.code.startsWith('api_')
        ? EXIT.interrupted
        : EXIT.usage;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await services?.close();
  }
}

async function headersOf(
  core: Awaited<ReturnType<AppServices['ready']>>,
  file: string,
  sheet: string | undefined,
) {
  const p = await core.onboarding.preview({
    path: path.resolve(file),
    ...(sheet ? { sheet } : {}),
    limit: 1,
  });
  return p.columns.map((c) => c.header);
}
