// A row's supplier found on the platform by hand: the platform's active suppliers searched by
// name, city, postal code or id (the list the last check of the connection read whole, or a
// fresh read of every page), and the row attached to the one the user chose. The chosen supplier
// is verified active first (find-by-identifier by its platform id); the row becomes `exists`
// with that platform id (nothing is created, its ids go there: engine/policy/attach.ts), and the
// decision is remembered for the connection as an attach by hand (engine/duplicateMemory.ts).
import type {
  CommandInput,
  CommandOutput,
  PlatformSearchQuery,
  PlatformSupplierFound,
} from '../../../src-shared/contract';
import { AppFailure, appError, failWith } from '../../../src-shared/errors';
import { answerError, type SupplierPage } from '../../api';
import { citiesAgree, nameSimilarity } from '../../dedupe/compare';
import { foldCity, foldName, normalisePostalCode } from '../../dedupe/fold';
import { duplicateFiguresOf } from '../../engine/duplicates';
import { rememberDecision } from '../../engine/duplicateMemory';
import { listShape } from '../../engine/payload';
import type { Job, JournalRow, RowOutcome } from '../../journal/journal';
import { ATTACHABLE_STATES, type RowState } from '../../journal/rowStates';
import { kindOf } from '../../kinds';
import type { Ctx } from './context';
import { rowView } from './rows';

type Listed = SupplierPage['content'][number];

/** A name agrees from this similarity on, or when the supplier's name holds every word asked. */
const NAME_AGREES = 0.6;

/** The states a row can be attached from: nothing of it was sent. An `exists` row only when it
 *  was attached before (its own id named no supplier). */
const ATTACHABLE: readonly RowState[] = [...ATTACHABLE_STATES, 'exists'];

function onboardingJob(ctx: Ctx, jobId: string): Job {
  const job = ctx.journal.getJob(jobId) ?? failWith('not_found', { reason: 'job', jobId });
  if (!kindOf(job.options).traits.createsSuppliers) failWith('not_found', { reason: 'job', jobId });
  return job;
}

const fail = (answer: Parameters<typeof answerError>[0]): never => {
  throw new AppFailure(answerError(answer) ?? appError('api_unexpected_response'));
};

/** Every page of the connection's supplier list, read now, and kept for the next search. */
async function readBase(ctx: Ctx, connectionId: string, jobId: string) {
  const rt = ctx.engine.runtime(connectionId);
  const asked = ctx.engine.settings.listPageSize;
  const at = ctx.clock.now();
  const o = { jobId, kind: 'check' as const };
  const first = await rt.api.listSuppliers(0, asked, o);
  if (first.kind !== 'ok') return fail(first);
  const items = [...first.value.content];
  const shape = listShape(first.value, asked);
  if (shape) {
    const pages = await Promise.all(
      Array.from({ length: Math.max(0, shape.pages - 1) }, (_, i) =>
        rt.api.listSuppliers(i + 1, shape.size, o),
      ),
    );
    for (const p of pages) {
      if (p.kind !== 'ok') return fail(p);
      items.push(...p.value.content);
    }
  } else {
    // Without a page count: pages until one comes back short.
    for (let page = 1, last = first.value; last.content.length >= asked; page++) {
      const p = await rt.api.listSuppliers(page, asked, o);
      if (p.kind !== 'ok') return fail(p);
      items.push(...p.value.content);
      last = p.value;
    }
  }
  rt.keepBase(items, at);
  return { items, at };
}

const text = (v: string | null | undefined) => (v ?? '').trim();

/** Each listed supplier's folded name, folded once for all the searches of the list kept. */
const folded = new WeakMap<object, ReturnType<typeof foldName>>();
function foldedName(s: { name?: string | null }) {
  let f = folded.get(s);
  if (!f) folded.set(s, (f = foldName(text(s.name))));
  return f;
}

/** How `s` agrees with the query: its score (name similarity, 1 without a name), or null. */
export function agreement(
  s: Pick<Listed, 'platformTargetId' | 'name' | 'city' | 'postalCode' | 'countryCode'> & {
    supplierIds?: readonly { id: string }[] | null;
  },
  q: PlatformSearchQuery,
): number | null {
  const id = q.id.trim().toLowerCase();
  if (id) {
    const ids = [String(s.platformTargetId), ...(s.supplierIds ?? []).map((i) => i.id)];
    if (!ids.some((x) => x.trim().toLowerCase() === id)) return null;
  }
  const country = text(s.countryCode).toUpperCase();
  if (q.postalCode.trim()) {
    // The code as typed is the start of the supplier's ("591" finds 59100), or the same code
    // by the country's convention (DE 1067 is 01067).
    const typed = q.postalCode
      .trim()
      .toUpperCase()
      .replace(/[\s.\-–/]+/g, '');
    const have = normalisePostalCode(s.postalCode, country);
    const same = normalisePostalCode(q.postalCode, country) === have;
    if (!have || !(same || have.startsWith(typed))) return null;
  }
  if (q.city.trim()) {
    const want = foldCity(q.city);
    const have = foldCity(s.city);
    const prefix = want.join(' ');
    if (!citiesAgree(want, have) && !(prefix && have.join(' ').startsWith(prefix))) return null;
  }
  if (!q.name.trim()) return 1;
  const want = foldName(q.name);
  const have = foldedName(s);
  const words = have.tokens.join(' ');
  const within = want.tokens.length > 0 && want.tokens.every((t) => words.includes(t));
  const similar = nameSimilarity(want, have);
  if (!within && similar < NAME_AGREES) return null;
  return Math.max(similar, within ? 0.9 : 0);
}

