// The identifier check: every valid row is sorted into new, exists, ambiguous or pending, from
// the supplier list (read whole, when that costs fewer reads) or find-by-identifier per row.
import { hasHandDecisions, recallDecision } from './duplicateMemory';
import type { FindResult, SupplierDetail, SupplierPage } from '../api';
import { OpenWords, recognisableIds, wordsText } from '../api/openWords';
import type { JournalRow, RowOutcome, RowPatch } from '../journal/journal';
import type { RowState } from '../journal/rowStates';
import type { RunContext } from './context';
import { BaseComparison, groupIfChanged } from './duplicates';
import { IdentityIndex } from './identityIndex';
import { reason, rowError, warningOf, type HistoryCode } from './messages';
import type { RowKind } from './rowKind';
import { findQuery, listShape, namedSupplier, supplierRef } from './payload';
import { backoffMs } from './progress';

export class Checker {
  /** A failed check is tried again after a backoff, not at once at the full read budget. */
  retryAt = 0;
  private round = 0;

  /** The platform's active suppliers as the list answered them, read by this check: the rows
   *  it would create are compared with them (engine/duplicates.ts). */
  private base: SupplierPage['content'] = [];
  /** Whether the whole list was read (else the rows are not compared with the platform's). */
  private baseRead = false;
  private comparison: BaseComparison | undefined;
  /** Whether the connection has a duplicate decision made by hand (read once per check). */
  private handDecisions: boolean | undefined;

  /** Identifiers whose `system` is no kind the app knows, as this check met them. */
  private readonly words = new OpenWords();

  /** A retry job's source job: the row that has each platform id there (read once a run). */
  private sourceRows: Map<string, { sourceRow: number; name: string }> | undefined;

  constructor(private readonly run: RunContext) {}

  /**
   * A retry job's row whose fixed id names a supplier that another row of the same list has
   * (one the job created for another company, say) is that row's problem: never "existed
   * before", and nothing is sent for it.
   */
  private notAnotherRows(row: JournalRow, outcome: RowOutcome): RowOutcome {
    const retryOf = this.run.options.retryOf;
    const platformId = outcome.patch?.platformId;
    if (!retryOf || outcome.to !== 'exists' || !platformId) return outcome;
    if (!this.sourceRows) {
      this.sourceRows = new Map();
      for (const r of this.run.d.journal.eachRow(retryOf)) {
        if (!r.platformId) continue;
        const name = (r.payload as { name?: unknown } | null)?.name;
        this.sourceRows.set(r.platformId, {
          sourceRow: r.sourceRow,
          name: typeof name === 'string' ? name : '',
        });
      }
    }
    const owner = this.sourceRows.get(platformId);
    if (!owner || owner.sourceRow === row.sourceRow) return outcome;
    return {
      rowId: row.id,
      from: outcome.from,
      to: 'invalid',
      patch: rowError('invalid_input.id_of_other_row', {
        id: supplierRef(row)?.id ?? '',
        otherRow: owner.sourceRow,
        otherName: owner.name,
        platformId,
      }),
    };
  }

  async check(): Promise<void> {
    const { journal, jobId, conn, settings, clock, random } = this.run.d;
    const { lanes, health } = this.run;
    lanes.set('check', 1);
    try {
      const total = journal.counts(jobId).valid ?? 0;
      if (!total) return;
      this.handDecisions = undefined;
      const signal = health.signal;
      // A job naming existing suppliers by any identifier: one lookup per row; the pending
      // list and the supplier list (matched by supplier id only) cannot answer it.
      if (this.run.kind.check === 'named') return await this.matchNamed();
      // Rows of the list that are likely one supplier site: grouped again when fixes may have
      // changed them since they were grouped.
      const dedupe = this.run.kind.findsDuplicates === true;
      if (dedupe) await groupIfChanged(journal, jobId);
      const pending = await conn.pending(clock.now(), { jobId, signal });
      if (pending.kind !== 'ok') return health.readFailed(pending);
      health.reachable();
      const index = new IdentityIndex();
      // An entry without its supplier id can be followed by uuid only, not matched to a row.
      index.addPending(
        [...pending.value.byUuid.values()].flatMap((p) =>
          p.supplierId ? [{ uuid: p.uuid, supplierId: p.supplierId }] : [],
        ),
      );

      let strategy = settings.checkStrategy;
      if (strategy !== 'lookup') {
        const first = await conn.api.listSuppliers(0, settings.listPageSize, {
          jobId,
          signal,
          kind: 'check',
        });
        if (first.kind !== 'ok') return health.readFailed(first);
        const shape = listShape(first.value, settings.listPageSize);
        // Without supplier ids on the items, or without a page count, the list cannot answer
        // the check: find-by-identifier per row can.
        if (!shape) strategy = 'lookup';
        else if (strategy === 'auto') strategy = shape.pages <= total ? 'list' : 'lookup';
        if (shape && (strategy === 'list' || (dedupe && settings.compareWithBase))) {
          // The rows the check would create are compared with the platform's suppliers: the
          // list is read whole for that too when each row is looked up (its pages are few
          // beside the rows).
          // Looked up one by one, the rows are not matched to the list's suppliers by id.
          const into = strategy === 'list' ? index : new IdentityIndex();
          const read = await this.readSupplierList(into, first.value.content, shape);
          if (read === 'failed') return;
          if (read === 'unusable') strategy = 'lookup';
        }
      }
      this.comparison =
        dedupe && this.baseRead && settings.compareWithBase
          ? await BaseComparison.of(this.base)
          : undefined;
      // Kept for a search of the base by hand (services/onboarding/platformMatch.ts).
      if (this.baseRead) conn.keepBase(this.base, clock.now());
      this.base = [];
      await this.matchRows(index, strategy === 'list' ? 'list' : 'lookup');
    } finally {
      lanes.set('check', 0);
      if ((journal.counts(jobId).valid ?? 0) > 0 && !health.signal.aborted) {
        this.retryAt =
          clock.now() +
          backoffMs(this.round++, settings.offlineBaseMs, settings.offlineCapMs, random);
      } else this.round = 0;
    }
  }

