// The typed HTTP client of the supplier API. One method per endpoint the app uses; each returns
// an ApiAnswer and never throws for anything the API or the network did. Built on Node's fetch
// (undici: keep-alive by default). The token is asked for at call time from a TokenSource and
// lives only in the request's header: never in a field, a log line, an answer or an error.
import { DEFAULT_CREATE_FIELD_NAMES, type CreateFieldNames } from '../../src-shared/fieldNames';
import {
  DEFAULT_IDENTIFIER_TYPES,
  wireType,
  type IdentifierTypes,
} from '../../src-shared/identifierTypes';
import type { SupplierCreatePayload, SupplierIdentifier } from '../../src-shared/supplier';
import { AppFailure } from '../../src-shared/errors';
import type { ApiAnswer, FindResult, MethodGroup } from './answers';
import { AnswerWarnings } from './answerWarnings';
import { checkBaseUrl } from './baseUrl';
import { listOf, noBody, okAnswer, parseWith, type RequestSpec } from './classify';
import { sendRequest, type ExchangeContext } from './clientExchange';
import type {
  ApiClientOptions,
  CallOptions,
  CreateAccepted,
  CreateIdentifierInput,
} from './clientTypes';
import { countInMessage, saysAmbiguous } from './answerText';
import {
  EventTypeListSchema,
  ScoreHistorySchema,
  ScoreWriteResultSchema,
  SCORES_PATHS,
  SCORES_QUERY,
  flattenHistory,
  scoreWriteBody,
  type EventType,
  type ScoreSeen,
  type ScoreWriteEntry,
  type ScoreWriteResult,
} from './scoresWire';
import {
  ANSWER_FIELDS,
  CreateAcceptedSchema,
  ErrorBodySchema,
  FindByIdentifierSchema,
  IdentifierCreatedSchema,
  PATHS,
  PendingListSchema,
  QUERY,
  ScreeningAcceptedSchema,
  ScreeningStatusSchema,
  SupplierPageSchema,
  ValidationAcceptedSchema,
  ValidationStatusSchema,
  createSupplierBody,
  identifierManagementBody,
  identifierQuery,
  screeningRequestBody,
  validationRequestBody,
  type PendingSupplier,
  type ScreeningStatus,
  type SupplierDetail,
  type SupplierPage,
  type ValidationStatus,
} from './wire';

export type {
  ApiClientOptions,
  ApiLogEntry,
  ApiWarning,
  CallOptions,
  CreateAccepted,
  CreateIdentifierInput,
  TokenSource,
} from './clientTypes';

export { checkBaseUrl, isLoopback } from './baseUrl';
export { waitFromRateLimit } from './classify';

const DEFAULT_TIMEOUT_MS = 30_000;

/** Which rate-limit budget a method spends. */
export function methodGroup(method: string): MethodGroup {
  return method.toUpperCase() === 'GET' ? 'GET' : 'WRITE';
}

export class ApiClient {
  readonly baseUrl: string;
  /** What each request needs of this client: the token, the timeout, the log and the fetch. */
  private readonly exchange: ExchangeContext;
  readonly fieldNames: CreateFieldNames;
  readonly identifierTypes: IdentifierTypes;

  /** Throws AppFailure `api_insecure_url` for a base URL that is neither https nor loopback. */
  constructor(options: ApiClientOptions) {
    const base = checkBaseUrl(options.baseUrl);
    if (!base.ok) throw new AppFailure(base.error);
    this.baseUrl = base.value;
    this.exchange = {
      baseUrl: this.baseUrl,
      tokenSource: options.token,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      log: options.log,
      warnings: new AnswerWarnings(options.onWarning),
      fetchImpl: options.fetch ?? globalThis.fetch,
    };
    this.fieldNames = options.fieldNames ?? DEFAULT_CREATE_FIELD_NAMES;
    this.identifierTypes = options.identifierTypes ?? DEFAULT_IDENTIFIER_TYPES;
  }

