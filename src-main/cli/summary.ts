// The last line of every run: the figures of the job's rows, key=value, the same in every
// language (scripts and tests read them).
import { attentionReasons } from '../../src-shared/outcomes';
import { KINDS, kindsByName, type JobKind } from '../kinds';
import { FOLLOW_UP_STATES } from '../../src-shared/rowStates';
import type { Journal, JournalRow } from '../journal/journal';
import { hasKey, word } from '../../src-shared/i18n';
import type { ProgressView } from './progressView';
import type { Words } from './words';
import { HELD_BY_OTHER_JOB } from '../services/plan';

export interface Summary {
  rows: number;
  created: number;
  existing: number;
  invalid: number;
  rejected: number;
  failed: number;
  pending: number;
  /** Of the rows above, those whose validation the platform rejected (or whose screening it
   *  aborted): the supplier exists, but the user has to act. */
  validationRejected: number;
  screeningAborted: number;
  /** Of the rows above, those whose screening found something: the findings are to be reviewed
   *  on the platform (the run exits 1, like any row that needs the user). */
  screeningFindings: number;
  /** Finished rows whose screening or validation status is a word the app does not know. */
  needsReview: number;
  /** An id an onboarding attaches that another supplier has: the user decides (a kind's own
   *  outcome may be counted here too). */
  onOther: number;
  /** The kinds' own counts (their `summaryCounts`): rows by their own outcome (`summaryOutcomes`:
   *  what a DELETE, a POST or the check came to). */
  [count: string]: number;
}

/** The counts every job has, in the summary's order (the --json summary's keys). */
const BASE_COUNTS = [
  'rows',
  'created',
  'existing',
  'invalid',
  'rejected',
  'failed',
  'pending',
  'validationRejected',
  'screeningAborted',
  'screeningFindings',
  'needsReview',
] as const;
/** Of those, the rows that need the user (counted in the exit code). */
const BASE_NEEDING_USER = [
  'invalid',
  'rejected',
  'failed',
  'onOther',
  'validationRejected',
  'screeningAborted',
  'screeningFindings',
  'needsReview',
] as const;

/** The kinds whose jobs the import makes (a kind with a command of its own sums up there), the
 *  default first and the others by name, so the summary's counts keep their order. */
function importKinds(): JobKind[] {
  return kindsByName().filter((k) => !k.cli.ownCommand);
}

/** Every count of the summary, zero: the base ones, the kinds' own in their order. */
function zeroCounts(): Summary {
  const keys = [
    ...BASE_COUNTS,
    ...importKinds().flatMap((k) => k.summaryCounts.map(([, count]) => count)),
    'onOther',
  ];
  return Object.fromEntries(keys.map((k) => [k, 0])) as Summary;
}

/** Each own outcome of a row (the kinds other than onboarding) → the count it goes to; the
 *  first kind that names it decides. */
function outcomeCounts(): Map<string, string> {
  const out = new Map<string, string>();
  for (const kind of importKinds())
    for (const [opResult, o] of Object.entries(kind.summaryOutcomes ?? {}))
      if (!out.has(opResult)) out.set(opResult, o.count);
  return out;
}

const FAILED = new Set(['needs_user', 'vanished', 'ambiguous']);
const SUPPLIER_STATES = new Set<string>([
  'created',
  'done',
  ...FOLLOW_UP_STATES,
  'exists',
  'skipped',
]);

export function summarize(journal: Journal, jobId: string): Summary {
  return summaryOf(journal.eachRow(jobId));
}

export function summaryOf(rows: Iterable<JournalRow>): Summary {
  const s = zeroCounts();
  const outcomes = outcomeCounts();
  for (const row of rows) count(s, row, outcomes);
  return s;
}

