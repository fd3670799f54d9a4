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
import { MAX_ANSWER_BYTES } from './answers';
import type { ApiAnswer, ApiAnswerKind, FindResult, MethodGroup } from './answers';
import { AnswerWarnings } from './answerWarnings';
import { checkBaseUrl } from './baseUrl';
import { classify, listOf, noBody, okAnswer, parseWith, type RequestSpec } from './classify';
import {
  answerDetail,
  loggedHeaders,
  networkFailure,
  readBounded,
  redirectTarget,
  Redactor,
  TOKEN_SHAPE,
} from './network';
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
  HEADERS,
  IdentifierCreatedSchema,
  JSON_TYPE,
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

/** Reads the token when a request is about to leave; resolves undefined when none is stored. */
export type TokenSource = () => Promise<string | undefined>;

export interface ApiLogEntry {
  method: string;
  /** The path only: no query, no header, no body. */
  endpoint: string;
  kind: ApiAnswerKind;
  status?: number;
  durationMs: number;
  detail?: string;
  /** A few plain answer headers (content type, request id, rate limits), cut short and scrubbed;
   *  every other header is the server's own text and is never written down. */
  headers?: Record<string, string>;
}

export interface ApiWarning {
  /** api_deprecated: Sunset or Deprecation headers. api_answer_fields: an answer without a field
   *  the published document requires, or with one it does not name (used all the same). */
  code: 'api_deprecated' | 'api_answer_fields';
  endpoint: string;
  sunset?: string;
  deprecation?: string;
  message: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  token: TokenSource;
  /** Per request, covering the whole exchange (connect, send, headers and body). Default 30 s. */
  timeoutMs?: number;
  /** Called once per request after it ends. */
  log?: (entry: ApiLogEntry) => void;
  /** Sunset or Deprecation headers seen on an endpoint (once per endpoint per client); fields
   *  an answer lacks or adds compared with the published document (once per field). */
  onWarning?: (warning: ApiWarning) => void;
  /** How creates spell city and address (the connection's setting); default city-address. */
  fieldNames?: CreateFieldNames;
  /** What the API calls the customer id and the own id (the connection's setting). */
  identifierTypes?: IdentifierTypes;
  /** The transport; the global fetch by default. Injectable so a simulation replays exactly. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Pause or cancel: aborts the request; the answer is `aborted`. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sees each answer's status and JSON body (undefined when empty or not JSON), scrubbed of
   *  the token, before it is classified: the connection test records what answers looked like. */
  onAnswer?: (seen: { status: number; json: unknown }) => void;
}

export interface CreateAccepted {
  uuid: string;
  pendingEndpoint?: string;
  message?: string;
}

export interface CreateIdentifierInput {
  type: 'SUPPLIER_ID' | 'CUSTOMER_ID' | 'OWN_ID';
  id: string;
  source?: string;
}

export { checkBaseUrl, isLoopback } from './baseUrl';
export { waitFromRateLimit } from './classify';

const DEFAULT_TIMEOUT_MS = 30_000;