function found(s: Listed, score: number): PlatformSupplierFound {
  return {
    platformId: String(s.platformTargetId),
    name: s.name ?? null,
    street: s.address ?? null,
    postalCode: s.postalCode ?? null,
    city: s.city ?? null,
    countryCode: s.countryCode ?? null,
    supplierIds: (s.supplierIds ?? []).map((i) => (i.source ? `${i.id} (${i.source})` : i.id)),
    score: Math.round(score * 100) / 100,
  };
}

/** The platform's suppliers that agree with the query, best first. */
export async function searchPlatform(
  ctx: Ctx,
  input: CommandInput<'duplicates:searchPlatform'>,
): Promise<CommandOutput<'duplicates:searchPlatform'>> {
  const job = onboardingJob(ctx, input.jobId);
  const kept = input.fresh ? undefined : ctx.engine.runtime(job.connectionId).keptBase();
  const base = kept ?? (await readBase(ctx, job.connectionId, job.id));
  const query: PlatformSearchQuery = { name: '', city: '', postalCode: '', id: '', ...input.query };
  const asked = Object.values(query).some((v) => v.trim());
  const hits: { s: Listed; score: number }[] = [];
  if (asked) {
    for (const s of base.items) {
      const score = agreement(s, query);
      if (score !== null) hits.push({ s, score });
    }
  }
  hits.sort((a, b) => b.score - a.score || (a.s.name ?? '').localeCompare(b.s.name ?? ''));
  return {
    suppliers: hits.slice(0, input.limit ?? 25).map((h) => found(h.s, h.score)),
    matches: hits.length,
    baseSize: base.items.length,
    readAt: base.at,
    readNow: !kept,
  };
}

/** The supplier with this platform id, if the platform has it active (one find-by-identifier). */
export async function activeSupplier(ctx: Ctx, connectionId: string, platformId: string) {
  const answer = await ctx.engine
    .runtime(connectionId)
    .api.findByIdentifier({ platformId }, { kind: 'check' });
  if (answer.kind !== 'ok') return fail(answer);
  const f = answer.value;
  return f.found === 'one' && String(f.supplier.platformTargetId) === platformId
    ? f.supplier
    : undefined;
}

/** Whether a row can still be attached: nothing of it was sent, and it is not an existing
 *  supplier by its own id. */
export function attachable(row: Pick<JournalRow, 'state' | 'duplicateDecision'>): boolean {
  if (!ATTACHABLE.includes(row.state)) return false;
  return row.state !== 'exists' || row.duplicateDecision === 'attach';
}

/** The move of a row to the supplier `platformId`: `exists`, attached, nothing created. */
export function attachOutcome(
  row: Pick<JournalRow, 'id' | 'state'>,
  platformId: string,
  reason: 'attached_by_hand' | 'attached_from_results',
): RowOutcome {
  return {
    rowId: row.id,
    from: row.state,
    to: 'exists',
    patch: {
      duplicateDecision: 'attach',
      platformId,
      createdByJob: false,
      nextAttemptAt: 0,
      errorCode: null,
      errorMessage: null,
      errorParams: null,
    },
    reason,
    reasonParams: { platformId },
  };
}

/** Attaches a row to the supplier the user found: verified active, carried out, remembered. */
export async function attachFound(
  ctx: Ctx,
  input: CommandInput<'duplicates:attachFound'>,
): Promise<CommandOutput<'duplicates:attachFound'>> {
  const job = onboardingJob(ctx, input.jobId);
  const { journal } = ctx;
  const before =
    journal.rowAtSource(job.id, input.sourceRow) ??
    failWith('not_found', { reason: 'row', rowId: input.sourceRow });
  const refuse = () => failWith('invalid_input', { reason: 'attach_state', row: input.sourceRow });
  if (!attachable(before)) refuse();
  const platformId = input.platformId;
  const supplier = await activeSupplier(ctx, job.connectionId, platformId);
  if (!supplier) failWith('api_not_found', { reason: 'attach_platform', platformId });
  // Read again after the API's answer: the engine may have taken the row meanwhile.
  const row = journal.getRow(before.id);
  if (!row || !attachable(row)) return refuse();
  const { applied } = journal.recordOutcomes([attachOutcome(row, platformId, 'attached_by_hand')]);
  if (!applied.length) return refuse();
  const now = journal.now();
  const attached = journal.getRow(row.id) ?? row;
  rememberDecision(journal, job.connectionId, attached, 'attach', platformId, job, now, true);
  ctx.onJobChanged?.(job.id);
  return {
    platformId,
    name: supplier.name ?? null,
    row: rowView(ctx, attached, job),
    figures: duplicateFiguresOf(journal, job.id),
  };
}
