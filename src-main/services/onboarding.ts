// The onboarding service: what every front door does with a supplier list. Files in (inspect,
// preview, mapping), jobs in the journal (import, options, fixes), the sync engine (check, run,
// pause, cancel, retry), and results out. The CLI calls it directly; the desktop app and the
// browser host call it through the command contract.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  ConnectionTest,
  ConnectionView,
  JobOptionsView,
  JobPlanView,
  JobView,
  Limits,
  CommandOutput,
  MappingPreview,
  PreviewView,
  RowView,
} from '../../src-shared/contract';
import { fail, toAppError } from '../../src-shared/errors';
import { DEFAULT_SEPARATORS } from '../../src-shared/fieldTransforms';
import type { CreateFieldNames } from '../../src-shared/fieldNames';
import {
  endedNeedingUser,
  isAttentionOutcome,
  outcomeText as outcomeSentence,
  rowGroup,
} from '../../src-shared/outcomes';
import { identityKey, PAYLOAD_FIELDS } from '../../src-shared/supplier';
import { checkBaseUrl, type SecretStore } from '../api';
import { DEFAULT_WINDOWS } from '../api/limiter';
import type { SyncEngine } from '../engine/syncEngine';
import type { RunExit, RunOptions } from '../engine/jobRunner';
import type { FixBatch, ValueTarget } from '../journal/fixBatches';
import type {
  Connection,
  DoneOutcomeFilter,
  Journal,
  JournalRow,
  NewRow,
  UserFix,
} from '../journal/journal';
import {
  PROBLEM_STATES,
  ROW_STATE_GROUP,
  WRITE_INTENT_STATES,
  type RowState,
} from '../journal/rowStates';
import {
  isResultHeader,
  applyMapping,
  CELL_PROBLEM_CODES,
  changeNote,
  changesText,
  columnLetter,
  createTemplate,
  EXCEL_MAX_COLUMNS,
  exportResults,
  RESULT_COLUMNS,
  SUPPLIER_OUTCOME,
  RetrySelector,
  shownRow,
  SOURCE_ROW_HEADER,
  headerSignature,
  importRows,
  inspectFile,
  mappingFromTemplate,
  previewTable,
  suggestMapping,
  validateRows,
  type ExportFormat,
  type ExportSummary,
  type Mapping,
  type MappingTemplate,
  type ResultRow,
  type ValidatedRow,
  type ValidationSummary,
} from '../workbook';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { testConnection } from './connectionTest';
import { leaveOutHeldRows, planJob, recordConfirmedPlan } from './plan';
import { assertResultsFileFits, sourceJobOf, type ResultsFileWording } from './resultsFile';

type TemplateView = CommandOutput<'templates:list'>[number];

export const SANDBOX_CONNECTION_NAME = 'Built-in sandbox (practice)';
export const SANDBOX_TOKEN = 'sandbox';

const IMPORT_INCOMPLETE = {
  code: 'import_incomplete',
  message:
    'The file is still being read into this job, or its import was interrupted. Resume the job to read the rest of the file first.',
};

/** The journal setting with the connection new jobs use (one that passed its test). */
const DEFAULT_CONNECTION_SETTING = 'connections:default';
/** The journal setting with the archived jobs: job id → when it was archived. */
const ARCHIVED_JOBS_SETTING = 'jobs:archived';

/** Rows whose last write may be known to one API user only: in doubt, or accepted and followed
 *  through that user's pending list and status reads. Only their own connection can confirm
 *  them without sending anything twice. */
const UNCONFIRMED_STATES: readonly RowState[] = [
  ...WRITE_INTENT_STATES,
  'in_doubt',
  'accepted',
  'pending',
  'screening_in_doubt',
  'screening_requested',
  'validation_in_doubt',
  'validation_requested',
];

/** Rows a job may hold when it moves to another API: nothing of them was sent, and the check's
 *  answers are asked again there. */
const BEFORE_SENDING: readonly RowState[] = [
  'draft',
  'invalid',
  'valid',
  'new',
  'exists',
  'ambiguous',
  'queued',
  'skipped',
  'cancelled',
];

/** Markers the engine keeps in `errorCode` while it waits; not errors for the user. */
const INTERNAL_MARKS = new Set(['creation_missing', 'status_not_visible']);

export interface OnboardingOptions {
  journal: Journal;
  engine: SyncEngine;
  secrets: SecretStore;
  dataDir: string;
  clock?: Clock;
  /** Called when a job changes state or is created (for the UI's job list). */
  onJobChanged?: (jobId: string) => void;
  /** Rows read while importing. */
  onImportProgress?: (p: { path: string; rowsRead: number; done: boolean }) => void;
  /** Rows per sheet of an exported workbook (Excel's limit unless a test lowers it). */
  maxRowsPerSheet?: number;
}

/** Fields whose columns an export writes as text, so that Excel keeps their leading zeros. */
const TEXT_FIELDS = new Set([
  'supplierId.id',
  'supplierId.source',
  'postalCode',
  'customerId',
  'ownId',
]);

/** What a front door tells the user to do when its export could not be written. */
export interface ExportWording {
  exportAgain(jobId: string, format: ExportFormat): string;
}

export const APP_EXPORT_WORDING: ExportWording = {
  exportAgain: () =>
    'The results are kept in the journal: export them again from the Results screen, to another folder or as CSV.',
};

export interface RetryFromResults {
  jobId: string | null;
  retry: number;
  stillInvalid: number;
  alreadyDone: number;
  unmatched: number;
  unchanged: number;
  doneButChanged: number;
  conflicts: number;
  /** The job's row numbers (up to 20) of the rows changed differently on two sheets. */
  conflictRows: number[];
  /** The job's row numbers (up to 20) of done rows whose values were changed. */
  doneButChangedRows: number[];
}

export interface CreateJobInput {
  path: string;
  sheet?: string | undefined;
  headerRow?: number | undefined;
  name?: string | undefined;
  connectionId: string;
  mapping: Mapping;
  options: JobOptionsView;
  /** The results will be written as CSV only (the command line's --out FILE.csv): a table too
   *  wide for an Excel sheet is then accepted. */
  resultsAs?: 'csv' | 'xlsx';
}

export class Onboarding {
  private readonly o: OnboardingOptions;
  private readonly clock: Clock;
  private readonly background = new Map<string, Promise<RunExit>>();
  /** Outcomes of a job's finished rows, kept while its count of finished rows stays (a `done`
   *  row never changes again). */
  private readonly outcomeCache = new Map<string, { done: number; value: JobView['outcomes'] }>();

  constructor(options: OnboardingOptions) {
    this.o = options;
    this.clock = options.clock ?? systemClock;
  }

  get journal(): Journal {
    return this.o.journal;
  }

  // ---- connections -------------------------------------------------------------------------

  async connectionView(c: Connection): Promise<ConnectionView> {
    const token = await this.o.secrets.get(c.id).catch(() => undefined);
    return {
      id: c.id,
      name: c.name,
      baseUrl: c.baseUrl,
      isSandbox: c.isSandbox,
      hasToken: Boolean(token),
      limits: c.limits,
      fieldNames: c.fieldNames,
      isDefault: c.id === this.defaultConnectionId(),
    };
  }

  /** The connection new jobs use: the last one that passed its test when made the default,
   *  else the practice sandbox; null when there is neither. */
  defaultConnectionId(): string | null {
    const { journal } = this.o;
    const stored = journal.getSetting(DEFAULT_CONNECTION_SETTING);
    if (typeof stored === 'string' && journal.getConnection(stored)) return stored;
    return journal.listConnections().find((c) => c.isSandbox)?.id ?? null;
  }