  /** Reads every page of the supplier list into the index (pages after the first in parallel,
   *  paced by the scheduler). */
  private async readSupplierList(
    index: IdentityIndex,
    firstContent: SupplierPage['content'],
    shape: { size: number; pages: number },
  ): Promise<'read' | 'failed' | 'unusable'> {
    const { conn, jobId } = this.run.d;
    this.base = [];
    this.baseRead = false;
    const add = (items: SupplierPage['content']) => {
      for (const s of items) this.base.push(s);
      if (!items.every((s) => s.supplierIds)) return false;
      this.noteWords(items);
      index.addSuppliers(
        items.map((s) => ({
          platformId: String(s.platformTargetId),
          supplierIds: recognisableIds(s),
        })),
      );
      return true;
    };
    if (!add(firstContent)) return 'unusable';
    const pageNumbers = Array.from({ length: Math.max(0, shape.pages - 1) }, (_, i) => i + 1);
    const signal = this.run.health.signal;
    const results = await Promise.all(
      pageNumbers.map((p) =>
        conn.api.listSuppliers(p, shape.size, { jobId, signal, kind: 'check' }),
      ),
    );
    for (const r of results) {
      if (r.kind !== 'ok') {
        this.run.health.readFailed(r);
        return 'failed';
      }
      if (!add(r.value.content)) return 'unusable';
    }
    this.baseRead = true;
    return 'read';
  }

