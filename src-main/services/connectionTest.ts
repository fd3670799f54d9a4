// "Test connection": reachability, the token, and each permission the app needs, in plain words.
// The test sends reads only, never a write: the supplier list (one item), find-by-identifier for
// an identifier no supplier has (and for the first listed supplier, by its platform id), the
// pending list, and the screening and validation status of that unknown identifier (404 with
// the permission, 403 without). Whether the token may create suppliers, and whether screening
// and validation may be asked for with a creation, cannot be read: the first real creation
// confirms them, and the test says so.
//
// The read check names the words of foreignSystems' `system` the app does not know, if the
// suppliers it read have any (what the app does with them: api/openWords.ts).
//
// Besides the checks it records what the answers looked like (field names, paging fields, the
// statuses), so a support call can start from it (`answers`).
//
// Each check and the summary are data (`check.<code>`, `checkSummary.<code>` in
// src-shared/i18n/connection.ts); their `message` and `summary` are the English wording.
import type { AnswerReport, AnswerSeen, ConnectionTest } from '../../src-shared/contract';
import type { Params } from '../../src-shared/i18n';
import type { en } from '../../src-shared/i18n/connection';
import type { ApiAnswer, ApiClient, CallOptions } from '../api';
import { unknownSystems, wordsText } from '../api/openWords';
import { certificateChecksOff } from '../api/transport';
import { PATHS } from '../api/wire';
import { said } from '../../src-shared/i18n/said';

type Check = ConnectionTest['checks'][number];
type Codes<P extends string> = keyof typeof en extends infer K
  ? K extends `${P}.${infer C}`
    ? C
    : never
  : never;

/** A check's result, worded by the catalogue's `check.<code>`. */
function checkOf(
  key: Check['key'],
  status: Check['status'],
  code: Codes<'check'>,
  params?: Params,
): Check {
  return { key, status, ...said('check', code, params) };
}

/** The checks without which the app cannot work with this connection at all. Creating is not
 *  among them: no read can tell, the first real creation does (a refusal pauses the job). */
const ESSENTIAL: ReadonlyArray<Check['key']> = ['reachable', 'token', 'read'];

const TIMEOUT_MS = 15_000;

export interface ConnectionTestOptions {
  /** The time the test runs at (its report's `testedAt`, and the made-up identifier). */
  now?: () => Date;
  /** Whether certificate checks are off (NODE_TLS_REJECT_UNAUTHORIZED=0 by default). */
  certificateChecksOff?: boolean;
}

export async function testConnection(
  client: ApiClient,
  options: ConnectionTestOptions = {},
): Promise<ConnectionTest> {
  const testedAt = (options.now ?? (() => new Date()))();
  const checks: Check[] = [];
  const seen: AnswerSeen[] = [];
  let listJson: unknown;
  /** Runs one read, keeping what its answer looked like. */
  const look = async <T>(
    read: AnswerSeen['read'],
    path: string,
    call: (o: CallOptions) => Promise<ApiAnswer<T>>,
  ): Promise<ApiAnswer<T>> => {
    let status: number | undefined;
    let json: unknown;
    const answer = await call({
      timeoutMs: TIMEOUT_MS,
      onAnswer: (a) => {
        status = a.status;
        json = a.json;
      },
    });
    if (read === 'list') listJson = json;
    seen.push({
      read,
      endpoint: `GET ${path}`,
      ...(status !== undefined ? { status } : {}),
      answer: answer.kind,
      ...shapeOf(json),
    });
    return answer;
  };
  const report = (): AnswerReport => ({
    testedAt: testedAt.toISOString(),
    baseUrl: client.baseUrl,
    fieldNames: client.fieldNames,
    pagingFields: pagingOf(listJson),
    seen,
  });

  const read = await look('list', PATHS.sites, (o) => client.listSuppliers(0, 1, o));
  if (read.kind === 'untrusted_certificate') {
    checks.push(
      checkOf('reachable', 'failed', 'untrusted_certificate', {
        host: read.host,
        detail: read.detail,
      }),
    );
    return done(checks, report());
  }
  if (
    read.kind === 'offline' ||
    (read.kind === 'maybe_processed' && read.reason !== 'server_error')
  ) {
    checks.push(
      checkOf('reachable', 'failed', 'unreachable', {
        url: client.baseUrl,
        detail: read.kind === 'offline' ? read.reason : read.detail,
      }),
    );
    return done(checks, report());
  }
  // Over https with certificate checks off, an answer does not prove it came from the API.
  const unchecked =
    (options.certificateChecksOff ?? certificateChecksOff()) && client.baseUrl.startsWith('https:');
  checks.push(
    checkOf('reachable', 'ok', unchecked ? 'reachable_unchecked' : 'reachable', {
      url: client.baseUrl,
    }),
  );
  const token = tokenCheck(read);
  checks.push(token);
  if (token.status !== 'ok') return done(checks, report());
  checks.push(verdict('read', read, 'read_ok', 'read_denied'));

  // An identifier no supplier has: found none (404) where the permission is there, 403 where
  // not. Nothing is sent that could change anything.
  const nobody = { supplierId: `connection-test-${testedAt.getTime()}` };
  await look('find', PATHS.findByIdentifier, (o) => client.findByIdentifier(nobody, o));
  const platformId = firstPlatformId(listJson);
  const supplier =
    platformId === undefined
      ? undefined
      : await look('supplier', PATHS.findByIdentifier, (o) =>
          client.findByIdentifier({ platformId }, o),
        );
  // Identifiers whose `system` is no kind the app knows: named here, once (api/openWords.ts).
  const words = unknownSystems([
    ...(read.kind === 'ok' ? read.value.content : []),
    ...(supplier?.kind === 'ok' && supplier.value.found === 'one' ? [supplier.value.supplier] : []),
  ]);
  const readAt = checks.findIndex((c) => c.key === 'read' && c.status === 'ok');
  if (words.length && readAt >= 0)
    checks[readAt] = checkOf('read', 'ok', 'read_ok_words', { words: wordsText(words) });
  await look('pending', PATHS.pending, (o) => client.listPending(undefined, o));
  checks.push(checkOf('create', 'unknown', 'create_unknown'));
  const screening = await look('screening', PATHS.screening, (o) => client.getScreening(nobody, o));
  checks.push(verdict('screening', screening, 'screening_ok', 'screening_denied'));
  const validation = await look('validation', PATHS.validation, (o) =>
    client.getValidation(nobody, o),
  );
  checks.push(verdict('validation', validation, 'validation_ok', 'validation_denied'));
  checks.push(checkOf('onCreate', 'unknown', 'on_create_unknown'));
  return done(checks, report());
}