  /** Tests the connection and, only when it passes, makes it the one new jobs use. */
  async useConnection(
    id: string,
  ): Promise<{ used: boolean; test: ConnectionTest; defaultId: string | null }> {
    const test = await this.testConnection(id);
    if (test.ok) this.o.journal.setSetting(DEFAULT_CONNECTION_SETTING, id);
    return { used: test.ok, test, defaultId: this.defaultConnectionId() };
  }

  async listConnections(): Promise<ConnectionView[]> {
    return Promise.all(this.o.journal.listConnections().map((c) => this.connectionView(c)));
  }

  /** The built-in sandbox's connection, pointed at the sandbox running now. Its well-known
   *  token is answered by the app's secret store, never kept in the keychain. */
  async ensureSandboxConnection(url: string, limits?: Limits): Promise<Connection> {
    const { journal } = this.o;
    const existing = journal.listConnections().find((c) => c.isSandbox);
    let conn: Connection;
    if (existing) {
      conn =
        existing.baseUrl === url && (!limits || sameLimits(existing.limits, limits))
          ? existing
          : journal.updateConnection(existing.id, { baseUrl: url, ...(limits ? { limits } : {}) });
      if (conn !== existing) this.o.engine.resetConnection(conn.id);
    } else {
      conn = journal.createConnection({
        name: SANDBOX_CONNECTION_NAME,
        baseUrl: url,
        limits: limits ?? DEFAULT_WINDOWS,
        isSandbox: true,
      });
    }
    return conn;
  }

  async saveConnection(input: {
    id?: string | undefined;
    name: string;
    baseUrl: string;
    token?: string | undefined;
    limits?: Limits | undefined;
    fieldNames?: CreateFieldNames | undefined;
  }): Promise<ConnectionView> {
    const { journal, secrets, engine } = this.o;
    const url = checkBaseUrl(input.baseUrl);
    if (!url.ok) fail(url.error.code as 'api_insecure_url', url.error.message);
    let conn: Connection;
    if (input.id) {
      const before =
        journal.getConnection(input.id) ??
        fail('not_found', 'This connection no longer exists. Refresh the list.');
      // A token is bound to the address it was entered for (services/appSecrets.ts).
      if (before.baseUrl !== url.value && !input.token?.trim() && !before.isSandbox) {
        fail(
          'api_no_token',
          `The address changed from ${before.baseUrl} to ${url.value}. Enter the token for the new address as well: the app sends a token only to the address it was entered for.`,
        );
      }
      conn = journal.updateConnection(before.id, {
        name: input.name,
        baseUrl: url.value,
        ...(input.limits ? { limits: input.limits } : {}),
        ...(input.fieldNames ? { fieldNames: input.fieldNames } : {}),
      });
    } else {
      conn = journal.createConnection({
        name: input.name,
        baseUrl: url.value,
        limits: input.limits ?? DEFAULT_WINDOWS,
        ...(input.fieldNames ? { fieldNames: input.fieldNames } : {}),
      });
    }
    // The keychain's own failure says what to do (unlock it, or start its service).
    if (input.token !== undefined) await secrets.set(conn.id, input.token.trim());
    engine.resetConnection(conn.id);
    return this.connectionView(conn);
  }

  async deleteConnection(id: string): Promise<boolean> {
    const { journal } = this.o;
    const conn = journal.getConnection(id);
    if (!conn) return false;
    if (conn.isSandbox) fail('invalid_input', 'The built-in sandbox cannot be removed.');
    if (journal.listJobs().some((j) => j.connectionId === id)) {
      fail(
        'invalid_input',
        'Jobs still use this connection. Remove or finish them first, or edit the connection instead.',
      );
    }
    await this.o.secrets.delete(id).catch(() => false);
    this.o.engine.resetConnection(id);
    if (journal.getSetting(DEFAULT_CONNECTION_SETTING) === id)
      journal.deleteSetting(DEFAULT_CONNECTION_SETTING);
    return journal.deleteConnection(id);
  }

  async testConnection(id: string): Promise<ConnectionTest> {
    const conn =
      this.o.journal.getConnection(id) ?? fail('not_found', 'This connection no longer exists.');
    return testConnection(this.o.engine.runtime(conn.id).client);
  }

  // ---- files and mapping -------------------------------------------------------------------

  async preview(input: {
    path: string;
    sheet?: string | undefined;
    headerRow?: number | undefined;
    limit?: number;
  }): Promise<PreviewView> {
    const file = await inspectFile(input.path);
    const table = await previewTable(input.path, {
      ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
      ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
      limit: input.limit ?? 50,
    });
    const headers = table.columns.map((c) => c.header);
    const suggestion = suggestMapping(
      headers,
      table.rows.slice(0, 20).map((r) => r.cells),
      this.templatesFor(headers),
    );
    return {
      file: { ...file, ...(file.text ? { text: file.text } : {}) },
      sheet: table.sheet,
      headerRow: table.headerRow,
      columns: table.columns,
      rows: table.rows,
      notes: table.notes,
      truncated: table.truncated,
      suggestion,
    };
  }

  async mappingPreview(input: {
    path: string;
    sheet?: string | undefined;
    headerRow?: number | undefined;
    mapping: Mapping;
    limit?: number;
  }): Promise<MappingPreview> {
    const table = await previewTable(input.path, {
      ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
      ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
      limit: input.limit ?? 50,
    });
    const { rows, summary } = validateRows(table.rows, input.mapping, table.columns);
    const samples = table.rows.slice(0, 5);
    const validatedSamples = rows.slice(0, 5);
    const byField = new Map(input.mapping.fields.map((f) => [f.field, f]));
    const fields = PAYLOAD_FIELDS.map(({ key }) => {
      const f = byField.get(key);
      const before = samples.map((r) => {
        if (!f) return '';
        const cell = f.column === null ? '' : (r.cells[f.column] ?? '');
        return cell === '' && f.constant !== undefined ? f.constant : cell;
      });
      const after = validatedSamples.map((v) => {
        // Customer and own ids are not in the payload: they are attached after creation.
        if (key === 'customerId' || key === 'ownId') return v.extraIds[key] ?? '';
        return textAt(v.payload ?? v.draft, key);
      });
      return { field: key, before, after };
    });
    const required = PAYLOAD_FIELDS.filter((f) => f.required).map((f) => f.key);
    const missingRequired = required.filter((k) => {
      const f = byField.get(k);
      return !f || (f.column === null && !f.constant);
    });
    return {
      fields,
      missingRequired,
      problems: rows.flatMap((r) => r.problems).slice(0, 200),
      summary: { ...summary, byCode: summary.byCode as Record<string, number> },
    };
  }

  templatesFor(headers: readonly string[]): MappingTemplate[] {
    return this.o.journal
      .templatesFor(headerSignature(headers))
      .map((t) => t.mapping as unknown as MappingTemplate)
      .reverse();
  }

  /** Every saved template, newest first; with the file's headers, each mapped onto them. */
  listTemplates(headers?: readonly string[]): TemplateView[] {
    const signature = headers ? headerSignature(headers) : null;
    return this.o.journal
      .listTemplates()
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((t) => {
        const template = t.mapping as unknown as MappingTemplate;
        const base = {
          name: t.name,
          headers: template.headers ?? [],
          updatedAt: t.updatedAt,
          sameColumns: signature !== null && t.headerSignature === signature,
        };
        if (!headers) return { ...base, mapping: null, missingColumns: [] };
        const mapping = mappingFromTemplate(template, headers);
        const missingColumns = template.fields
          .filter((f, i) => f.header !== null && mapping.fields[i]?.column === null)
          .map((f) => f.header as string);
        return { ...base, mapping, missingColumns };
      });
  }

