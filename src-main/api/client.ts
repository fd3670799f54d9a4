// The typed HTTP client of the supplier API. One method per endpoint the app uses; each returns
// an ApiAnswer and never throws for anything the API or the network did. Built on Node's fetch
// (undici: keep-alive by default). The token is asked for at call time from a TokenSource and
// lives only in the request's header: never in a field, a log line, an answer or an error.
import type { z } from 'zod';
import { DEFAULT_CREATE_FIELD_NAMES, type CreateFieldNames } from '../../src-shared/fieldNames';
import type { SupplierCreatePayload, SupplierIdentifier } from '../../src-shared/supplier';
import { appError, AppFailure, type Result } from '../../src-shared/errors';
import type { AnswerInfo, ApiAnswer, ApiAnswerKind, FindResult, MethodGroup } from './answers';
import { countInMessage, saysAmbiguous } from './answerText';
import {
  ANSWER_FIELDS,
  AccessDeniedBodySchema,
  CreateAcceptedSchema,
  ErrorBodySchema,
  FindByIdentifierSchema,
  HEADERS,
  IdentifierCreatedSchema,
  JSON_TYPE,
  PATHS,
  PendingListSchema,
  QUERY,
  RateLimitBodySchema,
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
  type AnswerFields,
  type PendingSupplier,
  type RateLimitBody,
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
  /** The transport; the global fetch by default. Injectable so a simulation replays exactly. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Pause or cancel: aborts the request; the answer is `aborted`. */
  signal?: AbortSignal;
  timeoutMs?: number;
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

const DEFAULT_TIMEOUT_MS = 30_000;

/** Connection never established: nothing reached the server. */
const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

// Printable ASCII without spaces: anything else cannot travel in a header, and fetch would put
// the offending value into its error message.
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

/** Checks a base URL: https, or plain http only to this computer. Returns it without a trailing slash. */
export function checkBaseUrl(raw: string): Result<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      error: appError(
        'api_insecure_url',
        'The API address is not a valid URL. Enter it as https://host/.',
      ),
    };
  }
  if (url.username || url.password || url.search || url.hash) {
    return {
      ok: false,
      error: appError(
        'api_insecure_url',
        'The API address may not contain a user name, password, query or fragment. Enter it as https://host/.',
      ),
    };
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  if (!secure) return { ok: false, error: appError('api_insecure_url') };
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

/**
 * Literal loopback addresses and the name `localhost` only. Names such as `api.localhost` count as
 * loopback in browsers but are looked up by DNS here, which a network may answer with any address.
 */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((p) => Number(p) <= 255);
}

/** Which rate-limit budget a method spends. */
export function methodGroup(method: string): MethodGroup {
  return method.toUpperCase() === 'GET' ? 'GET' : 'WRITE';
}

interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /** Parses a 2xx body (undefined when there is none). */
  parse: (json: unknown, status: number, info: AnswerInfo) => ParseOutcome<T>;
  /** Endpoint-specific meaning of a non-2xx status; undefined falls back to the common rules. */
  special?: (status: number, json: unknown) => ApiAnswer<T> | undefined;
  /** The objects of a parsed 2xx body to compare with the published document's fields. */
  fields?: (json: unknown) => FieldGroup[];
}

/** Objects of one answer that share a set of documented fields; `label` prefixes their names. */
interface FieldGroup {
  objects: unknown[];
  fields: AnswerFields;
  label?: string;
}

type ParseOutcome<T> = { ok: true; value: T } | { ok: false; detail: string };

export class ApiClient {
  readonly baseUrl: string;
  private readonly tokenSource: TokenSource;
  private readonly timeoutMs: number;
  private readonly log: ((entry: ApiLogEntry) => void) | undefined;
  private readonly onWarning: ((warning: ApiWarning) => void) | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly warned = new Set<string>();
  readonly fieldNames: CreateFieldNames;