  /** Hands the valid rows, 500 at a time, to `decide` and records its outcomes; stops when a
   *  batch had a failed read (fewer outcomes than rows: the loop comes back later). */
  private async inBatches(decide: (rows: JournalRow[]) => Promise<RowOutcome[]>): Promise<void> {
    const { journal, jobId } = this.run.d;
    for (;;) {
      if (this.run.health.signal.aborted) return;
      const rows = journal.takeDue(jobId, ['valid'], Number.MAX_SAFE_INTEGER, 500);
      if (!rows.length) return;
      const outcomes = await decide(rows);
      // Written at once, not in the next group commit: the check's outcomes are no answers to
      // ride with an intent, and waiting up to a group commit's window for each batch of 500
      // was most of a large check's time (0.25 s × 200 batches for 100,000 rows). One batch's
      // transaction is a few tens of milliseconds; the event loop is served between batches.
      if (outcomes.length) journal.recordOutcomes(outcomes);
      if (outcomes.length < rows.length) return;
      this.run.emitProgress();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Finds each row's supplier by the identifier it names; then the kind's own step of the
   *  check, when it has one (RowKind.named). */
  private matchNamed(): Promise<void> {
    const { jobId, conn } = this.run.d;
    const { health, options } = this.run;
    const own = this.run.kind.named;
    // What none found means for this job, when more than not found (RowKind.goneMeans).
    const gone = this.run.kind.goneMeans?.(options);
    const o = () => ({ jobId, signal: health.signal, kind: 'check' as const });
    return this.inBatches(async (rows) => {
      const outcomes: (RowOutcome | undefined)[] = await Promise.all(
        rows.map(async (row): Promise<RowOutcome | undefined> => {
          const ref = namedSupplier(row);
          if (!ref || (own && !own.readable(row, options))) return invalidPayload(row, 'valid');
          const answer = await conn.api.findByIdentifier(ref, o());
          if (answer.kind !== 'ok') return void health.readFailed(answer);
          const named = namedOutcome(row, answer.value, this.run.kind.notFound, gone);
          if (!own || named.to !== 'exists' || !named.patch?.platformId) return named;
          const { platformId, matched } = named.patch;
          return own.matched(this.run, row, { platformId, matched });
        }),
      );
      // A failed read leaves its row valid (fewer outcomes: the loop comes back later).
      return outcomes.filter((x): x is RowOutcome => x !== undefined);
    });
  }

  private matchRows(index: IdentityIndex, strategy: 'list' | 'lookup'): Promise<void> {
    const { jobId, conn } = this.run.d;
    const { health } = this.run;
    // The list shows the row's id without a source under a word the app does not know: the
    // API's find decides (openWords.ts), even when the list answers the other rows.
    const unsure = (ref: { id: string; source?: string | null }) =>
      this.words.inDoubt(ref) && index.match(ref).kind === 'new';
    return this.inBatches(async (rows) => {
      const outcomes: RowOutcome[] = [];
      const answers = await Promise.all(
        rows.map(async (row) => {
          const ref = supplierRef(row);
          if (!ref || (strategy === 'list' && !unsure(ref))) return { row, ref, answer: undefined };
          const answer = await conn.api.findByIdentifier(findQuery(ref), {
            jobId,
            signal: health.signal,
            kind: 'check',
          });
          return { row, ref, answer };
        }),
      );
      // A retry job's fixed id that names another row's supplier is that row's problem.
      const checkOutcome = (r: JournalRow, m: ReturnType<IdentityIndex['match']>) =>
        this.notAnotherRows(r, outcomeOfCheck(r, m));
      const held = () =>
        this.run.kind.findsDuplicates ? this.holdDuplicates(rows, outcomes) : outcomes;
      for (const { row, ref, answer } of answers) {
        if (!ref) {
          outcomes.push(invalidPayload(row, 'valid'));
          continue;
        }
        if (strategy === 'list' && !answer) {
          outcomes.push(checkOutcome(row, index.match(ref)));
          continue;
        }
        if (!answer) continue;
        if (answer.kind !== 'ok') {
          health.readFailed(answer);
          continue;
        }
        const found = answer.value;
        if (found.found === 'one') this.noteWords([found.supplier]);
        // Found by neither: not new, since the list's words leave it open. The check stops.
        if (found.found === 'none' && unsure(ref)) {
          this.cannotTell(row, ref);
          return held();
        }
        if (found.found === 'one') {
          const platformId = String(found.supplier.platformTargetId);
          outcomes.push(checkOutcome(row, { kind: 'exists', platformId }));
        } else if (found.found === 'ambiguous') {
          outcomes.push(checkOutcome(row, { kind: 'ambiguous', platformIds: [] }));
        } else {
          outcomes.push(checkOutcome(row, index.match(ref)));
        }
      }
      return held();
    });
  }

  /** Names the words of `system` the app does not know, each once per check. */
  private noteWords(suppliers: Parameters<OpenWords['see']>[0]): void {
    const fresh = this.words.see(suppliers);
    if (!fresh.length) return;
    const { events, jobId } = this.run.d;
    const words = wordsText(fresh);
    events.warning({ jobId, ...warningOf('identifier_system_unknown', { words }) });
  }

  /** Stops the check on a row whose supplier id the list shows under an unknown word without
   *  a source, and which the API's find does not find with the row's source. */
  private cannotTell(row: JournalRow, ref: { id: string; source?: string | null }): void {
    const words = wordsText(this.words.seen);
    const params = { words, id: ref.id, source: ref.source ?? '', row: row.sourceRow };
    this.run.health.cannotTell(reason('identifier_system_unknown', params));
  }

  /**
   * A row the check would create that likely is another row of its list or a supplier of the
   * platform is not created: it waits in `duplicate` for the user's decision, with its
   * suppliers kept on the row. A decision made before the check is carried out: left out
   * (`skipped`), or kept (created).
   */
  private holdDuplicates(rows: readonly JournalRow[], outcomes: RowOutcome[]): RowOutcome[] {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const toCreate = outcomes.filter((o) => o.to === 'new').map((o) => byId.get(o.rowId)!);
    if (!toCreate.length) return outcomes;
    const found = this.comparison?.candidates(toCreate) ?? new Map();
    return outcomes.map((o) => {
      if (o.to !== 'new') return o;
      const row = byId.get(o.rowId)!;
      const { base: _old, ...list } = row.duplicates ?? {};
      const base = found.get(row.id);
      const duplicates = list.rows || base ? { ...list, ...(base ? { base } : {}) } : null;
      const decision = row.duplicateDecision;
      if (decision === 'skip') {
        return { ...o, to: 'skipped', patch: { duplicates }, reason: 'duplicate_left_out' };
      }
      // Decided before in another job of the connection, against no candidate it has not seen
      // (or attached to a supplier found by hand): carried out, and said (duplicateMemory.ts).
      const { journal, conn } = this.run.d;
      this.handDecisions ??= hasHandDecisions(journal, conn.id);
      const memory =
        decision !== 'keep' && (duplicates || this.handDecisions)
          ? recallDecision(journal, conn.id, row, duplicates)
          : undefined;
      if ((!duplicates && !memory?.byHand) || decision === 'keep')
        return { ...o, patch: { ...o.patch, duplicates } };
      if (memory && memory.jobId !== row.jobId) {
        const { candidates: _seen, ...remembered } = memory;
        const patch = { ...o.patch, duplicates: { ...duplicates, remembered } };
        const params = { jobName: memory.jobName, at: new Date(memory.at).toISOString() };
        if (memory.decision === 'skip')
          return {
            ...o,
            to: 'skipped',
            patch: { ...patch, duplicateDecision: 'skip' },
            reason: 'duplicate_remembered_skip',
            reasonParams: params,
          };
        if (memory.decision === 'attach')
          return {
            ...o,
            to: 'exists',
            patch: {
              ...patch,
              duplicateDecision: 'attach',
              platformId: memory.platformId,
              createdByJob: false,
              nextAttemptAt: 0,
            },
            reason: 'duplicate_remembered_attach',
            reasonParams: { ...params, platformId: memory.platformId ?? '' },
          };
        return {
          ...o,
          patch: { ...patch, duplicateDecision: 'keep' },
          reason: 'duplicate_remembered_keep',
          reasonParams: params,
        };
      }
      return {
        ...o,
        to: 'duplicate',
        patch: { ...o.patch, duplicates, duplicateDecision: null },
        reason: 'duplicate_held',
      };
    });
  }
}

/** A named row's check outcome: matched (its platform id kept), several, or none active (left
 *  out: nothing to change, said in the results, with the kind's reason; or, where the kind
 *  says what none active means for the job, `gone`, done with that own outcome, asking
 *  nothing). */
function namedOutcome(
  row: JournalRow,
  found: FindResult<SupplierDetail>,
  notFound: HistoryCode = 'supplier_not_found',
  gone?: ReturnType<NonNullable<RowKind['goneMeans']>>,
): RowOutcome {
  const base = { rowId: row.id, from: 'valid' as RowState };
  if (found.found === 'one') {
    const { platformTargetId, name, city, countryCode } = found.supplier;
    const platformId = String(platformTargetId);
    // Its name and place as the platform answered: listed before a typed count is confirmed.
    const matched = { name: name ?? null, city: city ?? null, countryCode: countryCode ?? null };
    return { ...base, to: 'exists', patch: { platformId, matched }, reason: 'exists' };
  }
  if (found.found === 'ambiguous')
    return outcomeOfCheck(row, { kind: 'ambiguous', platformIds: [] });
  if (gone && found.found === 'none')
    return { ...base, to: 'done', patch: { opResult: gone.opResult }, reason: gone.reason };
  return {
    ...base,
    to: 'skipped',
    // Not a success: the row names a supplier the platform does not know (outcomes.ts).
    patch: { opResult: 'not_found', ...rowError('api_not_found.named_supplier') },
    reason: notFound,
  };
}

function invalidPayload(row: JournalRow, from: RowState): RowOutcome {
  return {
    rowId: row.id,
    from,
    to: 'invalid',
    patch: rowError('invalid_input.no_supplier_id'),
  };
}

function outcomeOfCheck(row: JournalRow, outcome: ReturnType<IdentityIndex['match']>): RowOutcome {
  const base = { rowId: row.id, from: 'valid' as RowState };
  switch (outcome.kind) {
    case 'new':
      return { ...base, to: 'new' };
    case 'exists':
      return { ...base, to: 'exists', patch: { platformId: outcome.platformId } };
    case 'pending':
      return { ...base, to: 'pending', patch: { creationUuid: outcome.uuid, nextAttemptAt: 0 } };
    case 'ambiguous':
      return {
        ...base,
        to: 'ambiguous',
        patch: (outcome.platformIds.length > 0
          ? rowError('api_ambiguous.platform_ids', {
              platformIds: outcome.platformIds.join(', '),
            })
          : rowError('api_ambiguous')) satisfies RowPatch,
      };
  }
}