  deleteTemplate(name: string): boolean {
    return this.o.journal.deleteTemplate(name);
  }

  saveTemplate(name: string, headers: readonly string[], mapping: Mapping): void {
    const template = createTemplate(name, headers, mapping);
    this.o.journal.saveTemplate({
      name,
      headerSignature: template.signature,
      mapping: template as unknown as Record<string, unknown>,
    });
  }

  // ---- jobs --------------------------------------------------------------------------------

  /** Imports the whole file into a new job, streaming, in batches of journal rows. */
  async createJob(input: CreateJobInput): Promise<{
    jobId: string;
    summary: ValidationSummary;
    notes: Array<{ row: number | null; kind: string; message: string }>;
  }> {
    const { journal } = this.o;
    const conn =
      journal.getConnection(input.connectionId) ??
      fail('not_found', 'The chosen connection no longer exists. Pick another one.');
    const file = await inspectFile(input.path);
    const imported = await importRows(input.path, {
      ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
      ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
      expectedHash: file.hash,
      mapping: input.mapping,
    });
    // Results that cannot be written to Excel are said before anything is sent, not after.
    const width = imported.columns.length + RESULT_COLUMNS.length;
    if (width > EXCEL_MAX_COLUMNS && input.resultsAs !== 'csv') {
      await imported.close();
      const count = new Intl.NumberFormat('en-US');
      const used = input.mapping.fields.filter((f) => f.column !== null).length;
      fail(
        'results_too_wide',
        `"${path.basename(input.path)}" has ${count.format(imported.columns.length)} columns; with the ${RESULT_COLUMNS.length} result columns its results would need ${count.format(width)}, more than the ${count.format(EXCEL_MAX_COLUMNS)} columns an Excel sheet holds. Nothing was sent. Delete the columns the job does not need (it reads ${used} of them), save the file and import it again; or, on the command line, import it with --out FILE.csv to get the results as a CSV file, which has no such limit.`,
        { path: input.path, columns: imported.columns.length },
      );
    }
    const job = journal.createJob({
      name:
        input.name?.trim() ||
        `${path.basename(input.path)}${imported.sheet && file.kind === 'xlsx' ? ` · ${imported.sheet}` : ''}`,
      connectionId: conn.id,
      sourcePath: path.resolve(input.path),
      sourceHash: file.hash,
      sourceSheet: file.kind === 'xlsx' ? imported.sheet : null,
      headerRow: imported.headerRow,
      headers: imported.columns.map((c) => c.header),
      mapping: input.mapping as unknown as Record<string, unknown>,
      options: input.options,
    });
    // Until the last row is journaled, the job says so: a job whose import was cut short (a crash,
    // a kill) must never run with rows missing; resuming it reads the rest of the file first.
    journal.setJobState(job.id, 'needs_attention', IMPORT_INCOMPLETE);
    const { rowNotes } = await this.readRowsInto(job.id, input.path, imported, 0);
    journal.setJobState(job.id, 'ready');
    this.o.onJobChanged?.(job.id);
    // Changes the app made to values on the user's behalf (restored postal codes, ...) are said
    // once per kind, with the first example, beside the table's own notes.
    const notes: Array<{ row: number | null; kind: string; message: string }> = [...imported.notes];
    for (const [kind, { count, first }] of rowNotes) {
      notes.push({
        row: null,
        kind,
        message: count === 1 ? first : `${first} (and ${count - 1} more rows like it)`,
      });
    }
    return { jobId: job.id, summary: imported.summary(), notes };
  }

  /** Streams validated rows into the job in batches, from after `afterSourceRow`. */
  private async readRowsInto(
    jobId: string,
    filePath: string,
    imported: Awaited<ReturnType<typeof importRows>>,
    afterSourceRow: number,
  ): Promise<{ read: number; rowNotes: Map<string, { count: number; first: string }> }> {
    const { journal } = this.o;
    let batch: NewRow[] = [];
    let read = 0;
    const rowNotes = new Map<string, { count: number; first: string }>();
    const flush = () => {
      if (batch.length) journal.addRows(jobId, batch);
      batch = [];
      this.o.onImportProgress?.({ path: filePath, rowsRead: read, done: false });
    };
    try {
      for await (const row of imported.rows) {
        read++;
        if (row.sourceRow <= afterSourceRow) continue;
        for (const note of row.notes) {
          const kind = `${note.field}_${note.kind}`;
          const seen = rowNotes.get(kind);
          if (seen) seen.count++;
          else rowNotes.set(kind, { count: 1, first: note.message });
        }
        batch.push(toNewRow(row));
        if (batch.length >= 2_000) {
          flush();
          // Let the event loop serve the UI between batches.
          await new Promise((r) => setImmediate(r));
        }
      }
      flush();
    } catch (e) {
      await imported.close().catch(() => undefined);
      journal.setJobState(jobId, 'needs_attention', {
        code: IMPORT_INCOMPLETE.code,
        message: `The import stopped after ${read} rows: ${(e as { message?: string }).message ?? String(e)} Fix the file (or close it in Excel), then resume the job to read the rest.`,
      });
      throw e;
    }
    this.o.onImportProgress?.({ path: filePath, rowsRead: read, done: true });
    return { read, rowNotes };
  }

  /** A job whose import was cut short reads the rest of its file (unchanged since: the hash is
   *  checked) before anything else happens to it. */
  async finishImport(jobId: string): Promise<void> {
    const { journal } = this.o;
    const job = journal.getJob(jobId) ?? fail('not_found', 'This job no longer exists.');
    if (job.stateReason?.code !== IMPORT_INCOMPLETE.code) return;
    const imported = await importRows(job.sourcePath, {
      ...(job.sourceSheet ? { sheet: job.sourceSheet } : {}),
      headerRow: job.headerRow,
      expectedHash: job.sourceHash,
      mapping: job.mapping as unknown as Mapping,
    });
    await this.readRowsInto(jobId, job.sourcePath, imported, journal.lastSourceRow(jobId));
    journal.setJobState(jobId, 'ready');
    this.o.onJobChanged?.(jobId);
  }

  jobView(jobId: string): JobView {
    const { journal, engine } = this.o;
    const job =
      journal.getJob(jobId) ??
      fail('not_found', 'This job no longer exists. Refresh the job list.');
    const conn = journal.getConnection(job.connectionId);
    const counts = journal.counts(jobId) as Record<string, number>;
    const groups = { to_fix: 0, waiting: 0, in_progress: 0, finished: 0 };
    let total = 0;
    for (const [state, n] of Object.entries(counts)) {
      if (!n) continue;
      total += n;
      groups[ROW_STATE_GROUP[state as RowState]] += n;
    }
    // A finished row whose validation was rejected (or screening aborted) needs the user.
    const outcomes = this.doneOutcomes(jobId, counts.done ?? 0);
    groups.finished -= outcomes.attention;
    groups.to_fix += outcomes.attention;
    const running = engine.isRunning(jobId) || this.background.has(jobId);
    return {
      id: job.id,
      name: job.name,
      sourcePath: job.sourcePath,
      sourceSheet: job.sourceSheet,
      connectionId: job.connectionId,
      connectionName: conn?.name ?? '(removed connection)',
      isSandbox: conn?.isSandbox ?? false,
      lang: 'en',
      state: job.state,
      stateReason: job.stateReason,
      options: {
        skipExisting: job.options.skipExisting,
        screeningPeriod: (job.options.screeningPeriod as 2 | 5 | 10 | null) ?? null,
        validate: job.options.validate,
      },
      headers: job.headers,
      mapping: job.mapping as unknown as Mapping,
      counts: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
      total,
      groups,
      running,
      interrupted: !running && (job.state === 'running' || job.state === 'waiting_network'),
      lastCheck: lastCheckOf(journal.lastJobNote(jobId, 'check')),
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      finishedAt: job.finishedAt,
      outcomes,
      archived: Object.hasOwn(this.archivedJobs(), jobId),
    };
  }

