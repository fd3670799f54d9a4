// "Test connection": reachability, the token, and each permission the app needs, in plain words.
// Nothing the test sends can change anything on the platform: reads are probed with one small list
// call; the permission to create with a JSON array where the API takes one supplier object (403
// without the permission, 400 with it); screening and validation with an identifier no supplier
// has (403 without the permission, 404 or 400 with it). Entitlements for screening and
// validation on create cannot be probed without creating a supplier: the app learns them at the
// first creation and says so here.
//
// Each check and the summary are data (`check.<code>`, `checkSummary.<code>` in
// src-shared/i18n/connection.ts); their `message` and `summary` are the English wording.
import type { ConnectionTest } from '../../src-shared/contract';
import type { Params } from '../../src-shared/i18n';
import type { en } from '../../src-shared/i18n/connection';
import type { ApiAnswer, ApiClient } from '../api';
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

/** The checks without which the app cannot work with this connection at all. */
const ESSENTIAL: ReadonlyArray<Check['key']> = ['reachable', 'token', 'read', 'create'];

export async function testConnection(client: ApiClient): Promise<ConnectionTest> {
  const checks: Check[] = [];
  const read = await client.listSuppliers(0, 1, { timeoutMs: 15_000 });
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
    return done(checks);
  }
  checks.push(checkOf('reachable', 'ok', 'reachable', { url: client.baseUrl }));
  const token = tokenCheck(read);
  checks.push(token);
  if (token.status !== 'ok') return done(checks);
  checks.push(verdict('read', read, 'read_ok', 'read_denied'));

  const create = await client.probeCreatePermission({ timeoutMs: 15_000 });
  checks.push(verdict('create', create, 'create_ok', 'create_denied'));
  // An identifier no supplier has: 404 (or 400) when the permission is there.
  const nobody = { supplierId: `connection-test-${Date.now()}` };
  const screening = await client.requestScreening(nobody, 2, { timeoutMs: 15_000 });
  checks.push(verdict('screening', screening, 'screening_ok', 'screening_denied'));
  const validation = await client.requestValidation(nobody, { timeoutMs: 15_000 });
  checks.push(verdict('validation', validation, 'validation_ok', 'validation_denied'));
  checks.push(checkOf('onCreate', 'unknown', 'on_create_unknown'));
  return done(checks);
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

/** 400 or 404 to a request that cannot change anything means the permission check passed. */
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
function done(checks: Check[]): ConnectionTest {
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
      summaryCode: lead.code!,
      ...(lead.params ? { summaryParams: lead.params } : {}),
      summary: lead.message,
    };
  const s = said('checkSummary', !ok ? 'incomplete' : optionalFailed ? 'optional_denied' : 'ok');
  return { ok, checks, summaryCode: s.code, summary: s.message };
}
