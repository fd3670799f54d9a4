// What an answer means: the status, headers and body of one exchange turned into an ApiAnswer,
// by the common rules of the API and the endpoint's own (its parser and its special statuses).
import type { z } from 'zod';
import type { AnswerInfo, ApiAnswer } from './answers';
import {
  AccessDeniedBodySchema,
  ErrorBodySchema,
  lackedField,
  RateLimitBodySchema,
  type AnswerFields,
  type RateLimitBody,
} from './wire';

export interface RequestSpec<T> {
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
export interface FieldGroup {
  objects: unknown[];
  fields: AnswerFields;
  label?: string;
}

/** A failed parse; `lacks` names a value the app needs that the answer does not carry under
 *  any of the names the app knows (the answer becomes `lacks_field`). */
export type ParseOutcome<T> =
  { ok: true; value: T } | { ok: false; detail: string; lacks?: string };

export function classify<T>(
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
    if (parsed.ok) return { kind: 'ok', value: parsed.value, status, info };
    return parsed.lacks !== undefined
      ? { kind: 'lacks_field', endpoint, status, field: parsed.lacks, detail: parsed.detail }
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

export function parseWith<S extends z.ZodType>(
  schema: S,
  json: unknown,
): ParseOutcome<z.output<S>> {
  const r = schema.safeParse(json);
  if (r.success) return { ok: true, value: r.data };
  for (const issue of r.error.issues) {
    const lacks = lackedField(issue);
    if (lacks !== undefined) {
      const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
      return { ok: false, lacks, detail: `the answer has no ${lacks}${where}` };
    }
  }
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
export function listOf(json: unknown): unknown[] {
  return Array.isArray(json) ? json : json === undefined || json === null ? [] : [json];
}

export function noBody(): ParseOutcome<void> {
  return { ok: true, value: undefined };
}

export function okAnswer<T>(value: T, status: number): ApiAnswer<T> {
  return { kind: 'ok', value, status, info: {} };
}

export function describeText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}...` : flat || '(empty body)';
}