  /** How the job's finished rows' screening and validation ended. */
  private doneOutcomes(jobId: string, done: number): JobView['outcomes'] {
    const cached = this.outcomeCache.get(jobId);
    if (cached && cached.done === done) return cached.value;
    const value: JobView['outcomes'] = { screening: {}, validation: {}, attention: 0 };
    if (done > 0) {
      for (const r of this.o.journal.doneOutcomes(jobId)) {
        if (r.screening !== null)
          value.screening[r.screening] = (value.screening[r.screening] ?? 0) + r.rows;
        if (r.validation !== null)
          value.validation[r.validation] = (value.validation[r.validation] ?? 0) + r.rows;
        if (
          isAttentionOutcome('screening', r.screening) ||
          isAttentionOutcome('validation', r.validation)
        )
          value.attention += r.rows;
      }
    }
    this.outcomeCache.set(jobId, { done, value });
    return value;
  }

  private archivedJobs(): Record<string, number> {
    const v = this.o.journal.getSetting(ARCHIVED_JOBS_SETTING);
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  }

  /** Refuses, with what to do, a change to a job that runs in this process. */
  private refuseRunning(jobId: string, action: 'move' | 'archive' | 'delete'): never {
    const name = this.o.journal.getJob(jobId)?.name ?? jobId;
    const what = {
      move: 'moved to another connection',
      archive: 'archived',
      delete: 'deleted',
    }[action];
    fail(
      'job_running',
      `The job "${name}" is running, so it cannot be ${what}: its rows are being sent and their answers must be recorded with it. Pause or cancel the job first, then try again.`,
      { jobId, action, name },
    );
  }

  private assertIdle(jobId: string, action: 'move' | 'archive' | 'delete'): void {
    if (this.o.engine.isRunning(jobId) || this.background.has(jobId))
      this.refuseRunning(jobId, action);
  }

  /** Hides the job from the job list (or shows it again). A running job stays in view. */
  archiveJob(jobId: string, archived: boolean): JobView {
    const { journal } = this.o;
    if (!journal.getJob(jobId))
      fail('not_found', 'This job no longer exists. Refresh the job list.');
    const list = { ...this.archivedJobs() };
    if (archived) {
      this.assertIdle(jobId, 'archive');
      list[jobId] = this.clock.now();
    } else delete list[jobId];
    journal.setSetting(ARCHIVED_JOBS_SETTING, list);
    this.o.onJobChanged?.(jobId);
    return this.jobView(jobId);
  }

  /** Deletes a job that runs nowhere, with its rows and their history. The suppliers it made
   *  stay on the platform. */
  deleteJob(jobId: string): { deleted: boolean; rows: number; events: number } {
    const { journal, engine } = this.o;
    if (!journal.getJob(jobId)) return { deleted: false, rows: 0, events: 0 };
    this.assertIdle(jobId, 'delete');
    const removed = engine.whileIdle(
      jobId,
      () => journal.deleteJob(jobId),
      () => this.refuseRunning(jobId, 'delete'),
    );
    const list = { ...this.archivedJobs() };
    if (Object.hasOwn(list, jobId)) {
      delete list[jobId];
      journal.setSetting(ARCHIVED_JOBS_SETTING, list);
    }
    this.outcomeCache.delete(jobId);
    this.o.onJobChanged?.(jobId);
    return { deleted: true, ...removed };
  }