  /** Throws AppFailure `api_insecure_url` for a base URL that is neither https nor loopback. */
  constructor(options: ApiClientOptions) {
    const base = checkBaseUrl(options.baseUrl);
    if (!base.ok) throw new AppFailure(base.error);
    this.baseUrl = base.value;
    this.tokenSource = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.log = options.log;
    this.onWarning = options.onWarning;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.fieldNames = options.fieldNames ?? DEFAULT_CREATE_FIELD_NAMES;
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

  /**
   * The connection test's question "may this token create suppliers?", asked with a request that
   * cannot create anything: a JSON array where the API takes one supplier object. A missing
   * permission is answered 403; with the permission the API refuses the body with 400.
   */
  probeCreatePermission(opts?: CallOptions): Promise<ApiAnswer<undefined>> {
    return this.request(
      {
        method: 'POST',
        path: PATHS.sites,
        body: [],
        parse: () => ({ ok: true, value: undefined }),
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
        body: identifierManagementBody(identifier),
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
        body: identifierManagementBody(identifier),
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

  // ---- The exchange --------------------------------------------------------------------------

  private async request<T>(spec: RequestSpec<T>, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
    const started = performance.now();
    const endpoint = `${spec.method} ${spec.path}`;
    let token: string | undefined;
    let answer: ApiAnswer<T>;
    let status: number | undefined;
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
        if (opts.signal?.aborted) {
          answer = { kind: 'aborted', maybeSent: false };
        } else if (!token || !TOKEN_SHAPE.test(token)) {
          answer = { kind: 'no_token' };
        } else {
          const out = await this.exchange(spec, token, opts);
          answer = out.answer;
          status = out.status;
        }
      }
    } catch (e) {
      // Only a bug in this file can land here; still an answer, never a throw, never the token.
      answer = {
        kind: 'unexpected_response',
        endpoint,
        detail: scrub(e instanceof Error ? e.message : String(e), token),
      };
    }
    // Defence in depth against a server that echoes the token back.
    if (token && JSON.stringify(answer).includes(token)) {
      answer = scrubDeep(answer, token) as ApiAnswer<T>;
    }
    if (this.log) {
      const entry: ApiLogEntry = {
        method: spec.method,
        endpoint: spec.path,
        kind: answer.kind,
        durationMs: Math.round(performance.now() - started),
      };
      if (status !== undefined) entry.status = status;
      const detail = answerDetail(answer);
      if (detail !== undefined) entry.detail = scrub(detail, token);
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
    opts: CallOptions,
  ): Promise<{ answer: ApiAnswer<T>; status?: number }> {
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
      const text = await res.text();
      const info = this.headerInfo(res.headers, endpoint, token);
      const answer = classify(spec, endpoint, res.status, text, info, (json) => {
        if (spec.fields) this.noteFields(endpoint, spec.fields(json));
      });
      return { answer, status };
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
      return {
        answer: net.offline
          ? { kind: 'offline', reason: scrub(net.detail, token) }
          : { kind: 'maybe_processed', reason: 'reset', detail: scrub(net.detail, token) },
        ...(status !== undefined ? { status } : {}),
      };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Says once per field (and client) that an answer lacks a field the published document
   * requires or carries one it does not name: the answer is used all the same, since the app's
   * own schema accepted it.
   */
  private noteFields(endpoint: string, groups: FieldGroup[]): void {
    if (!this.onWarning) return;
    const missing: string[] = [];
    const unknown: string[] = [];
    const fresh = (kind: string, name: string, into: string[]) => {
      const key = `${endpoint}|${kind}|${name}`;
      if (this.warned.has(key)) return;
      this.warned.add(key);
      into.push(name);
    };
    for (const { objects, fields, label = '' } of groups) {
      const known = new Set<string>(fields.known);
      const seen = new Set<string>();
      const absent = new Set<string>();
      for (const o of objects) {
        if (!o || typeof o !== 'object' || Array.isArray(o)) continue;
        for (const k of Object.keys(o)) seen.add(k);
        for (const r of fields.required) if (!(r in o)) absent.add(r);
      }
      for (const name of absent) fresh('missing', label + name, missing);
      for (const name of seen) if (!known.has(name)) fresh('unknown', label + name, unknown);
    }
    const say = (message: string) => {
      try {
        this.onWarning?.({ code: 'api_answer_fields', endpoint, message });
      } catch {
        // A listener's failure is not the request's failure.
      }
    };
    if (missing.length > 0)
      say(
        `The API answered ${endpoint} without ${missing.join(', ')}, which the published API document lists. The app does not need them and carries on; nothing to do.`,
      );
    if (unknown.length > 0)
      say(
        `The API answered ${endpoint} with fields this app does not know (${unknown.join(', ')}). They are ignored; nothing to do.`,
      );
  }

  private headerInfo(headers: Headers, endpoint: string, token: string): AnswerInfo {
    const info: AnswerInfo = {};
    const read = (name: string) => {
      const v = headers.get(name);
      return v === null ? null : scrub(v, token);
    };
    const location = read(HEADERS.location);
    const sunset = read(HEADERS.sunset);
    const deprecation = read(HEADERS.deprecation);
    if (location) info.location = location;
    if (sunset) info.sunset = sunset;
    if (deprecation) info.deprecation = deprecation;
    if ((sunset || deprecation) && this.onWarning && !this.warned.has(endpoint)) {
      this.warned.add(endpoint);
      const warning: ApiWarning = {
        code: 'api_deprecated',
        endpoint,
        message: sunset
          ? `The API will retire ${endpoint} on ${sunset}. Update the app before then.`
          : `The API marks ${endpoint} as deprecated. Update the app when a new version is available.`,
      };
      if (sunset) warning.sunset = sunset;
      if (deprecation) warning.deprecation = deprecation;
      try {
        this.onWarning(warning);
      } catch {
        // A listener's failure is not the request's failure.
      }
    }
    return info;
  }
}

// ---- Classification ----------------------------------------------------------------------------

function classify<T>(
  spec: RequestSpec<T>,
  endpoint: string,
  status: number,
  text: string,
  info: AnswerInfo,
  onParsed?: (json: unknown) => void,
): ApiAnswer<T> {
  let json: unknown = undefined;
  let jsonError: string | undefined;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      jsonError = `the body is not JSON (${describeText(text)})`;
    }
  }

  if (status >= 200 && status < 300) {
    if (jsonError) return { kind: 'unexpected_response', endpoint, status, detail: jsonError };
    const parsed = spec.parse(json, status, info);
    if (parsed.ok) onParsed?.(json);
    return parsed.ok
      ? { kind: 'ok', value: parsed.value, status, info }
      : { kind: 'unexpected_response', endpoint, status, detail: parsed.detail };
  }

  const special = spec.special?.(status, json);
  if (special) return special;

  const errorBody = ErrorBodySchema.safeParse(json);
  switch (status) {
    case 400:
      if (errorBody.success) {
        const a: ApiAnswer<T> = {
          kind: 'row_error',
          status: 400,
          code: errorBody.data.code,
          message: errorBody.data.message,
        };
        if (errorBody.data.solution) a.solution = errorBody.data.solution;
        if (errorBody.data.field) a.field = errorBody.data.field;
        return a;
      }
      return {
        kind: 'row_error',
        status: 400,
        code: 'invalid_request',
        message: describeText(text),
      };
    case 401:
    case 403: {
      const denied = AccessDeniedBodySchema.safeParse(json);
      if (denied.success) {
        const a: ApiAnswer<T> = {
          kind: 'access_denied',
          loggedIn: denied.data.loggedIn,
          message: denied.data.message ?? 'access denied',
        };
        if (denied.data.permission) a.permission = denied.data.permission;
        return a;
      }
      return {
        kind: 'access_denied',
        loggedIn: status === 401 ? false : undefined,
        message: errorBody.success ? errorBody.data.message : describeText(text),
      };
    }
    case 404:
      return errorBody.success
        ? { kind: 'not_found', code: errorBody.data.code, message: errorBody.data.message }
        : { kind: 'not_found' };
    case 409:
      return errorBody.success
        ? { kind: 'conflict', code: errorBody.data.code, message: errorBody.data.message }
        : { kind: 'conflict', code: 'conflict', message: describeText(text) };
    case 429: {
      const body = RateLimitBodySchema.safeParse(json);
      return body.success
        ? { kind: 'throttled', body: body.data, waitMs: waitFromRateLimit(body.data) }
        : { kind: 'throttled', body: undefined, waitMs: DEFAULT_THROTTLE_WAIT_MS };
    }
  }
  if (status >= 500) {
    const a: ApiAnswer<T> = {
      kind: 'maybe_processed',
      reason: 'server_error',
      status,
      detail: errorBody.success ? errorBody.data.message : `HTTP ${status}`,
    };
    if (errorBody.success) a.code = errorBody.data.code;
    return a;
  }
  return {
    kind: 'unexpected_response',
    endpoint,
    status,
    detail: `HTTP ${status}${text ? `: ${describeText(text)}` : ''}`,
  };
}

/** Without a readable 429 body the app waits one short window before trying again. */
const DEFAULT_THROTTLE_WAIT_MS = 10_000;

/**
 * How long a 429 asks us to wait: `nextResetAt - currentTime`, both the server's local time
 * without a zone. Parsing both the same way (as UTC) makes the zone cancel out; the client's
 * clock is never involved.
 */
export function waitFromRateLimit(
  body: Pick<RateLimitBody, 'currentTime' | 'nextResetAt'>,
): number {
  const a = parseLocalDateTime(body.currentTime);
  const b = parseLocalDateTime(body.nextResetAt);
  if (a === undefined || b === undefined) return DEFAULT_THROTTLE_WAIT_MS;
  return Math.max(0, Math.min(b - a, 3_600_000));
}

function parseLocalDateTime(text: string): number | undefined {
  // Drop any zone the server might add after all: both values carry the same one.
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  return Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
    ms,
  );
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

function parseWith<S extends z.ZodType>(schema: S, json: unknown): ParseOutcome<z.output<S>> {
  const r = schema.safeParse(json);
  if (r.success) return { ok: true, value: r.data };
  const issues = r.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`)
    .join('; ');
  return {
    ok: false,
    detail: `the answer lacks required fields or has the wrong types: ${issues}`,
  };
}

/** A list answer's items, or the one object a server answered instead of a list. */
function listOf(json: unknown): unknown[] {
  return Array.isArray(json) ? json : json === undefined || json === null ? [] : [json];
}

function noBody(): ParseOutcome<void> {
  return { ok: true, value: undefined };
}

function okAnswer<T>(value: T, status: number): ApiAnswer<T> {
  return { kind: 'ok', value, status, info: {} };
}

function describeText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}...` : flat || '(empty body)';
}

function networkFailure(e: unknown): { offline: boolean; detail: string } {
  const codes: string[] = [];
  const messages: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (typeof cur === 'object') {
      const code = (cur as { code?: unknown }).code;
      if (typeof code === 'string') codes.push(code);
      const message = (cur as { message?: unknown }).message;
      if (typeof message === 'string') messages.push(message);
      cur = (cur as { cause?: unknown }).cause;
    } else break;
  }
  const offline = codes.some((c) => OFFLINE_CODES.has(c));
  const detail = [codes[codes.length - 1], messages[messages.length - 1]]
    .filter(Boolean)
    .join(': ');
  return { offline, detail: detail || 'network failure' };
}

function answerDetail(answer: ApiAnswer<unknown>): string | undefined {
  switch (answer.kind) {
    case 'maybe_processed':
    case 'unexpected_response':
      return answer.detail;
    case 'offline':
      return answer.reason;
    case 'row_error':
    case 'conflict':
      return `${answer.code}: ${answer.message}`;
    default:
      return undefined;
  }
}

/** Defence in depth: whatever text leaves this module never carries the token. */
function scrub(text: string, token: string | undefined): string {
  return token && token.length >= 4 ? text.split(token).join('[redacted]') : text;
}

function scrubDeep(value: unknown, token: string): unknown {
  if (typeof value === 'string') return scrub(value, token);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, token));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, token)]));
  }
  return value;
}
