// The results workbook says every state and outcome in the job's language: no journal state, API
// status or export code stands on its own in the Summary sheet or the outcome columns (the API's
// word may stand in brackets beside its word). A screening that found something is its own
// Status, on the Errors sheet, counted on a Summary line of its own; a deactivation's sheet has
// one Platform ID column. Through the router, with a real journal and the embedded sandbox.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../../src-shared/contract';
import { word } from '../../../src-shared/i18n';
import { OP_RESULTS } from '../../../src-shared/operations';
import { OUTCOME_STATUSES } from '../../../src-shared/outcomes';
import { ROW_STATES } from '../../../src-shared/rowStates';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { isAttachHeader, SUPPLIER_OUTCOME } from '../../../src-main/workbook';
import { commandCaller, jobWaiter, practiceSandbox } from './support';

let dir: string;
let sample: string;
let services: AppServices;
const call = commandCaller(() => services);
const { until } = jobWaiter(call);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'result-words-'));
  sample = path.join(dir, 'suppliers.xlsx');
  await copyFile('resources/samples/suppliers.xlsx', sample);
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(100),
    engineSettings: {
      settleMs: 300,
      trackPollMs: 100,
      statusPollBaseMs: 100,
      statusPollCapMs: 500,
    },
  });
  services.grants.grantRead(sample);
});

afterAll(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

const ended = (job: JobView) => !job.running && ['finished', 'needs_attention'].includes(job.state);

/** Codes that may stand only in brackets beside a word: the API's statuses, and the journal's
 *  and the export's states that no word could be mistaken for. */
const DISTINCT_CODES = [
  ...new Set([
    ...OUTCOME_STATUSES.screening,
    ...OUTCOME_STATUSES.validation,
    ...ROW_STATES.filter((s) => s.includes('_')),
    'validation_rejected',
    'screening_aborted',
    'screening_findings',
    'needs_review',
  ]),
];
/** Journal states that are plain words: never a cell of their own. */
const PLAIN_STATES = ROW_STATES.filter((s) => !s.includes('_'));

/** The Supplier outcome's English words: the pipeline's and every kind's own outcomes'. */
const SUPPLIER_WORDS_EN = [...Object.values(SUPPLIER_OUTCOME), ...OP_RESULTS].map((k) =>
  word('en', `results.supplier.${k}`),
);

/** The codes a cell holds outside brackets. */
function rawCodes(text: string, lang: 'en' | 'de'): string[] {
  const outside = text.replace(/\([^()]*\)/g, ' ');
  const tokens = new Set(outside.split(/[^\w]+/u));
  const found = DISTINCT_CODES.filter((c) => tokens.has(c));
  if ((PLAIN_STATES as readonly string[]).includes(text.trim())) found.push(text.trim());
  // The English words of the Supplier outcome are codes in a German workbook.
  if (lang === 'de') for (const w of SUPPLIER_WORDS_EN) if (text.includes(w)) found.push(w);
  return found;
}

async function sheets(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const values = (name: string) => {
    const rows: string[][] = [];
    wb.getWorksheet(name)?.eachRow((row) =>
      rows.push(
        Array.from((row.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v))),
      ),
    );
    return rows;
  };
  return { names: wb.worksheets.map((w) => w.name), values };
}

const WORDS = {
  en: {
    results: 'Results',
    errors: 'Errors',
    summary: 'Summary',
    status: 'Status',
    screening: 'Screening outcome',
    validation: 'Validation outcome',
    supplier: 'Supplier outcome',
    message: 'Error message',
    findings: 'Findings to review',
    rejected: 'Validation rejected',
    findingsLine: 'Screening findings to review (sheet Errors)',
    next: 'Review the screening findings on the platform before working with this supplier.',
    validationRejected: /^Rejected \(REJECTED\)\. Reason: .+\.$/,
    platformId: 'Platform ID',
  },
  de: {
    results: 'Ergebnisse',
    errors: 'Fehler',
    summary: 'Übersicht',
    status: 'Status',
    screening: 'Ergebnis der Prüfung',
    validation: 'Ergebnis der Validierung',
    supplier: 'Lieferant angelegt',
    message: 'Fehlermeldung',
    findings: 'Treffer prüfen',
    rejected: 'Validierung abgelehnt',
    findingsLine: 'Screening-Treffer zu prüfen (Blatt Fehler)',
    next: 'Prüfen Sie die Treffer des Screenings auf der Plattform, bevor Sie mit diesem Lieferanten arbeiten.',
    validationRejected: /^Abgelehnt \(REJECTED\)\. Grund: .+\.$/,
    platformId: 'Plattform-ID',
  },
} as const;