  /**
   * Moves a job that runs nowhere to another connection. On the same API (the same address),
   * rows the old connection sent and has not confirmed (in doubt, accepted, pending, screening
   * or validation being followed) must be confirmed there first: the pending list and status
   * reads belong to the API user that sent them, and another user's could make the app send a
   * supplier twice. Another API is allowed only before anything was sent; the check's answers
   * are then asked again there.
   */
  setJobConnection(jobId: string, connectionId: string): JobView {
    const { journal, engine } = this.o;
    const job =
      journal.getJob(jobId) ??
      fail('not_found', 'This job no longer exists. Refresh the job list.');
    const to =
      journal.getConnection(connectionId) ??
      fail('not_found', 'The chosen connection no longer exists. Pick another one.');
    if (to.id === job.connectionId) return this.jobView(jobId);
    const from = journal.getConnection(job.connectionId);
    this.assertIdle(jobId, 'move');
    const refuse = (reason: string, message: string, details: Record<string, unknown> = {}) =>
      fail('connection_switch_refused', message, { reason, jobId, to: to.name, ...details });
    if (job.state === 'finished')
      refuse(
        'finished',
        `The job "${job.name}" has finished: nothing is left to send on another connection. To send the file again elsewhere, start a new job from it.`,
      );
    engine.whileIdle(
      jobId,
      () => {
        const counts = journal.counts(jobId);
        const fromName = from?.name ?? '(removed connection)';
        const unconfirmed = UNCONFIRMED_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0);
        if (unconfirmed > 0)
          refuse(
            'unconfirmed',
            `${unconfirmed} ${unconfirmed === 1 ? 'row of this job was' : 'rows of this job were'} sent on "${fromName}" and ${unconfirmed === 1 ? 'is' : 'are'} not confirmed yet (in doubt, accepted, or being screened or validated there). Only that connection can confirm ${unconfirmed === 1 ? 'it' : 'them'} without sending a supplier twice: fix its token (Connection, Edit) and resume the job until ${unconfirmed === 1 ? 'it is' : 'they are'} confirmed, then move the job.`,
            { rows: unconfirmed, from: fromName },
          );
        const sameApi =
          from !== null && from.isSandbox === to.isSandbox && sameAddress(from.baseUrl, to.baseUrl);
        if (!sameApi) {
          const sent = journal.sentRows(jobId);
          const later = Object.entries(counts)
            .filter(([s, n]) => n > 0 && !BEFORE_SENDING.includes(s as RowState))
            .reduce((n, [, k]) => n + k, 0);
          if (sent > 0 || later > 0)
            refuse(
              'other_api',
              `"${to.name}" is another API (${to.isSandbox ? 'the practice sandbox' : to.baseUrl}) than the one this job sent rows to (${from?.isSandbox ? 'the practice sandbox' : (from?.baseUrl ?? 'a removed connection')}): the suppliers it made there cannot be followed on it. Choose a connection to the same API, or start a new job from the file on "${to.name}".`,
              { rows: Math.max(sent, later), from: fromName },
            );
          this.checkAgain(jobId);
        }
        journal.setJobConnection(jobId, to.id, { sameApi, at: this.clock.now() });
        if (job.stateReason && job.state !== 'ready' && job.state !== 'cancelled') {
          journal.setJobState(jobId, 'paused', {
            code: 'connection_changed',
            message: `The job now uses the connection "${to.name}". Resume it to go on.`,
          });
        }
      },
      () => this.refuseRunning(jobId, 'move'),
    );
    this.o.onJobChanged?.(jobId);
    return this.jobView(jobId);
  }

  /** Before a move to another API: what the check found on the first one is asked again. */
  private checkAgain(jobId: string): void {
    const { journal } = this.o;
    for (const state of ['new', 'exists', 'ambiguous', 'queued', 'skipped'] as const) {
      let after: number | undefined;
      for (;;) {
        const page = journal.pageRows(jobId, {
          states: [state],
          limit: 500,
          ...(after !== undefined ? { after } : {}),
        });
        // Skipped because they existed there; a row the user left out stays left out.
        const rows = page.rows.filter((r) => state !== 'skipped' || r.platformId !== null);
        if (rows.length)
          journal.recordOutcomes(
            rows.map((r) => ({
              rowId: r.id,
              from: state,
              to: 'valid' as const,
              patch: { platformId: null, outcomeTargetId: null, nextAttemptAt: 0 },
              reason: 'the job moved to another API: checked again there',
            })),
          );
        if (page.nextCursor === null) break;
        after = page.nextCursor;
      }
    }
  }

  listJobs(): JobView[] {
    return this.o.journal
      .listJobs()
      .map((j) => this.jobView(j.id))
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  setOptions(jobId: string, options: JobOptionsView): JobView {
    if (this.o.engine.isRunning(jobId))
      fail('invalid_input', 'Pause the job before changing its options.');
    this.o.journal.updateJob(jobId, { options });
    this.o.onJobChanged?.(jobId);
    return this.jobView(jobId);
  }

  /** Runs the job in the foreground (the CLI waits for it). */
  async run(jobId: string, options: RunOptions): Promise<RunExit> {
    // The rest of an interrupted import is read under the job's lease: a second process
    // resuming the same job is told that the job is in use, not that its rows clash.
    const done = this.o.engine.run(jobId, options, () => this.finishImport(jobId));
    this.o.onJobChanged?.(jobId);
    try {
      return await done;
    } finally {
      this.o.onJobChanged?.(jobId);
    }
  }

  /** The summary to confirm before a start (services/plan.ts). */
  plan(jobId: string): JobPlanView {
    return planJob(this.planDeps(), jobId);
  }

  /**
   * What every front door does before a run sends anything: the plan is computed again; a
   * start it says needs confirming is refused unless confirmed; with `leaveOutHeld`, rows
   * another unfinished job holds are left out first; what was confirmed is recorded. Returns the
   * plan it went by and how many rows were left out.
   */
  confirmStart(
    jobId: string,
    choice: { confirmed: boolean; leaveOutHeld: boolean },
  ): { plan: JobPlanView; leftOut: number } {
    if (this.o.engine.isRunning(jobId) || this.background.has(jobId))
      return { plan: this.plan(jobId), leftOut: 0 };
    let plan = this.plan(jobId);
    if (plan.needsConfirmation && !choice.confirmed) fail('plan_not_confirmed');
    let leftOut = 0;
    if (choice.leaveOutHeld && plan.heldRows > 0) {
      leftOut = leaveOutHeldRows(this.planDeps(), jobId);
      plan = this.plan(jobId);
      this.o.onJobChanged?.(jobId);
    }
    if (choice.confirmed) recordConfirmedPlan(this.o.journal, plan);
    return { plan, leftOut };
  }

  private planDeps() {
    return {
      journal: this.o.journal,
      engine: this.o.engine,
      isRunning: (id: string) => this.o.engine.isRunning(id) || this.background.has(id),
    };
  }

  /** Starts the job in the background (the UI follows its events). */
  start(jobId: string, options: RunOptions): boolean {
    this.jobView(jobId);
    if (this.o.engine.isRunning(jobId) || this.background.has(jobId)) return false;
    const done = this.run(jobId, options);
    this.background.set(jobId, done);
    done
      .catch((e) => {
        const error = toAppError(e);
        const { journal } = this.o;
        // An interrupted import keeps its own reason: resuming reads the rest of the file.
        if (journal.getJob(jobId)?.stateReason?.code !== IMPORT_INCOMPLETE.code) {
          journal.setJobState(jobId, 'needs_attention', {
            code: error.code,
            message:
              error.code === 'internal'
                ? 'The job stopped unexpectedly. Resume it to continue; nothing was lost.'
                : error.message,
          });
        }
        this.o.onJobChanged?.(jobId);
      })
      .finally(() => this.background.delete(jobId));
    return true;
  }

  async pause(jobId: string): Promise<JobView> {
    await this.o.engine.pause(jobId);
    this.o.onJobChanged?.(jobId);
    return this.jobView(jobId);
  }

  async cancel(jobId: string): Promise<JobView> {
    await this.o.engine.cancel(jobId);
    this.o.onJobChanged?.(jobId);
    return this.jobView(jobId);
  }

  retry(jobId: string, states?: readonly string[]): number {
    if (this.o.engine.isRunning(jobId))
      fail('invalid_input', 'Pause the job before retrying rows, or wait until it ends.');
    const n = this.o.engine.retry(jobId, states as RowState[] | undefined);
    this.o.onJobChanged?.(jobId);
    return n;
  }

  // ---- rows --------------------------------------------------------------------------------

  rowView(row: JournalRow): RowView {
    const sid = (row.payload as { supplierId?: { id?: string; source?: string } } | null)
      ?.supplierId;
    const internal = row.errorCode !== null && INTERNAL_MARKS.has(row.errorCode);
    return {
      id: row.id,
      sourceRow: row.sourceRow,
      cells: row.cells,
      state: row.state,
      group: rowGroup(row),
      identity: sid?.id ? `${sid.id}${sid.source ? ` · ${sid.source}` : ''}` : null,
      platformId: row.platformId,
      creationUuid: row.creationUuid,
      createdByJob: row.createdByJob ? true : row.platformId !== null ? false : null,
      screening: outcomeText(row.screeningStatus),
      validation: outcomeText(row.validationStatus),
      screeningStatus: row.screeningStatus,
      validationStatus: row.validationStatus,
      rejectionReason: row.rejectionReason,
      outcomeTargetId: row.outcomeTargetId,
      errorCode: internal ? null : row.errorCode,
      errorMessage: internal ? null : row.errorMessage,
      problems: (row.problems ?? []).map((p) => ({
        message: p.message,
        ...(p.field ? { field: p.field } : {}),
        ...(p.column ? { column: p.column } : {}),
        ...(p.code ? { code: p.code } : {}),
      })),
      edits: row.userEdits ?? {},
      payload: row.payload,
      attempts: row.attempts,
      updatedAt: row.updatedAt,
    };
  }

  pageRows(
    jobId: string,
    q: {
      states?: string[] | undefined;
      group?: string | undefined;
      outcome?: { stage: 'screening' | 'validation'; status: string } | undefined;
      problemsOnly?: boolean | undefined;
      problem?: { code: string | null; field: string | null } | undefined;
      text?: string | undefined;
      value?: { field: string | null; column: number | null; value: string } | undefined;
      after?: number | undefined;
      limit?: number;
    },
  ) {
    let states = q.states as RowState[] | undefined;
    // Finished rows by outcome: a rejected validation is to fix, not finished.
    let done: DoneOutcomeFilter | undefined;
    if (!states && q.outcome) {
      // With "rows that need you" too, an outcome that does not need the user has no rows.
      if (q.problemsOnly && !isAttentionOutcome(q.outcome.stage, q.outcome.status))
        return { rows: [], nextCursor: null };
      states = [];
      done = q.outcome;
    } else if (!states && q.group) {
      states = (Object.keys(ROW_STATE_GROUP) as RowState[]).filter(
        (s) => ROW_STATE_GROUP[s] === q.group,
      );
      if (q.group === 'to_fix') done = { attention: true };
      if (q.group === 'finished' && !q.problemsOnly) done = { attention: false };
      // A progress group with "rows that need you": its states that need the user.
      if (q.problemsOnly)
        states = states.filter((s) => (PROBLEM_STATES as readonly string[]).includes(s));
    } else if (!states && q.problemsOnly) done = { attention: true };
    // An outcome that excludes every state (a state outside "rows that need you"): no rows.
    if (states && states.length === 0 && !done) return { rows: [], nextCursor: null };
    let value: (ValueTarget & { value: string }) | undefined;
    if (q.value) {
      const job = this.o.journal.getJob(jobId) ?? fail('not_found', 'This job no longer exists.');
      value = {
        ...(q.value.field
          ? this.valueTarget(job, q.value.field)
          : { field: null, column: q.value.column }),
        value: q.value.value,
      };
    }
    const page = this.o.journal.pageRows(jobId, {
      ...(value ? { value } : {}),
      ...(states ? { states } : {}),
      ...(done ? { done } : {}),
      ...(q.problemsOnly ? { problemsOnly: true } : {}),
      ...(q.problem ? { problem: q.problem } : {}),
      ...(q.text ? { text: q.text } : {}),
      ...(q.after !== undefined ? { after: q.after } : {}),
      limit: q.limit ?? 100,
    });
    return { rows: page.rows.map((r) => this.rowView(r)), nextCursor: page.nextCursor };
  }

  problemKinds(jobId: string) {
    if (!this.o.journal.getJob(jobId)) fail('not_found', 'This job no longer exists.');
    return this.o.journal.problemKinds(jobId);
  }

  rowEvents(rowId: number) {
    return this.o.journal
      .rowEvents(rowId, { limit: 500 })
      .map((e) => ({ id: e.id, at: e.at, kind: e.kind, detail: e.detail }));
  }

  /** A value fixed in the app: the row is mapped and validated again; the fix is journaled as
   *  a batch of one row, which can be undone. */
  fixRow(rowId: number, edits: Record<string, string>): RowView {
    const { journal } = this.o;
    const row = journal.getRow(rowId) ?? fail('not_found', 'This row no longer exists.');
    if (this.o.engine.isRunning(row.jobId))
      fail('invalid_input', 'Pause the job before fixing rows.');
    const job = journal.getJob(row.jobId)!;
    journal.fixes.apply(row.jobId, [rowId], (r) => this.computeFix(r, job, edits), {
      kind: 'fix',
      field: null,
      fields: Object.keys(edits),
    });
    this.o.onJobChanged?.(row.jobId);
    return this.rowView(journal.getRow(rowId)!);
  }

  /**
   * One field of many rows: `whole` gives every row whose current value is `find` the value
   * `replace`; otherwise `find` is replaced inside the values. Only rows that may still be fixed
   * and whose value changes count. Without `apply`, nothing is written.
   */
  fixMany(
    jobId: string,
    q: {
      field: string;
      find: string;
      replace: string;
      whole: boolean;
      matchCase: boolean;
      apply: boolean;
    },
  ): {
    rows: number;
    examples: Array<{ sourceRow: number; before: string; after: string }>;
    batch: FixBatch | null;
  } {
    const { journal } = this.o;
    const job = journal.getJob(jobId) ?? fail('not_found', 'This job no longer exists.');
    if (!q.whole && q.find === '')
      fail('invalid_input', 'Enter the text to find, then count the rows again.');
    const find = q.whole ? q.find.trim() : q.find;
    const replace = q.whole ? q.replace.trim() : q.replace;
    const lower = (v: string) => v.toLocaleLowerCase();
    const pattern = q.whole
      ? null
      : new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), q.matchCase ? 'g' : 'gi');
    const changed = new Map<number, { sourceRow: number; before: string; after: string }>();
    for (const r of journal.fixableValues(jobId, this.valueTarget(job, q.field))) {
      let after: string;
      if (pattern === null) {
        if (q.matchCase ? r.value !== find : lower(r.value) !== lower(find)) continue;
        after = replace;
      } else {
        after = r.value.replace(pattern, () => replace);
      }
      if (after !== r.value) changed.set(r.id, { sourceRow: r.sourceRow, before: r.value, after });
    }
    const examples = [...changed.values()].slice(0, 5);
    if (!q.apply || changed.size === 0) return { rows: changed.size, examples, batch: null };
    if (this.o.engine.isRunning(jobId)) fail('invalid_input', 'Pause the job before fixing rows.');
    const { batch } = journal.fixes.apply(
      jobId,
      [...changed.keys()],
      (row) => this.computeFix(row, job, { [q.field]: changed.get(row.id)!.after }),
      {
        kind: q.whole ? 'same_value' : 'replace',
        field: q.field,
        fields: [q.field],
        find,
        replace,
      },
    );
    this.o.onJobChanged?.(jobId);
    return { rows: batch?.rows ?? 0, examples, batch };
  }

  /** The fixes of a job that can be undone, newest first. */
  fixHistory(jobId: string): FixBatch[] {
    if (!this.o.journal.getJob(jobId)) fail('not_found', 'This job no longer exists.');
    return this.o.journal.fixes.undoable(jobId);
  }

  /** Undoes the newest fix: its rows get back exactly the values they had before it. */
  undoFix(jobId: string, batchId: number): { rows: number; batch: FixBatch } {
    if (!this.o.journal.getJob(jobId)) fail('not_found', 'This job no longer exists.');
    if (this.o.engine.isRunning(jobId))
      fail('invalid_input', 'Pause the job before undoing a fix.');
    const { batch, rowIds } = this.o.journal.fixes.undo(jobId, batchId);
    this.o.onJobChanged?.(jobId);
    return { rows: rowIds.length, batch };
  }

  /** Where a field's current value comes from: the user's edit, the mapped column, the
   *  mapping's constant. */
  private valueTarget(job: { mapping: unknown }, field: string): ValueTarget {
    const mapped = (job.mapping as unknown as Mapping).fields.find((f) => f.field === field);
    return { field, column: mapped?.column ?? null, constant: mapped?.constant ?? null };
  }

  /** A row mapped and validated again with the user's edits merged into its earlier ones. */
  private computeFix(
    row: JournalRow,
    job: { headers: string[]; mapping: unknown; id: string },
    edits: Record<string, string>,
  ): UserFix {
    const { journal } = this.o;
    const mapping = job.mapping as unknown as Mapping;
    const columns = job.headers.map((header, index) => ({
      index,
      header,
      letter: columnLetter(index),
    }));
    const allEdits = { ...(row.userEdits ?? {}), ...edits };
    // The fix replaces the mapped column's cell for this row; with no column, it becomes the
    // row's own constant.
    const cells = [...row.cells];
    const rowMapping: Mapping = {
      fields: mapping.fields.map((original) => {
        const edit = allEdits[original.field];
        if (edit === undefined) return original;
        // The field's transform settings apply to a fix as to the file; a list typed in the
        // app may also use the usual separators (the editor shows "a, b").
        const f =
          original.field === 'industries' && original.transform?.separators
            ? {
                ...original,
                transform: {
                  ...original.transform,
                  separators: `${DEFAULT_SEPARATORS}${original.transform.separators}`,
                },
              }
            : original;
        if (f.column !== null) {
          cells[f.column] = edit;
          return f;
        }
        return { ...f, constant: edit };
      }),
    };
    for (const [field, value] of Object.entries(allEdits)) {
      if (!rowMapping.fields.some((f) => f.field === field)) {
        rowMapping.fields.push({
          field: field as Mapping['fields'][number]['field'],
          column: null,
          constant: value,
        });
      }
    }
    const others: Array<[string, number]> = [];
    const validated = validateRows([{ sourceRow: row.sourceRow, cells }], rowMapping, columns)
      .rows[0]!;
    if (validated.identity) {
      for (const other of journal.findByIdentity(row.jobId, validated.identity)) {
        if (other.id !== row.id) others.push([validated.identity, other.sourceRow]);
      }
    }
    const duplicate = others.length > 0;
    // What Excel did to a cell (an id read as a date, ...) is not in the cell's text: such a
    // problem stays until its field is fixed.
    const kept = (row.problems ?? []).filter(
      (p) =>
        p.field !== undefined &&
        p.code !== undefined &&
        (CELL_PROBLEM_CODES as readonly string[]).includes(p.code) &&
        allEdits[p.field] === undefined &&
        !validated.problems.some((v) => v.field === p.field && v.code === p.code),
    );
    const problems = [
      ...validated.problems
        .filter((v) => !kept.some((k) => k.field === v.field))
        .map(toJournalProblem),
      ...kept,
      ...(duplicate
        ? [
            {
              message: `Another row (${others.map(([, n]) => n).join(', ')}) has the same supplier id and source. Give each supplier its own id.`,
              field: 'supplierId.id',
              code: 'duplicate_identity',
            },
          ]
        : []),
    ];
    const state =
      validated.status === 'valid' && !duplicate && kept.length === 0 ? 'valid' : 'invalid';
    return {
      edits: allEdits,
      payload: (validated.payload ??
        applyMapping({ sourceRow: row.sourceRow, cells }, rowMapping, columns).draft) as Record<
        string,
        unknown
      >,
      identityKey: validated.identity,
      state,
      problems: problems.length ? problems : null,
    };
  }

  // ---- results -----------------------------------------------------------------------------

  /** The default results file: next to the source, `<name>.results.xlsx`. */
  defaultExportPath(jobId: string, format: ExportFormat): string {
    const job = this.o.journal.getJob(jobId) ?? fail('not_found', 'This job no longer exists.');
    const parsed = path.parse(job.sourcePath);
    return path.join(parsed.dir, `${parsed.name}.results.${format}`);
  }

  async exportJob(
    jobId: string,
    format: ExportFormat,
    target?: string,
    wording: ExportWording = APP_EXPORT_WORDING,
  ): Promise<ExportSummary> {
    const { journal } = this.o;
    const job = journal.getJob(jobId) ?? fail('not_found', 'This job no longer exists.');
    const out = target ? path.resolve(target) : this.defaultExportPath(jobId, format);
    await mkdir(path.dirname(out), { recursive: true }).catch(() => undefined);
    const toResult = (r: JournalRow) => this.resultRow(r, job);
    async function* rows(): AsyncGenerator<ResultRow> {
      let n = 0;
      for (const r of journal.eachRow(jobId)) {
        yield toResult(r);
        // Let the event loop serve the UI between pages.
        if (++n % 500 === 0) await new Promise((res) => setImmediate(res));
      }
    }
    const mapping = job.mapping as unknown as Mapping;
    return exportResults(out, {
      headers: job.headers,
      format,
      now: this.clock.now(),
      rows,
      textColumns: mapping.fields
        .filter((f) => f.column !== null && TEXT_FIELDS.has(f.field))
        .map((f) => f.column as number),
      nextStep: wording.exportAgain(job.id, format),
      ...(this.o.maxRowsPerSheet ? { maxRowsPerSheet: this.o.maxRowsPerSheet } : {}),
    });
  }

  /** A row of the results: the values the job sent (the file's where they only differ in form),
   *  each changed one with the file's value beside it. */
  resultRow(row: JournalRow, job = this.o.journal.getJob(row.jobId)): ResultRow {
    const v = this.rowView(row);
    const problemText = v.problems.map((p) => p.message).join(' ');
    const shown = job
      ? shownRow(row, job.mapping as unknown as Mapping, job.headers)
      : { cells: row.cells, changes: [] };
    // A rejected validation (or aborted screening) ended the row, but the user has to act.
    const ended = endedNeedingUser(row);
    const rejected = ended && isAttentionOutcome('validation', row.validationStatus);
    const endedText = ended
      ? [
          rejected ? outcomeSentence('validation', row.validationStatus) : null,
          rejected && row.rejectionReason
            ? `Reason: ${row.rejectionReason.trim().replace(/[.!]+$/, '')}.`
            : null,
          isAttentionOutcome('screening', row.screeningStatus)
            ? outcomeSentence('screening', row.screeningStatus)
            : null,
        ]
          .filter(Boolean)
          .join(' ')
      : null;
    return {
      sourceRow: row.sourceRow,
      cells: shown.cells,
      notes: shown.changes
        .filter((c) => c.column !== null)
        .map((c) => ({ column: c.column as number, text: changeNote(c) })),
      result: {
        status: ended ? (rejected ? 'validation_rejected' : 'screening_aborted') : row.state,
        platformId: row.platformId,
        supplier: row.platformId
          ? row.createdByJob
            ? SUPPLIER_OUTCOME.created
            : SUPPLIER_OUTCOME.existing
          : null,
        creationUuid: row.creationUuid,
        screening: v.screening,
        validation: v.validation
          ? `${v.validation}${row.outcomeTargetId && row.outcomeTargetId !== row.platformId ? ` (master ${row.outcomeTargetId})` : ''}${row.rejectionReason && row.validationStatus === 'REJECTED' ? `: ${row.rejectionReason}` : ''}`
          : null,
        errorCode: ended
          ? rejected
            ? 'validation_rejected'
            : 'screening_aborted'
          : (v.errorCode ?? (row.state === 'invalid' ? 'invalid_input' : null)),
        errorMessage: ended ? endedText : (v.errorMessage ?? (problemText || null)),
        updatedAt: row.updatedAt,
        changedValues: shown.changes.length ? changesText(shown.changes) : null,
        sourceRow: row.sourceRow,
      },
    };
  }

  /** A results file the user fixed in Excel (on its Results or Errors sheets): a new job with
   *  the rows that were not done and whose values the user changed. */
  async retryFromResults(
    filePath: string,
    jobId?: string,
    wording?: ResultsFileWording,
  ): Promise<RetryFromResults> {
    const { journal } = this.o;
    const job =
      (jobId ? journal.getJob(jobId) : undefined) ??
      sourceJobOf(journal.listJobs(), filePath) ??
      fail(
        'not_found',
        'No job was found for this results file. Open the job it came from and import the file there.',
      );
    const file = await inspectFile(filePath);
    // The Results sheets, and the Errors sheets where fixes count as well; a file whose sheets
    // were renamed is read from its first sheet, and a CSV file has one table.
    const named = (re: RegExp) =>
      file.sheets.filter((s) => !s.hidden && re.test(s.name)).map((s) => s.name);
    const resultSheets = file.kind === 'xlsx' ? named(/^Results( \(\d+\))?$/) : [];
    const errorSheets = file.kind === 'xlsx' ? named(/^Errors( \(\d+\))?$/) : [];
    const firstSheet: string | undefined = resultSheets[0];
    // The header row first (the reading stops there): a file that does not fit is refused with
    // its reason before anything is read or made.
    const first = await previewTable(filePath, {
      ...(firstSheet ? { sheet: firstSheet } : {}),
      limit: 1,
    });
    assertResultsFileFits(filePath, first, job, wording);
    for (const sheet of [...resultSheets.slice(1), ...errorSheets]) {
      assertResultsFileFits(
        filePath,
        await previewTable(filePath, { sheet, limit: 1 }),
        job,
        wording,
      );
    }
    const mapping = job.mapping as unknown as Mapping;
    const columns = job.headers.map((header, index) => ({
      index,
      header,
      letter: columnLetter(index),
    }));
    const selector = new RetrySelector(
      {
        atSource: (n) => journal.rowAtSource(job.id, n),
        withIdentity: (key) => journal.findByIdentity(job.id, key),
      },
      mapping,
      job.headers,
      (row, cells, previous) =>
        validateRows(
          [{ sourceRow: row.sourceRow, cells }],
          withColumnlessEdits(mapping, previous),
          columns,
        ).rows[0]!,
    );
    const read = async (sheet: string | undefined, add: (r: ValidatedRow, n?: string) => void) => {
      const imported = await importRows(filePath, { ...(sheet ? { sheet } : {}), mapping });
      const at = imported.columns.findIndex(
        (c) => c.header.trim().toLowerCase() === SOURCE_ROW_HEADER.toLowerCase(),
      );
      for await (const row of imported.rows) add(row, at >= 0 ? (row.cells[at] ?? '') : undefined);
      return imported;
    };
    for (const sheet of errorSheets) {
      await read(sheet, (r, n) => selector.addFromErrors(r, n)).catch((e: unknown) => {
        // An Errors sheet with no row under its header has nothing to give.
        if (toAppError(e).code !== 'sheet_empty' && toAppError(e).code !== 'header_not_found')
          throw e;
      });
    }
    let imported: Awaited<ReturnType<typeof importRows>> | undefined;
    for (const sheet of resultSheets.length ? resultSheets : [undefined]) {
      const r = await read(sheet, (row, n) => selector.addFromResults(row, n));
      imported ??= r;
    }
    const selection = selector.finish();
    const firstResult = imported!.columns.findIndex((c) => isResultHeader(c.header));
    const original = firstResult >= 0 ? firstResult : imported!.columns.length;
    let newJobId: string | null = null;
    if (selection.retry.length) {
      const retryJob = journal.createJob({
        name: `${job.name} · retry`,
        connectionId: job.connectionId,
        sourcePath: path.resolve(filePath),
        sourceHash: file.hash,
        sourceSheet: imported!.sheet,
        headerRow: imported!.headerRow,
        headers: imported!.columns.slice(0, original).map((c) => c.header),
        mapping: job.mapping,
        options: job.options,
      });
      // Each row keeps the row number it had in the job's file (rows come from several sheets,
      // whose own row numbers repeat); the result columns of the old export are left out.
      journal.addRows(
        retryJob.id,
        selection.retry
          .map((c) => ({
            ...toNewRow(c.row),
            sourceRow: c.previous.sourceRow,
            cells: c.row.cells.slice(0, original),
          }))
          .sort((a, b) => a.sourceRow - b.sourceRow),
      );
      newJobId = retryJob.id;
      this.o.onJobChanged?.(retryJob.id);
    }
    return {
      jobId: newJobId,
      retry: selection.retry.length,
      stillInvalid: selection.stillInvalid,
      alreadyDone: selection.alreadyDone,
      unmatched: selection.unmatched,
      unchanged: selection.unchanged,
      doneButChanged: selection.doneButChanged.length,
      conflicts: selection.conflicts.length,
      conflictRows: selection.conflicts.slice(0, 20),
      doneButChangedRows: selection.doneButChanged.slice(0, 20),
    };
  }

  // ---- uploads (browser) -------------------------------------------------------------------

  uploadPath(name: string, uploadId = randomUUID()): { uploadId: string; path: string } {
    const safe =
      path
        .basename(name)
        .replace(/[^\w.\- ()äöüÄÖÜß]/g, '_')
        .slice(0, 120) || 'upload';
    return { uploadId, path: path.join(this.o.dataDir, 'imports', uploadId, safe) };
  }

  async waitForBackground(): Promise<void> {
    await Promise.allSettled([...this.background.values()]);
  }
}

