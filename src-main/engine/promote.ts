// Moves the rows that need no request to their next state, all in bulk (the row runner calls it
// on every pass): a matched row of a kind with its own write to that write's queue; for an
// onboarding, new rows to the create queue, existing ones to their ids and follow-ups (or
// skipped), created ones to their follow-ups a batch at a time.
import type { RunContext } from './context';
import { afterCreate, afterIdentifiers } from './policy/progression';
import type { Counts } from './runSkeleton';

/** Created rows moved on to their follow-up per commit, and how often when fewer wait. */
const PROMOTE_BATCH = 500;
const PROMOTE_EVERY_MS = 1_000;

export class Promoter {
  /** When created rows were last moved on to their follow-up. */
  private promotedAt = Number.NEGATIVE_INFINITY;
  /** The job's mapping fills the screening period or the validation from the sheet. */
  rowsOrderPaidWork = false;

  constructor(private readonly run: RunContext) {}

  /** Moves rows that need no request to their next state, all in bulk: a matched row of a kind
   *  with its own write to that write's queue; for an onboarding, new → queued, exists and
   *  created → their ids and follow-ups (or skipped). */
  promote(counts: Counts): void {
    const { journal, jobId, clock, settings } = this.run.d;
    const options = this.run.options;
    const matchedTo = this.run.kind.matchedTo;
    if (matchedTo) {
      // Such a kind never creates: its check leaves no row new.
      const why = { reason: matchedTo, nextAttemptAt: 0 } as const;
      if (counts.exists) while (journal.moveRows(jobId, 'exists', matchedTo, why) > 0);
      return;
    }
    if (counts.new) while (journal.moveRows(jobId, 'new', 'queued', { reason: 'checked_new' }) > 0);
    if (counts.exists) {
      // Where rows order screening or validation by their own columns, each existing supplier
      // goes by the screening step, which sends nothing for a row that orders nothing.
      const [to, why] = options.skipExisting
        ? (['skipped', 'exists_skipped'] as const)
        : this.rowsOrderPaidWork
          ? (['screening_queued', 'exists'] as const)
          : ([afterIdentifiers(options, undefined), 'exists'] as const);
      // An existing supplier gets the row's customer and own ids first, also when it is
      // skipped (then nothing more: policy/progression.ts afterIdentifiers).
      const attach = { reason: 'exists' as const, attaching: true, nextAttemptAt: 0 };
      while (journal.moveRows(jobId, 'exists', 'identifiers_queued', attach) > 0);
      while (journal.moveRows(jobId, 'exists', to, { reason: why }) > 0);
    }
    // Created rows are moved on a batch at a time: at most once a second unless a full batch
    // waits, and at once when nothing else is left to do.
    const now = clock.now();
    const due =
      (counts.created ?? 0) >= PROMOTE_BATCH ||
      now - this.promotedAt >= PROMOTE_EVERY_MS ||
      !this.run.lanes.busy;
    if (!counts.created || !due || !this.run.lanes.idle('promote')) return;
    this.promotedAt = now;
    // Per row: whether screening or validation was asked for on create decides the state.
    const rows = journal.takeDue(jobId, ['created'], Number.MAX_SAFE_INTEGER, PROMOTE_BATCH);
    if (!rows.length) return;
    // In the next group commit: at the API's pace it rides with a request's intent.
    this.run.lanes.spawn('promote', undefined, async () => {
      await journal.recordOutcomesAsync(
        rows.map((row) => ({
          rowId: row.id,
          from: 'created',
          to: afterCreate(options, row),
          patch: { nextAttemptAt: clock.now() + settings.statusPollBaseMs, attempts: 0 },
        })),
      );
    });
  }
}