function count(s: Summary, row: JournalRow, outcomes: ReadonlyMap<string, string>): void {
  s.rows++;
  // The same reasons every screen counts (src-shared/outcomes.ts attentionReasons).
  const reasons = attentionReasons(row);
  if (reasons.includes('validation_rejected')) s.validationRejected++;
  if (reasons.includes('screening_aborted')) s.screeningAborted++;
  if (reasons.includes('screening_findings')) s.screeningFindings++;
  if (reasons.includes('validation_unknown') || reasons.includes('screening_unknown'))
    s.needsReview++;
  // An id an onboarding attaches that another supplier has: the user decides (exit code 1).
  if (reasons.includes('id_on_other')) s.onOther++;
  const byResult = row.opResult ? outcomes.get(row.opResult) : undefined;
  if (byResult) s[byResult] = (s[byResult] ?? 0) + 1;
  // Left out for another job that holds the same supplier: still to do, not existing.
  else if (row.errorCode === HELD_BY_OTHER_JOB) s.pending++;
  else if (row.state === 'invalid') s.invalid++;
  else if (row.state === 'rejected') s.rejected++;
  else if (FAILED.has(row.state)) {
    s.failed++;
    // Its supplier exists all the same (created, then a later step needed the user, such as an
    // id of a refused type): counted there too, as the results' Summary sheet counts it.
    if (row.platformId) {
      if (row.createdByJob) s.created++;
      else s.existing++;
    }
  } else if (row.state === 'cancelled') s.pending++;
  else if (SUPPLIER_STATES.has(row.state) && row.platformId) {
    // Made by this job's own create: answered 202, or confirmed by reconciling a lost answer
    // (which may have no creation UUID).
    if (row.createdByJob) s.created++;
    else s.existing++;
  } else if (row.state === 'skipped') s.existing++;
  else s.pending++;
}

/** The rows that need the user once the run ended: to correct, to decide, or a result to act
 *  on (a rejected validation, a stopped screening, findings to review, a status the app does
 *  not know, an id on another supplier, and a kind's own outcome that needs the user: a
 *  supplier not found). Counted in the exit code; a count is summed once. */
export function rowsNeedingUser(s: Summary): number {
  const counts = new Set<string>(BASE_NEEDING_USER);
  for (const kind of importKinds())
    for (const o of Object.values(kind.summaryOutcomes ?? {})) if (o.needsUser) counts.add(o.count);
  return [...counts].reduce((n, c) => n + (s[c] ?? 0), 0);
}

/** The summary line: the counts the job's kind names, `label=count` in its order. */
export function summaryLine(s: Summary, kind: JobKind = KINDS.onboard): string {
  return countsLine(kind, s);
}

/** A kind's counts as `label=count` pairs (kinds/ summaryCounts). */
export function countsLine(kind: JobKind, counts: object): string {
  const c = counts as Record<string, unknown>;
  return kind.summaryCounts.map(([label, key]) => `${label}=${String(c[key] ?? 0)}`).join(' ');
}

/** The job's state as a run that ended says it: a run stopped by a full disk (or paused) may
 *  have found no room to write its state, which then still reads "running" in the journal; the
 *  job is paused all the same (nothing runs any more), so that is what the last lines say. */
export function stateAfterRun(state: string, exit: string): string {
  const stopped = exit === 'disk_full' || exit === 'paused' || exit === 'access_denied';
  return stopped && (state === 'running' || state === 'waiting_network') ? 'paused' : state;
}

/** The first invalid rows' problems, after an import. */
export function printProblems(journal: Journal, jobId: string, view: ProgressView, w: Words): void {
  const page = journal.pageRows(jobId, { states: ['invalid'], limit: 20 });
  for (const row of page.rows) {
    for (const p of row.problems ?? [])
      view.log(`  ${p.code ? w.problem({ ...p, code: p.code }) : p.message}`, {
        row: row.sourceRow,
      });
  }
  if (page.nextCursor !== null) view.log(w.t('cli.import.moreProblems'));
}

/** A job state as the end line names it: in English as it is written ("needs attention"), in
 *  other languages the interface's word for it (`jobState.<state>`). */
export function stateWord(w: Words, state: string): string {
  const key = `jobState.${state}`;
  return w.lang !== 'en' && hasKey(key) ? word(w.lang, key) : state.replace(/_/g, ' ');
}