let jobId: string;
let job: JobView;

describe('a results workbook of screenings and validations', () => {
  it('runs a job whose screenings find, stop and end clean, and whose validations are rejected', async () => {
    const core = await services.ready();
    core.sandbox!.configure({
      screeningOdds: { Finished: 0.4, NoFindings: 0.3, Aborted: 0.3 },
      validationOdds: { COMPLETED: 0.5, REJECTED: 0.5, differentOutcomeId: 0.2 },
    });
    const p = await call('files:preview', { path: sample });
    ({ jobId } = await call('jobs:create', {
      path: sample,
      connectionId: core.sandboxConnectionId!,
      mapping: p.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: 2, validate: true },
      lang: 'de',
    }));
    const { paidToConfirm } = await call('jobs:plan', { jobId });
    await call('jobs:start', { jobId, confirmed: true, confirmedCount: paidToConfirm });
    job = await until(jobId, ended, 'its end');
    expect(job.counts.done).toBe(57);
    expect(job.counts.invalid).toBe(3);
    expect(job.outcomes.screening.Finished ?? 0).toBeGreaterThan(0);
    expect(job.outcomes.screening.Aborted ?? 0).toBeGreaterThan(0);
    expect(job.outcomes.validation.REJECTED ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it.each(['de', 'en'] as const)(
    'says every state and outcome in words (%s), findings on their own Status and line',
    async (lang) => {
      const core = await services.ready();
      // The same rows worded in the other language: the workbook follows the job's language.
      const made = core.journal.getJob(jobId)!;
      core.journal.updateJob(jobId, { options: { ...made.options, lang } });
      const out = path.join(dir, `results-${lang}.xlsx`);
      await call('jobs:export', { jobId, format: 'xlsx', path: out });
      const w = WORDS[lang];
      const book = await sheets(out);
      expect(book.names).toEqual([w.results, w.errors, w.summary]);

      const [head, ...rows] = book.values(w.results);
      const at = (name: string) => head!.indexOf(name);
      for (const column of [w.status, w.screening, w.validation, w.supplier]) {
        expect(at(column)).toBeGreaterThanOrEqual(0);
        for (const r of rows)
          expect(rawCodes(r[at(column)] ?? '', lang), r.join(' | ')).toEqual([]);
      }
      const summary = book.values(w.summary);
      for (const line of summary)
        for (const cell of line) expect(rawCodes(cell, lang), line.join(' | ')).toEqual([]);

      // A screening that found something: its own Status (not a clean done), the next step,
      // and the validation said beside it, whatever it came to.
      const screeningFound = `${word(lang, 'outcome.screening.Finished')} (Finished)`;
      const found = rows.filter((r) => r[at(w.screening)] === screeningFound);
      expect(found.length).toBe(job.outcomes.screening.Finished);
      const ownStatus = found.filter((r) => r[at(w.status)] === w.findings);
      expect(ownStatus.length).toBeGreaterThan(0);
      for (const r of found) {
        expect([w.findings, w.rejected]).toContain(r[at(w.status)]);
        expect(r[at(w.message)]).toContain(w.next);
        expect(r[at(w.validation)]).not.toBe('');
      }
      const rejectedWithFindings = found.filter((r) => r[at(w.status)] === w.rejected);
      for (const r of rejectedWithFindings)
        expect(r[at(w.validation)]).toMatch(w.validationRejected);

      // On the Errors sheet, and counted on a Summary line of their own.
      const errors = book.values(w.errors);
      const errorRows = new Set(errors.slice(1).map((r) => r[at('Source row')] ?? r.at(-1)));
      for (const r of found) expect(errorRows.has(r.at(-1)!)).toBe(true);
      const line = summary.find((l) => l[0] === w.findingsLine);
      expect(line?.[1]).toBe(String(found.length));
      // The Status section counts them apart from the clean done rows.
      expect(summary.find((l) => l[0] === w.findings)?.[1]).toBe(String(ownStatus.length));
    },
  );
});

describe('a status the app does not know', () => {
  it('is kept beside "needs review", and its row is on the Errors sheet (de)', async () => {
    const core = await services.ready();
    const made = core.journal.getJob(jobId)!;
    core.journal.updateJob(jobId, { options: { ...made.options, lang: 'de' } });
    // A clean row whose screening the platform reports in a word the spec does not list.
    const page = await call('rows:page', { jobId, limit: 100 });
    const clean = page.rows.find(
      (r) =>
        r.state === 'done' &&
        r.screeningStatus === 'NoFindings' &&
        r.validationStatus === 'COMPLETED',
    )!;
    expect(
      core.journal.recordOutcome({
        rowId: clean.id,
        from: 'done',
        to: 'done',
        patch: { screeningStatus: 'UnderReview' },
      }),
    ).toBe(true);
    const out = path.join(dir, 'results-review.xlsx');
    await call('jobs:export', { jobId, format: 'xlsx', path: out });
    const book = await sheets(out);
    const [head, ...rows] = book.values('Ergebnisse');
    const row = rows.find((r) => r.at(-1) === String(clean.sourceRow))!;
    expect(row[head!.indexOf('Status')]).toBe(word('de', 'rowState.needs_review'));
    expect(row[head!.indexOf('Ergebnis der Prüfung')]).toBe('zu prüfen (API: UnderReview)');
    expect(row[head!.indexOf('Fehlermeldung')]).toContain('„UnderReview“');
    const errors = book.values('Fehler');
    expect(errors.some((r) => r.at(-1) === String(clean.sourceRow))).toBe(true);
    const summary = book.values('Übersicht').map((l) => l.slice(0, 2).join('|'));
    expect(summary).toContain('zu prüfen (API: UnderReview)|1');
  });
});

describe("a deactivation's results sheet", () => {
  it.each(['de', 'en'] as const)(
    'has one Platform ID column when its list has one of its own (%s)',
    async (lang) => {
      const core = await services.ready();
      const w = WORDS[lang];
      // A list as the supplier base export writes it: the platform ID first.
      const created = (await call('rows:page', { jobId, limit: 4 })).rows
        .filter((r) => r.platformId)
        .slice(lang === 'de' ? 0 : 2, lang === 'de' ? 2 : 4);
      const list = path.join(dir, `deactivate-${lang}.xlsx`);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Suppliers');
      ws.addRow([w.platformId, 'Name']);
      for (const r of created) ws.addRow([r.platformId, r.cells[1]]);
      await wb.xlsx.writeFile(list);
      services.grants.grantRead(list);
      const p = await call('files:preview', { path: list });
      const made = await call('jobs:create', {
        path: list,
        connectionId: core.sandboxConnectionId!,
        mapping: p.suggestion.mapping,
        options: {
          skipExisting: false,
          screeningPeriod: null,
          validate: false,
          operation: 'deactivate',
        },
        lang,
      });
      await call('jobs:check', { jobId: made.jobId });
      await until(made.jobId, (j) => !j.running && j.state === 'ready', 'ready');
      await call('jobs:start', { jobId: made.jobId, confirmed: true, confirmedCount: 2 });
      await until(made.jobId, ended, 'its end');
      const out = path.join(dir, `deactivate-${lang}.results.xlsx`);
      await call('jobs:export', { jobId: made.jobId, format: 'xlsx', path: out });
      const book = await sheets(out);
      const [head, ...rows] = book.values(w.results);
      // The platform ids the sheet holds (Attach to platform ID is the user's to type into).
      const ids = head!.filter((h) => /platform|plattform/i.test(h) && !isAttachHeader(h));
      expect(ids).toEqual([
        w.platformId,
        lang === 'de' ? 'Gefundene Plattform-ID' : 'Platform ID found',
      ]);
      expect(new Set(head).size).toBe(head!.length);
      // The found platform ID is the list's own, and the rows are in words.
      for (const r of rows) {
        expect(r[head!.indexOf(ids[1]!)]).toBe(r[0]);
        expect(rawCodes(r[head!.indexOf('Status')] ?? '', lang)).toEqual([]);
      }
    },
    60_000,
  );
});