  /** The identifier with its type as this API calls it (the connection's identifier types). */
  private onWire(identifier: CreateIdentifierInput): Omit<CreateIdentifierInput, 'type'> & {
    type: string;
  } {
    return { ...identifier, type: wireType(identifier.type, this.identifierTypes) };
  }

  // ---- Endpoints -----------------------------------------------------------------------------

  /** POST sites: 202 with the tracking uuid (from the Location header, else the body). */
  createSupplier(
    payload: SupplierCreatePayload,
    opts?: CallOptions,
  ): Promise<ApiAnswer<CreateAccepted>> {
    return this.request(
      {
        method: 'POST',
        path: PATHS.sites,
        body: createSupplierBody(payload, this.fieldNames),
        parse: (json, _status, info) => {
          const body = parseWith(CreateAcceptedSchema, json);
          const fromLocation = info.location
            ? uuidFromLocation(info.location, this.baseUrl)
            : undefined;
          if (!body.ok && !fromLocation) return body;
          const uuid = fromLocation ?? (body.ok ? body.value.uuid?.trim() : undefined);
          if (!uuid) {
            return {
              ok: false,
              detail: 'the answer names no uuid, neither in the Location header nor in the body',
            };
          }
          const value: CreateAccepted = { uuid };
          if (body.ok && body.value.pendingEndpoint)
            value.pendingEndpoint = body.value.pendingEndpoint;
          if (body.ok && body.value.message) value.message = body.value.message;
          return { ok: true, value };
        },
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.create }],
      },
      opts,
    );
  }

  /** GET pending: every pending creation of the API user, or the one with `uuid`. */
  listPending(uuid?: string, opts?: CallOptions): Promise<ApiAnswer<PendingSupplier[]>> {
    const query = new URLSearchParams();
    if (uuid !== undefined) query.set(QUERY.uuid, uuid);
    return this.request(
      {
        method: 'GET',
        path: PATHS.pending,
        query,
        parse: (json) => parseWith(PendingListSchema, json),
        fields: (json) => [{ objects: listOf(json), fields: ANSWER_FIELDS.pending }],
        // A uuid no longer pending may be answered 404: the same as an empty list.
        special: (status) =>
          status === 404 && uuid !== undefined
            ? okAnswer<PendingSupplier[]>([], status)
            : undefined,
      },
      opts,
    );
  }

  /** GET sites: one page of the organization's active suppliers (page is 0-based). */
  listSuppliers(page: number, size: number, opts?: CallOptions): Promise<ApiAnswer<SupplierPage>> {
    const query = new URLSearchParams();
    query.set(QUERY.page, String(page));
    query.set(QUERY.size, String(size));
    return this.request(
      {
        method: 'GET',
        path: PATHS.sites,
        query,
        parse: (json) => parseWith(SupplierPageSchema, json),
        fields: (json) => [
          { objects: [json], fields: ANSWER_FIELDS.page },
          {
            objects: listOf((json as { content?: unknown } | null)?.content),
            fields: ANSWER_FIELDS.pageItem,
            label: 'content[].',
          },
        ],
      },
      opts,
    );
  }

  /**
   * GET find-by-identifier. Accepts both forms the API is documented with: 404 / single object /
   * 400-several (the spec), and a list (the published document).
   */
  findByIdentifier(
    identifier: SupplierIdentifier,
    opts?: CallOptions,
  ): Promise<ApiAnswer<FindResult<SupplierDetail>>> {
    return this.request(
      {
        method: 'GET',
        path: PATHS.findByIdentifier,
        query: identifierQuery(identifier),
        parse: (json) => {
          const list = parseWith(FindByIdentifierSchema, json);
          if (!list.ok) return list;
          const [first] = list.value;
          if (list.value.length === 0 || first === undefined)
            return { ok: true, value: { found: 'none' } };
          if (list.value.length === 1)
            return { ok: true, value: { found: 'one', supplier: first } };
          return { ok: true, value: { found: 'ambiguous', count: list.value.length } };
        },
        fields: (json) => [{ objects: listOf(json), fields: ANSWER_FIELDS.supplier }],
        special: (status, json) => {
          if (status === 404)
            return okAnswer<FindResult<SupplierDetail>>({ found: 'none' }, status);
          if (status === 400 && looksAmbiguous(json))
            return okAnswer<FindResult<SupplierDetail>>(
              { found: 'ambiguous', count: countFromMessage(json) },
              status,
            );
          return undefined;
        },
      },
      opts,
    );
  }

  /** DELETE sites: deactivates exactly one supplier. */
  deactivateSupplier(identifier: SupplierIdentifier, opts?: CallOptions): Promise<ApiAnswer<void>> {
    return this.request(
      { method: 'DELETE', path: PATHS.sites, query: identifierQuery(identifier), parse: noBody },
      opts,
    );
  }

  /** POST identifiers: adds an identifier to the supplier found by `supplier`. */
  addIdentifier(
    supplier: SupplierIdentifier,
    identifier: CreateIdentifierInput,
    opts?: CallOptions,
  ) {
    return this.request(
      {
        method: 'POST',
        path: PATHS.identifiers,
        query: identifierQuery(supplier),
        body: identifierManagementBody(this.onWire(identifier)),
        parse: (json) => parseWith(IdentifierCreatedSchema, json),
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.identifierCreated }],
      },
      opts,
    );
  }

  /** DELETE identifiers: the spec's form, identifier in the body and the supplier in the query. */
  removeIdentifier(
    supplier: SupplierIdentifier,
    identifier: CreateIdentifierInput,
    opts?: CallOptions,
  ): Promise<ApiAnswer<void>> {
    return this.request(
      {
        method: 'DELETE',
        path: PATHS.identifiers,
        query: identifierQuery(supplier),
        body: identifierManagementBody(this.onWire(identifier)),
        parse: noBody,
      },
      opts,
    );
  }

  /** POST screening: an empty id list means the supplier was skipped (already screened). */
  requestScreening(
    identifier: SupplierIdentifier,
    periodInYears: number,
    opts?: CallOptions,
  ): Promise<ApiAnswer<{ screeningRequestIds: number[] }>> {
    return this.request(
      {
        method: 'POST',
        path: PATHS.screening,
        body: screeningRequestBody(identifier, periodInYears),
        parse: (json) => {
          const r = parseWith(ScreeningAcceptedSchema, json);
          return r.ok
            ? { ok: true, value: { screeningRequestIds: r.value.screeningRequestIds } }
            : r;
        },
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.screeningAccepted }],
      },
      opts,
    );
  }

  /** GET screening: the latest screening request of this API user for the supplier. */
  getScreening(
    identifier: SupplierIdentifier,
    opts?: CallOptions,
  ): Promise<ApiAnswer<ScreeningStatus>> {
    return this.request(
      {
        method: 'GET',
        path: PATHS.screening,
        query: identifierQuery(identifier),
        parse: (json) => parseWith(ScreeningStatusSchema, json),
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.screeningStatus }],
      },
      opts,
    );
  }

  /** POST validation: 202 with the request id. */
  requestValidation(
    identifier: SupplierIdentifier,
    opts?: CallOptions,
  ): Promise<ApiAnswer<{ requestId: string }>> {
    return this.request(
      {
        method: 'POST',
        path: PATHS.validation,
        body: validationRequestBody(identifier),
        parse: (json) => {
          const r = parseWith(ValidationAcceptedSchema, json);
          return r.ok ? { ok: true, value: { requestId: r.value.requestId } } : r;
        },
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.validationAccepted }],
      },
      opts,
    );
  }

  /** GET validation: the latest validation request of this API user for the supplier. */
  getValidation(
    identifier: SupplierIdentifier,
    opts?: CallOptions,
  ): Promise<ApiAnswer<ValidationStatus>> {
    return this.request(
      {
        method: 'GET',
        path: PATHS.validation,
        query: identifierQuery(identifier),
        parse: (json) => parseWith(ValidationStatusSchema, json),
        fields: (json) => [{ objects: [json], fields: ANSWER_FIELDS.validationStatus }],
      },
      opts,
    );
  }

  // ---- External scores (api-notes.md "External scores") --------------------------------------

  /** GET event-types: the event types configured for a perspective. */
  listEventTypes(perspectiveId: string, opts?: CallOptions): Promise<ApiAnswer<EventType[]>> {
    const query = new URLSearchParams();
    query.set(SCORES_QUERY.perspectiveId, perspectiveId);
    return this.request(
      {
        method: 'GET',
        path: SCORES_PATHS.eventTypes,
        query,
        parse: (json) => parseWith(EventTypeListSchema, json),
      },
      opts,
    );
  }

  /** POST externals: one batch. 200 is the request's acceptance, not every score's: the
   *  errors[] name the entries and scores that were not written. */
  writeExternalScores(
    entries: readonly ScoreWriteEntry[],
    opts?: CallOptions,
  ): Promise<ApiAnswer<ScoreWriteResult>> {
    return this.request(
      {
        method: 'POST',
        path: SCORES_PATHS.externals,
        body: scoreWriteBody(entries),
        parse: (json) => {
          const r = parseWith(ScoreWriteResultSchema, json);
          if (!r.ok) return r;
          return {
            ok: true,
            value: {
              success: r.value.success ?? undefined,
              writtenCount: r.value.writtenCount ?? undefined,
              errors: (r.value.errors ?? []).map((e) => ({
                entryIndex: e.entryIndex,
                ...(e.scoreIndex !== undefined && e.scoreIndex !== null
                  ? { scoreIndex: e.scoreIndex }
                  : {}),
                ...(e.eventTypeKey ? { eventTypeKey: e.eventTypeKey } : {}),
                reason: e.reason ?? 'UNKNOWN',
                message: e.message ?? '',
              })),
            },
          };
        },
      },
      opts,
    );
  }

  /** GET externals: a supplier's scores and their history (exactly one supplier must match;
   *  none is `not_found`). */
  readExternalScores(
    identifier: SupplierIdentifier,
    perspectiveId: string | undefined,
    opts?: CallOptions,
  ): Promise<ApiAnswer<ScoreSeen[]>> {
    const query = identifierQuery(identifier);
    if (perspectiveId !== undefined) query.set(SCORES_QUERY.perspectiveId, perspectiveId);
    return this.request(
      {
        method: 'GET',
        path: SCORES_PATHS.externals,
        query,
        parse: (json) => {
          const r = parseWith(ScoreHistorySchema, json);
          return r.ok ? { ok: true, value: flattenHistory(r.value) } : r;
        },
      },
      opts,
    );
  }

  /** A kind's own request (src-main/kinds/<kind>/write.ts, docs/architecture.md "Adding a
   *  kind"): sent, answered and classified as every call of this client. */
  kindRequest<T>(spec: RequestSpec<T>, opts?: CallOptions): Promise<ApiAnswer<T>> {
    return this.request(spec, opts);
  }

  // ---- The exchange (clientExchange.ts) -------------------------------------------------------

  private request<T>(spec: RequestSpec<T>, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
    return sendRequest(this.exchange, spec, opts);
  }
}

export function uuidFromLocation(location: string, baseUrl: string): string | undefined {
  try {
    const uuid = new URL(location, `${baseUrl}/`).searchParams.get(QUERY.uuid);
    return uuid && uuid.trim() !== '' ? uuid.trim() : undefined;
  } catch {
    return undefined;
  }
}

function looksAmbiguous(json: unknown): boolean {
  const body = ErrorBodySchema.safeParse(json);
  if (!body.success) return true;
  // The identifier sent is always well formed (validated before), so a 400 here means several
  // matches unless the server clearly says something else.
  return saysAmbiguous(body.data.code, body.data.message);
}

function countFromMessage(json: unknown): number | undefined {
  const body = ErrorBodySchema.safeParse(json);
  if (!body.success) return undefined;
  return countInMessage(body.data.message);
}