/** The job's mapping with the user's fixes for fields the file has no column for, as constants
 *  (as a fix in the app maps them). */
function withColumnlessEdits(mapping: Mapping, row: { userEdits: Record<string, string> | null }) {
  const edits = row.userEdits ?? {};
  const fields = mapping.fields.map((f) =>
    f.column === null && edits[f.field] !== undefined ? { ...f, constant: edits[f.field] } : f,
  );
  for (const [field, value] of Object.entries(edits)) {
    if (!fields.some((f) => f.field === field))
      fields.push({
        field: field as Mapping['fields'][number]['field'],
        column: null,
        constant: value,
      });
  }
  return { fields };
}

function toNewRow(row: ValidatedRow): NewRow {
  const problems = row.problems.map(toJournalProblem);
  if (row.status === 'empty' && !problems.length) {
    problems.push({
      message:
        'The row is empty after mapping: none of the mapped columns has a value. Fill it in or ignore it.',
      code: 'empty_row',
    });
  }
  return {
    sourceRow: row.sourceRow,
    cells: row.cells,
    // An invalid row keeps its partial payload: a fix in the app starts from its values.
    payload: (row.payload as Record<string, unknown> | null) ?? row.draft ?? null,
    identityKey: row.identity ?? (row.payload ? identityKey(row.payload.supplierId) : null),
    state: row.status === 'valid' ? 'valid' : 'invalid',
    problems: problems.length ? problems : null,
  };
}

