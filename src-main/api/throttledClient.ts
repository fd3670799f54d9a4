// The API client behind the scheduler: the calls the sync engine makes, each sent within the
// rate limits of its method group and queued fairly by job and kind of work.
import type { SupplierCreatePayload, SupplierIdentifier } from '../../src-shared/supplier';
import type { ApiAnswer, FindResult } from './answers';
import type { RequestSpec } from './classify';
import type { ApiClient, CreateAccepted, CreateIdentifierInput } from './client';
import type { Scheduler, WorkKind } from './scheduler';
import type { EventType, ScoreSeen } from './scoresWire';
import type {
  PendingSupplier,
  ScreeningStatus,
  SupplierDetail,
  SupplierPage,
  ValidationStatus,
} from './wire';

export interface QueuedCallOptions {
  jobId?: string;
  /** Overrides the default kind of the call (for its fair share). */
  kind?: WorkKind;
  /** Pause or cancel: a queued call is answered `aborted` without being sent. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class ThrottledApi {
  constructor(
    readonly client: ApiClient,
    readonly scheduler: Scheduler,
  ) {}

  createSupplier(
    payload: SupplierCreatePayload,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<CreateAccepted>> {
    return this.write(o, 'create', (c) => this.client.createSupplier(payload, c));
  }

  requestScreening(
    identifier: SupplierIdentifier,
    periodInYears: number,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<{ screeningRequestIds: number[] }>> {
    return this.write(o, 'screening', (c) =>
      this.client.requestScreening(identifier, periodInYears, c),
    );
  }

  requestValidation(
    identifier: SupplierIdentifier,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<{ requestId: string }>> {
    return this.write(o, 'validation', (c) => this.client.requestValidation(identifier, c));
  }

  deactivateSupplier(
    identifier: SupplierIdentifier,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<void>> {
    return this.write(o, 'deactivate', (c) => this.client.deactivateSupplier(identifier, c));
  }

  addIdentifier(
    supplier: SupplierIdentifier,
    identifier: CreateIdentifierInput,
    o: QueuedCallOptions = {},
  ) {
    return this.write(o, 'identifier', (c) => this.client.addIdentifier(supplier, identifier, c));
  }

  removeIdentifier(
    supplier: SupplierIdentifier,
    identifier: CreateIdentifierInput,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<void>> {
    return this.write(o, 'identifier', (c) =>
      this.client.removeIdentifier(supplier, identifier, c),
    );
  }

  findByIdentifier(
    identifier: SupplierIdentifier,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<FindResult<SupplierDetail>>> {
    return this.read(o, 'check', (c) => this.client.findByIdentifier(identifier, c));
  }

  listSuppliers(
    page: number,
    size: number,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<SupplierPage>> {
    return this.read(o, 'check', (c) => this.client.listSuppliers(page, size, c));
  }

  listPending(uuid?: string, o: QueuedCallOptions = {}): Promise<ApiAnswer<PendingSupplier[]>> {
    return this.read(o, 'poll', (c) => this.client.listPending(uuid, c));
  }

  getScreening(
    identifier: SupplierIdentifier,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<ScreeningStatus>> {
    return this.read(o, 'poll', (c) => this.client.getScreening(identifier, c));
  }

  getValidation(
    identifier: SupplierIdentifier,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<ValidationStatus>> {
    return this.read(o, 'poll', (c) => this.client.getValidation(identifier, c));
  }

  readExternalScores(
    identifier: SupplierIdentifier,
    perspectiveId: string | undefined,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<ScoreSeen[]>> {
    return this.read(o, 'poll', (c) =>
      this.client.readExternalScores(identifier, perspectiveId, c),
    );
  }

  listEventTypes(
    perspectiveId: string,
    o: QueuedCallOptions = {},
  ): Promise<ApiAnswer<EventType[]>> {
    return this.read(o, 'check', (c) => this.client.listEventTypes(perspectiveId, c));
  }

  /** A kind's own read (its read-back after a lost answer), queued as the others. */
  kindRead<T>(spec: RequestSpec<T>, o: QueuedCallOptions = {}): Promise<ApiAnswer<T>> {
    return this.read(o, 'poll', (c) => this.client.kindRequest(spec, c));
  }

  private write<T>(
    o: QueuedCallOptions,
    kind: WorkKind,
    call: (c: { signal?: AbortSignal; timeoutMs?: number }) => Promise<ApiAnswer<T>>,
  ): Promise<ApiAnswer<T>> {
    return this.queue('WRITE', o, kind, call);
  }

  private read<T>(
    o: QueuedCallOptions,
    kind: WorkKind,
    call: (c: { signal?: AbortSignal; timeoutMs?: number }) => Promise<ApiAnswer<T>>,
  ): Promise<ApiAnswer<T>> {
    return this.queue('GET', o, kind, call);
  }

  private queue<T>(
    group: 'GET' | 'WRITE',
    o: QueuedCallOptions,
    kind: WorkKind,
    call: (c: { signal?: AbortSignal; timeoutMs?: number }) => Promise<ApiAnswer<T>>,
  ): Promise<ApiAnswer<T>> {
    return this.scheduler.submit<T>(
      {
        group,
        kind: o.kind ?? kind,
        ...(o.jobId !== undefined ? { jobId: o.jobId } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
      },
      (signal) =>
        call({
          ...(signal ? { signal } : {}),
          ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        }),
    );
  }
}
