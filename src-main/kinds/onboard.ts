// The onboarding: creates the suppliers of a list that do not exist yet, attaches their ids, and
// orders screening and validation where the plan says so.
import type { JobPlanView } from '../../src-shared/contract';
import { KIND_TRAITS } from '../../src-shared/operations';
import { JobRunner } from '../engine/jobRunner';
import { CREATE_FIGURES, sentByState, type RowCounts } from '../engine/kindFigures';
import type { RowKind } from '../engine/rowKind';
import type { JobKind, Said } from './types';

/** Rows whose create may still leave: unchecked, new and already queued (a resumed job). */
const CREATE_STATES = ['valid', 'new', 'queued'] as const;
/** The states its identifier check sorts rows into, as the Check card shows them. */
const CHECK_STATES = ['new', 'exists', 'ambiguous', 'pending'] as const;

const ROW_KIND: RowKind = {
  figures: CREATE_FIGURES,
  check: 'lists',
  matchedTo: undefined,
  opResults: false,
  findsDuplicates: true,
};

/** "N of them are ordered by the list's own column "X"" (or by a fixed value of the mapping). */
function fromColumn(n: number, column: string | null): Said {
  return column === null
    ? { key: 'cli.plan.fromFixed', count: n }
    : { key: 'cli.plan.fromColumn', count: n, params: { column } };
}

/** An onboarding's figures: creations, screening, validation. */
function planSaid(plan: JobPlanView): Said[] {
  const r = plan.rows;
  const out: Said[] = [
    { key: 'cli.plan.create', count: plan.creations, params: { existing: r.existing } },
  ];
  if (r.inDoubt > 0) out.push({ key: 'cli.plan.inDoubt', count: r.inDoubt });
  if (r.unchecked > 0) out.push({ key: 'cli.plan.unchecked', count: r.unchecked });
  if (r.pending > 0) out.push({ key: 'cli.plan.pending', count: r.pending });
  if (plan.skipExisting && r.existing > 0) out.push({ key: 'cli.plan.skipExisting' });
  if (plan.identifiersToAttach > 0)
    out.push({ key: 'cli.plan.attach', count: plan.identifiersToAttach });
  // Paid work is named only when some is ordered: a period chosen for no row orders nothing.
  const s = plan.screening;
  if (s && s.suppliers > 0) {
    for (const p of s.byPeriod.filter((b) => b.suppliers > 0))
      out.push({
        key: 'cli.plan.screening',
        count: p.suppliers,
        params: { years: String(p.years) },
      });
    if (s.fromColumn > 0) out.push(fromColumn(s.fromColumn, s.column));
    if (s.existing > 0) out.push({ key: 'cli.plan.screeningExisting', count: s.existing });
  } else out.push({ key: 'cli.plan.noScreening' });
  // Ordered already by this job (a resumed start): said as sent, not as still to order.
  const sent = (plan as Partial<JobPlanView>).paidSent;
  if (sent && sent.screenings > 0)
    out.push({ key: 'cli.plan.screeningSent', count: sent.screenings });
  const v = plan.validation;
  if (v && v.suppliers > 0) {
    out.push({ key: 'cli.plan.validation', count: v.suppliers, params: { existing: v.existing } });
    if (v.fromColumn > 0) out.push(fromColumn(v.fromColumn, v.column));
  } else out.push({ key: 'cli.plan.noValidation' });
  if (sent && sent.validations > 0)
    out.push({ key: 'cli.plan.validationSent', count: sent.validations });
  return out;
}

export const onboardKind: JobKind = {
  name: 'onboard',
  traits: KIND_TRAITS.onboard,
  figures: CREATE_FIGURES,
  runner: (deps) => new JobRunner(deps, ROW_KIND),
  planCounts: (counts: RowCounts) => ({
    creations: CREATE_STATES.reduce((a, s) => a + (counts[s] ?? 0), 0),
    changes: [],
  }),
  inDoubtStates: ['sending', 'in_doubt'],
  planSaid,
  summaryCounts: [
    ['rows', 'rows'],
    ['created', 'created'],
    ['existing', 'existing'],
    ['invalid', 'invalid'],
    ['rejected', 'rejected'],
    ['failed', 'failed'],
    ['pending', 'pending'],
    ['validation_rejected', 'validationRejected'],
    ['screening_aborted', 'screeningAborted'],
    ['screening_findings', 'screeningFindings'],
    ['needs_review', 'needsReview'],
  ],
  resultsWord: () => 'results',
  opResults: false,
  fixesInApp: true,

  // ---- its own shapes on the front doors (issue 40)
  /** The import's own options are an onboarding's (cli/args.ts). */
  cli: {
    options: [],
    help: {
      what: ['onboard (the default): create the suppliers of the list;'],
      ends: [
        'The last line of an onboarding is a summary: rows= created= existing= invalid= rejected= failed= pending=',
        'validation_rejected= screening_aborted= screening_findings= needs_review= (suppliers whose',
        'validation the platform rejected, whose screening it stopped, whose screening found something to',
        'review on the platform, or whose status is a word the app does not know: they exist, but need you;',
        'counted in the exit code like rejected rows). A supplier created (or found) whose later step',
        'needs you counts in created= (or existing=) and in failed=.',
      ],
    },
  },
  /** The check's states, and the rows waiting for a decision as likely duplicates when any do. */
  checkFigures: (counts) => [
    ...CHECK_STATES.map((name) => ({ name, count: counts[name] ?? 0 })),
    ...((counts.duplicate ?? 0) > 0 ? [{ name: 'duplicate', count: counts.duplicate ?? 0 }] : []),
  ],
  sentRows: sentByState,
};