type Shape = Pick<AnswerSeen, 'body' | 'fields' | 'itemFields'>;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The key of an object's list of items: `content` (the spec's page), else its only list. */
function itemsKey(o: Record<string, unknown>): string | undefined {
  if (Array.isArray(o.content)) return 'content';
  const lists = Object.keys(o).filter((k) => Array.isArray(o[k]));
  return lists.length === 1 ? lists[0] : undefined;
}

/** Field names only: never a value (no supplier data, nothing the server echoed). */
function shapeOf(json: unknown): Shape {
  if (Array.isArray(json)) {
    const first: unknown = json[0];
    return { body: 'list', fields: isObject(first) ? Object.keys(first) : [] };
  }
  if (!isObject(json)) return { body: 'none', fields: [] };
  const key = itemsKey(json);
  const first: unknown = key ? (json[key] as unknown[])[0] : undefined;
  return {
    body: 'object',
    fields: Object.keys(json),
    ...(isObject(first) ? { itemFields: Object.keys(first) } : {}),
  };
}

/** The supplier list's fields besides its items: how it pages. */
function pagingOf(json: unknown): string[] {
  if (!isObject(json)) return [];
  const key = itemsKey(json);
  return Object.keys(json).filter((k) => k !== key);
}

/** The first listed supplier's platform id (`platformTargetId`, or the spec's `id`). */
function firstPlatformId(json: unknown): string | number | undefined {
  const items = Array.isArray(json) ? json : isObject(json) ? json[itemsKey(json) ?? ''] : [];
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  if (!isObject(first)) return undefined;
  for (const v of [first.platformTargetId, first.id]) {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

/**
 * What the list call says of the token. Only a real answer of the supplier list (or a 403 that
 * names a missing permission for a known user) proves the token was accepted: a server that
 * answers 400 or 404 to a plain list request is not the supplier API.
 */
function tokenCheck(read: ApiAnswer<unknown>): Check {
  if (read.kind === 'no_token') {
    return checkOf('token', 'failed', 'token_missing');
  }
  if (read.kind === 'access_denied' && read.loggedIn === undefined) {
    return checkOf('token', 'unknown', 'token_unclear');
  }
  if (read.kind === 'access_denied' && !read.loggedIn) {
    return checkOf('token', 'failed', 'token_refused');
  }
  if (read.kind === 'ok' || read.kind === 'access_denied') {
    return checkOf('token', 'ok', 'token_ok');
  }
  if (read.kind === 'throttled' || read.kind === 'maybe_processed') {
    return checkOf('token', 'unknown', 'token_busy', {
      detail: read.kind === 'throttled' ? 'rate limit reached' : read.detail,
    });
  }
  return checkOf('token', 'unknown', 'token_not_api');
}

/** 400 or 404 to a read of something that does not exist means the permission check passed. */
function verdict(
  key: Check['key'],
  answer: ApiAnswer<unknown>,
  yes: Codes<'check'>,
  no: Codes<'check'>,
): Check {
  if (answer.kind === 'ok' || answer.kind === 'row_error' || answer.kind === 'not_found') {
    return checkOf(key, 'ok', yes);
  }
  if (answer.kind === 'access_denied') return checkOf(key, 'failed', no);
  return checkOf(key, 'unknown', 'answer_unclear', { answer: answer.kind.replace('_', ' ') });
}

/** The verdict and its summary come from the same checks, so they can never disagree. */
function done(checks: Check[], answers: AnswerReport): ConnectionTest {
  const essential = ESSENTIAL.map((key) => checks.find((c) => c.key === key));
  const failed = essential.find((c) => c?.status === 'failed');
  const unsure = essential.find((c) => c?.status === 'unknown');
  const ok = essential.every((c) => c?.status === 'ok');
  const optionalFailed = checks.some((c) => c.status === 'failed' && !ESSENTIAL.includes(c.key));
  // A failed or unsure essential check is the summary itself: its code (`check.<code>`) and
  // params; otherwise the summary's own (`checkSummary.<code>`).
  const lead = failed ?? unsure;
  if (lead)
    return {
      ok,
      checks,
      answers,
      summaryCode: lead.code!,
      ...(lead.params ? { summaryParams: lead.params } : {}),
      summary: lead.message,
    };
  const unchecked = checks.some((c) => c.code === 'reachable_unchecked');
  const s = said(
    'checkSummary',
    !ok ? 'incomplete' : unchecked ? 'certificates_off' : optionalFailed ? 'optional_denied' : 'ok',
  );
  return { ok, checks, answers, summaryCode: s.code, summary: s.message };
}
