// Tracking creations through the pending list, in rounds: one pending-list read covers every row
// due when the round began (walked in batches), and the next round starts a poll interval after
// it. A row still pending is not written: when it is due again lives in memory, not in the
// journal, so a creation that takes hours costs no write per poll. After a restart every tracked
// row is due at once, which is one round.
import type { JournalRow } from '../journal/journal';
import { applyDecision } from './apply';
import type { RunContext } from './context';
import { trackPolicy } from './policy/evidence';
import { evidenceContext, find } from './reads';
import { PATHS } from '../api/wire';
import { TRACKED_STATES } from './stages';

export class Tracker {
  /** The round under way (when it began, where its walk is). */
  private round: { at: number; after?: { nextAttemptAt: number; id: number } } | undefined;
  /** When the next round may begin. */
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly run: RunContext) {}

  /** The earliest a tracked row needs the loop, or null (a round under way sets its own pace). */
  nextDueAt(): number | null {
    if (this.round) return null;
    const at = this.run.d.journal.nextDueAt(this.run.d.jobId, TRACKED_STATES);
    return at === null ? null : Math.max(at, this.nextAt);
  }

  fill(): void {
    const { lanes, d } = this.run;
    if (!lanes.idle('track')) return;
    const { journal, jobId, clock, settings } = d;
    if (!this.round) {
      const now = clock.now();
      if (now < this.nextAt) return;
      this.round = { at: now };
    }
    const round = this.round;
    const due = journal.takeDue(
      jobId,
      TRACKED_STATES,
      round.at,
      settings.batchSize * 5,
      round.after,
    );
    if (!due.length) {
      this.round = undefined;
      if (round.after) this.nextAt = round.at + settings.trackPollMs;
      return;
    }
    const last = due[due.length - 1]!;
    round.after = { nextAttemptAt: last.nextAttemptAt, id: last.id };
    lanes.spawn('track', undefined, () => this.track(due.filter((r) => !lanes.inHand.has(r.id))));
  }

  private async track(rows: JournalRow[]): Promise<void> {
    const { health, lanes, d } = this.run;
    const snap = await d.conn.pending(d.clock.now() - d.settings.trackPollMs / 2, {
      jobId: d.jobId,
      signal: health.signal,
    });
    if (snap.kind !== 'ok') {
      // The round starts again once the pending list can be read.
      this.round = undefined;
      return health.readFailed(snap);
    }
    health.reachable();
    // Still pending: nothing to write. Left the pending list: created, or (after the settle
    // delay) vanished.
    let still: string | undefined;
    const gone = rows.filter((row) => {
      const uuid =
        (row.creationUuid && snap.value.byUuid.has(row.creationUuid) && row.creationUuid) ||
        (row.identityKey && snap.value.byIdentity.get(row.identityKey));
      still ??= uuid || undefined;
      return !uuid;
    });
    // For the stall warning: the same pending status, round after round (once per round).
    if (still !== undefined)
      health.stall.note({
        kind: 'status',
        endpoint: `GET ${PATHS.pending}`,
        status: snap.value.byUuid.get(still)?.status ?? 'PENDING',
        known: true,
        waitMs: d.settings.expectedCreationMs,
      });
    await Promise.all(gone.map((row) => lanes.hold(row.id, () => this.resolveGone(row))));
  }

  private async resolveGone(row: JournalRow): Promise<void> {
    const evidence = await find(this.run, row);
    if (!evidence) return;
    await applyDecision(
      this.run,
      row,
      row.state,
      trackPolicy(evidence, row, evidenceContext(this.run)),
    );
  }
}