/** Which rate-limit budget a method spends. */
export function methodGroup(method: string): MethodGroup {
  return method.toUpperCase() === 'GET' ? 'GET' : 'WRITE';
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly tokenSource: TokenSource;
  private readonly timeoutMs: number;
  private readonly log: ((entry: ApiLogEntry) => void) | undefined;
  private readonly warnings: AnswerWarnings;
  private readonly fetchImpl: typeof fetch;
  readonly fieldNames: CreateFieldNames;
  readonly identifierTypes: IdentifierTypes;

  /** Throws AppFailure `api_insecure_url` for a base URL that is neither https nor loopback. */
  constructor(options: ApiClientOptions) {
    const base = checkBaseUrl(options.baseUrl);
    if (!base.ok) throw new AppFailure(base.error);
    this.baseUrl = base.value;
    this.tokenSource = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.log = options.log;
    this.warnings = new AnswerWarnings(options.onWarning);
    this.fetchImpl = options.fetch ?? globalThis.fetch;
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

  // ---- The exchange --------------------------------------------------------------------------

  private async request<T>(spec: RequestSpec<T>, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
    const started = performance.now();
    const endpoint = `${spec.method} ${spec.path}`;
    let token: string | undefined;
    let redactor = new Redactor(undefined);
    let answer: ApiAnswer<T>;
    let status: number | undefined;
    let headers: Record<string, string> | undefined;
    try {
      if (opts.signal?.aborted) {
        answer = { kind: 'aborted', maybeSent: false };
      } else {
        try {
          token = await this.tokenSource();
        } catch {
          // The store's error text is not surfaced: it is not the user's concern which layer failed.
          token = undefined;
        }
        redactor = new Redactor(token);
        if (opts.signal?.aborted) {
          answer = { kind: 'aborted', maybeSent: false };
        } else if (!token || !TOKEN_SHAPE.test(token)) {
          answer = { kind: 'no_token' };
        } else {
          const out = await this.exchange(spec, token, redactor, opts);
          answer = out.answer;
          status = out.status;
          headers = out.headers;
        }
      }
    } catch (e) {
      // Only a bug in this file can land here; still an answer, never a throw, never the token.
      answer = {
        kind: 'unexpected_response',
        endpoint,
        detail: redactor.scrub(e instanceof Error ? e.message : String(e)),
      };
    }
    // Defence in depth against a server that echoes the token back, plain or encoded.
    if (redactor.mentions(JSON.stringify(answer))) {
      answer = redactor.deep(answer) as ApiAnswer<T>;
    }
    if (this.log) {
      const entry: ApiLogEntry = {
        method: spec.method,
        endpoint: spec.path,
        kind: answer.kind,
        durationMs: Math.round(performance.now() - started),
      };
      if (status !== undefined) entry.status = status;
      if (headers && Object.keys(headers).length > 0) entry.headers = headers;
      const detail = answerDetail(answer);
      if (detail !== undefined) entry.detail = redactor.scrub(detail);
      try {
        this.log(entry);
      } catch {
        // A broken log sink must not turn an answer into a failure.
      }
    }
    return answer;
  }

  private async exchange<T>(
    spec: RequestSpec<T>,
    token: string,
    redactor: Redactor,
    opts: CallOptions,
  ): Promise<{ answer: ApiAnswer<T>; status?: number; headers?: Record<string, string> }> {
    const endpoint = `${spec.method} ${spec.path}`;
    const query =
      spec.query && [...spec.query.keys()].length > 0 ? `?${spec.query.toString()}` : '';
    const url = `${this.baseUrl}${spec.path}${query}`;
    const headers: Record<string, string> = { [HEADERS.token]: token, [HEADERS.accept]: JSON_TYPE };
    if (spec.body !== undefined) headers[HEADERS.contentType] = JSON_TYPE;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? this.timeoutMs);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    let status: number | undefined;
    try {
      const res = await this.fetchImpl(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? null : JSON.stringify(spec.body),
        signal: controller.signal,
        // A redirect could carry the token to another host: never follow one.
        redirect: 'manual',
      });
      status = res.status;
      const target =
        res.status >= 300 && res.status < 400
          ? redirectTarget(res.headers.get('location'), url)
          : undefined;
      const body = target === undefined ? await readBounded(res, MAX_ANSWER_BYTES) : undefined;
      if (target !== undefined || body === undefined) {
        if (target !== undefined) await res.body?.cancel().catch(() => undefined);
        const why =
          target !== undefined
            ? `a redirect to ${target}, not followed`
            : `the answer is over ${MAX_ANSWER_BYTES} bytes and was not read`;
        return {
          answer: {
            kind: 'unexpected_response',
            endpoint,
            status,
            detail: redactor.scrub(`HTTP ${status}: ${why}`),
            ...(target !== undefined
              ? { reason: 'redirect', target: redactor.scrub(target) }
              : { reason: 'too_large' }),
          },
          status,
          headers: loggedHeaders(res.headers, redactor),
        };
      }
      // A body may quote the token (an error message, say), and a quote cut short to fit a
      // detail would escape a search for the whole token: it goes before anything reads it.
      const text = redactor.scrub(body);
      if (opts.onAnswer) seeAnswer(opts.onAnswer, res.status, text);
      const info = this.warnings.headerInfo(res.headers, endpoint, redactor);
      const answer = classify(spec, endpoint, res.status, text, info, (json) => {
        if (spec.fields) this.warnings.noteFields(endpoint, spec.fields(json), redactor);
      });
      return { answer, status, headers: loggedHeaders(res.headers, redactor) };
    } catch (e) {
      if (timedOut) {
        return {
          answer: {
            kind: 'maybe_processed',
            reason: 'timeout',
            detail: `no complete answer within ${opts.timeoutMs ?? this.timeoutMs} ms`,
          },
          ...(status !== undefined ? { status } : {}),
        };
      }
      if (opts.signal?.aborted) return { answer: { kind: 'aborted', maybeSent: true } };
      const net = networkFailure(e);
      if (net.certificate) {
        const host = new URL(url).host;
        return {
          answer: { kind: 'untrusted_certificate', host, detail: redactor.scrub(net.detail) },
        };
      }
      return {
        answer: net.offline
          ? { kind: 'offline', reason: redactor.scrub(net.detail) }
          : { kind: 'maybe_processed', reason: 'reset', detail: redactor.scrub(net.detail) },
        ...(status !== undefined ? { status } : {}),
      };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }
}

function seeAnswer(see: NonNullable<CallOptions['onAnswer']>, status: number, text: string) {
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  try {
    see({ status, json });
  } catch {
    // An onlooker's failure must not turn an answer into a failure.
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
