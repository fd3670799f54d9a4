// Duplicate decisions that last: a decision on a likely duplicate ("keep: not a duplicate",
// "leave out", "attach to platform N") is kept per connection by the identity of the row it was
// about — its supplier id and source, or, without one, a fingerprint of its folded name and
// address — with the candidates it was decided against. When the same row comes again, in any
// later job or list of that connection, and has no candidate the decision did not see, the check
// carries it out instead of asking; a new candidate asks again. Kept in the journal's settings
// (`dupdecision:<connection>:<fingerprint>`), one entry per row identity, the newest decision.
import { foldCity, foldName, foldStreet } from '../dedupe/fold';
import type { Journal, JournalRow } from '../journal/journal';
import type {
  DuplicateDecision,
  RememberedDecision,
  RowDuplicates,
} from '../../src-shared/duplicates';
import { identityKey } from '../../src-shared/supplier';

export interface MemoryEntry extends RememberedDecision {
  /** The candidates the decision saw: other rows by fingerprint, platform suppliers as `p:ID`. */
  candidates: string[];
  /** An attach to a supplier the user found on the platform by hand (services/onboarding/
   *  platformMatch.ts), not to one of the row's candidates: carried out for the row also when
   *  the check finds no candidate, or others it saw. */
  byHand?: boolean;
}

const KEY = (connectionId: string, fingerprint: string) =>
  `dupdecision:${connectionId}:${fingerprint}`;

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A row's identity for remembered decisions: `id:<supplier id and source>`, or `fp:` its folded
 *  name, street and city and country (a row without a supplier id); '' without a name. */
export function fingerprintOf(payload: Record<string, unknown> | null | undefined): string {
  const p = payload ?? {};
  const sid = p.supplierId as { id?: unknown; source?: unknown } | undefined;
  const id = text(sid?.id).trim();
  if (id) return 'id:' + identityKey({ id, source: text(sid?.source) });
  const name = foldName(text(p.name)).core;
  if (!name) return '';
  const country = text(p.countryCode).trim().toUpperCase();
  const street = foldStreet(text(p.address), country);
  return [
    'fp:' + country,
    name,
    street ? street.name + ' ' + street.number : '',
    foldCity(text(p.city)).join(' '),
  ].join('|');
}

/** The candidates a row has now: the other rows of its group by fingerprint, and the platform's
 *  suppliers as `p:ID`; sorted. */
export function candidatesOf(
  journal: Journal,
  jobId: string,
  duplicates: RowDuplicates | null | undefined,
): string[] {
  const out = new Set<string>();
  for (const r of duplicates?.rows ?? []) {
    const other = journal.rowAtSource(jobId, r.sourceRow);
    const f = other ? fingerprintOf(other.payload as Record<string, unknown>) : '';
    out.add(f || `row:${jobId}:${r.sourceRow}`);
  }
  for (const b of duplicates?.base ?? []) out.add('p:' + b.platformId);
  return [...out].sort();
}

/** Keeps the decision made on `row` (with the candidates it has now) for later lists. */
export function rememberDecision(
  journal: Journal,
  connectionId: string,
  row: Pick<JournalRow, 'payload' | 'duplicates' | 'jobId'>,
  decision: DuplicateDecision,
  platformId: string | null,
  job: { id: string; name: string },
  at: number,
  byHand = false,
): void {
  const fingerprint = fingerprintOf(row.payload as Record<string, unknown>);
  if (!fingerprint) return;
  const entry: MemoryEntry = {
    decision,
    platformId,
    jobId: job.id,
    jobName: job.name,
    at,
    candidates: candidatesOf(journal, row.jobId, row.duplicates),
    ...(byHand ? { byHand: true } : {}),
  };
  journal.setSetting(KEY(connectionId, fingerprint), entry);
  if (byHand) journal.setSetting(HAND_KEY(connectionId), true);
}

/** Set once the connection has a decision made by hand: only then does the check look up the
 *  rows without candidates as well (one settings read per row otherwise spared). */
const HAND_KEY = (connectionId: string) => `dupdecision-byhand:${connectionId}`;

export function hasHandDecisions(journal: Journal, connectionId: string): boolean {
  return journal.getSetting(HAND_KEY(connectionId)) === true;
}

/** The decision remembered for this row, if it saw every candidate the row has now; an attach
 *  to a supplier found by hand whatever candidates the row has (the user chose the supplier). */
export function recallDecision(
  journal: Journal,
  connectionId: string,
  row: Pick<JournalRow, 'payload' | 'jobId'>,
  duplicates: RowDuplicates | null,
): MemoryEntry | undefined {
  const fingerprint = fingerprintOf(row.payload as Record<string, unknown>);
  if (!fingerprint) return undefined;
  const entry = journal.getSetting(KEY(connectionId, fingerprint)) as MemoryEntry | undefined;
  if (!entry || !Array.isArray(entry.candidates)) return undefined;
  if (entry.byHand && entry.decision === 'attach' && entry.platformId) return entry;
  const seen = new Set(entry.candidates);
  const now = candidatesOf(journal, row.jobId, duplicates);
  if (!now.every((c) => seen.has(c))) return undefined;
  if (entry.decision === 'attach' && !now.includes('p:' + entry.platformId)) return undefined;
  return entry;
}

/** Forgets the decision remembered for this row (the user takes it back): asked again. */
export function forgetDecision(
  journal: Journal,
  connectionId: string,
  payload: Record<string, unknown> | null | undefined,
): boolean {
  const fingerprint = fingerprintOf(payload);
  if (!fingerprint) return false;
  const key = KEY(connectionId, fingerprint);
  if (journal.getSetting(key) === undefined) return false;
  journal.deleteSetting(key);
  return true;
}