function toJournalProblem(p: {
  message: string;
  fix: string;
  field: string | null;
  column: string | null;
  code: string;
}) {
  return {
    message: p.fix ? `${p.message} ${p.fix}` : p.message,
    ...(p.field ? { field: p.field } : {}),
    ...(p.column ? { column: p.column } : {}),
    code: p.code,
  };
}

function outcomeText(status: string | null): string | null {
  if (status === null) return null;
  return status === 'OnCreate' ? 'Requested' : status;
}

function lastCheckOf(
  note: { at: number; detail: Record<string, unknown> } | null,
): JobView['lastCheck'] {
  const c = note?.detail.check as Record<string, unknown> | undefined;
  if (!note || !c) return null;
  const n = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : 0);
  return {
    at: note.at,
    new: n('new'),
    exists: n('exists'),
    ambiguous: n('ambiguous'),
    pending: n('pending'),
  };
}

function textAt(obj: unknown, key: string): string {
  if (!obj) return '';
  let v: unknown = obj;
  for (const part of key.split('.')) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[part];
  }
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.join('; ') : String(v);
}

/** Two base URLs of the same API: the same origin and path, whatever the trailing slash or
 *  letter case of the host. */
function sameAddress(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`.toLowerCase();
    } catch {
      return u.trim().replace(/\/+$/, '').toLowerCase();
    }
  };
  return norm(a) === norm(b);
}

function sameLimits(a: Limits, b: Limits): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
