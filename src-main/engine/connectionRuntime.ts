// One API connection as the engine uses it: the client, the scheduler that keeps every job on
// this connection inside one rate budget, and the pending list shared by all of them (one call
// covers every pending creation of the API user, so it is read once per poll, not once per row).
import type { ApiAnswer, ApiWarning, PendingSupplier, SchedulerEvent, SupplierPage } from '../api';
import { ApiClient, Scheduler, ThrottledApi, type TokenSource } from '../api';
import type { LimitWindow, SendLogStore } from '../api/limiter';
import type { Clock } from '../util/clock';
import type { CreateFieldNames } from '../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../src-shared/identifierTypes';
import { identityKey } from '../../src-shared/supplier';

export interface ConnectionRuntimeOptions {
  connectionId: string;
  baseUrl: string;
  token: TokenSource;
  clock: Clock;
  sendLog?: SendLogStore;
  limits?: { GET?: LimitWindow[]; WRITE?: LimitWindow[] };
  requestTimeoutMs?: number;
  concurrency?: { GET?: number; WRITE?: number };
  onSchedulerEvent?: (event: SchedulerEvent) => void;
  onWarning?: (warning: ApiWarning) => void;
  /** How creates spell city and address (the connection's setting). */
  fieldNames?: CreateFieldNames;
  /** What the API calls the customer id and the own id (the connection's setting). */
  identifierTypes?: IdentifierTypes;
  /** The transport (the global fetch by default). */
  fetch?: typeof fetch;
}

export interface PendingSnapshot {
  /** When the request that produced it was sent: everything applied before then is in it (or
   *  already processed into a supplier). */
  takenAt: number;
  byUuid: Map<string, PendingSupplier>;
  /** identity key (`id␟source`) → uuid */
  byIdentity: Map<string, string>;
}

export class ConnectionRuntime {
  readonly id: string;
  readonly client: ApiClient;
  readonly scheduler: Scheduler;
  readonly api: ThrottledApi;
  private readonly clock: Clock;
  private snapshot: PendingSnapshot | undefined;
  private inFlight: Promise<ApiAnswer<PendingSnapshot>> | undefined;
  /** The platform's active suppliers as last read whole (by a check, or a search by hand),
   *  and when: a search of the base by hand reads them here instead of reading them again. */
  private base: { items: SupplierPage['content']; at: number } | undefined;

  constructor(o: ConnectionRuntimeOptions) {
    this.id = o.connectionId;
    this.clock = o.clock;
    this.client = new ApiClient({
      baseUrl: o.baseUrl,
      token: o.token,
      ...(o.requestTimeoutMs !== undefined ? { timeoutMs: o.requestTimeoutMs } : {}),
      ...(o.onWarning ? { onWarning: o.onWarning } : {}),
      ...(o.fieldNames ? { fieldNames: o.fieldNames } : {}),
      ...(o.identifierTypes ? { identifierTypes: o.identifierTypes } : {}),
      ...(o.fetch ? { fetch: o.fetch } : {}),
    });
    const limits: { GET?: LimitWindow[]; WRITE?: LimitWindow[] } = {};
    if (o.limits?.GET) limits.GET = o.limits.GET;
    if (o.limits?.WRITE) limits.WRITE = o.limits.WRITE;
    this.scheduler = new Scheduler({
      connectionId: o.connectionId,
      clock: o.clock,
      limits,
      ...(o.sendLog ? { sendLog: o.sendLog } : {}),
      ...(o.concurrency ? { concurrency: o.concurrency } : {}),
      // Writes are the scarce budget; among them creates come first, then the follow-ups.
      kindWeights: { create: 2, screening: 1, validation: 1, check: 2, poll: 1 },
      ...(o.onSchedulerEvent ? { onEvent: o.onSchedulerEvent } : {}),
    });
    this.api = new ThrottledApi(this.client, this.scheduler);
  }

  /**
   * The pending list as of `notBefore` or later: the cached one when it is recent enough,
   * otherwise one new call (shared by every caller waiting at the same time).
   */
  async pending(
    notBefore: number,
    o: { jobId?: string; signal?: AbortSignal } = {},
  ): Promise<ApiAnswer<PendingSnapshot>> {
    if (this.snapshot && this.snapshot.takenAt >= notBefore) {
      return { kind: 'ok', value: this.snapshot, status: 200, info: {} };
    }
    // A list as of a moment still to come: wait for it rather than read again and again.
    const wait = notBefore - this.clock.now();
    if (wait > 0) {
      try {
        await this.clock.sleep(wait, o.signal);
      } catch {
        return { kind: 'aborted', maybeSent: false };
      }
    }
    if (!this.inFlight) {
      const takenAt = this.clock.now();
      this.inFlight = this.api
        .listPending(undefined, {
          kind: 'poll',
          ...(o.jobId !== undefined ? { jobId: o.jobId } : {}),
          ...(o.signal ? { signal: o.signal } : {}),
        })
        .then((answer): ApiAnswer<PendingSnapshot> => {
          if (answer.kind !== 'ok') return answer;
          const snap: PendingSnapshot = { takenAt, byUuid: new Map(), byIdentity: new Map() };
          for (const p of answer.value) {
            snap.byUuid.set(p.uuid, p);
            // An entry without its supplier id is followed by uuid only.
            const identity = pendingIdentity(p);
            if (identity !== undefined) snap.byIdentity.set(identity, p.uuid);
          }
          if (!this.snapshot || this.snapshot.takenAt < takenAt) this.snapshot = snap;
          return { ...answer, value: snap };
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    const answer = await this.inFlight;
    // A call that was already under way may predate `notBefore`: ask again.
    if (answer.kind === 'ok' && answer.value.takenAt < notBefore) return this.pending(notBefore, o);
    return answer;
  }

  /** Keeps the supplier list read whole at `at` (the newest read wins). */
  keepBase(items: SupplierPage['content'], at: number): void {
    if (!this.base || this.base.at <= at) this.base = { items, at };
  }

  /** The supplier list last read whole, if any. */
  keptBase(): { items: SupplierPage['content']; at: number } | undefined {
    return this.base;
  }

  close(): void {
    this.scheduler.close();
  }
}

export function pendingIdentity(p: PendingSupplier): string | undefined {
  return p.supplierId ? identityKey(p.supplierId) : undefined;
}
