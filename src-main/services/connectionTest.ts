// "Test connection": reachability, the token, and each permission the app needs, in plain words.
// Nothing the test sends can change anything on the platform: reads are probed with one small list
// call; the permission to create with a JSON array where the API takes one supplier object (403
// without the permission, 400 with it); screening and validation with an identifier no supplier
// has (403 without the permission, 404 or 400 with it). Entitlements for screening and
// validation on create cannot be probed without creating a supplier: the app learns them at the
// first creation and says so here.
import type { ConnectionTest } from '../../src-shared/contract';
import type { ApiAnswer, ApiClient } from '../api';

type Check = ConnectionTest['checks'][number];

/** The checks without which the app cannot work with this connection at all. */
const ESSENTIAL: ReadonlyArray<Check['key']> = ['reachable', 'token', 'read', 'create'];

export async function testConnection(client: ApiClient): Promise<ConnectionTest> {
  const checks: Check[] = [];
  const read = await client.listSuppliers(0, 1, { timeoutMs: 15_000 });
  if (
    read.kind === 'offline' ||
    (read.kind === 'maybe_processed' && read.reason !== 'server_error')
  ) {
    checks.push({
      key: 'reachable',
      status: 'failed',
      message: `The API at ${client.baseUrl} cannot be reached (${read.kind === 'offline' ? read.reason : read.detail}). Check the address and the network.`,
    });
    return done(checks);
  }
  checks.push({ key: 'reachable', status: 'ok', message: `The API at ${client.baseUrl} answers.` });
  const token = tokenCheck(read);
  checks.push(token);
  if (token.status !== 'ok') return done(checks);
  checks.push(
    verdict(
      'read',
      read,
      'The token may read suppliers (needed for the identifier check and tracking).',
      'The token may not read suppliers: ask your administrator for ACCESS_PUBLIC_SUPPLIERS.',
    ),
  );

  const create = await client.probeCreatePermission({ timeoutMs: 15_000 });
  checks.push(
    verdict(
      'create',
      create,
      'The token may create suppliers.',
      'The token may not create suppliers: ask your administrator for the permission to connect targets.',
    ),
  );
  // An identifier no supplier has: 404 (or 400) when the permission is there.
  const nobody = { supplierId: `connection-test-${Date.now()}` };
  const screening = await client.requestScreening(nobody, 2, { timeoutMs: 15_000 });
  checks.push(
    verdict(
      'screening',
      screening,
      'The token may request screenings.',
      'The token may not request screenings: jobs without screening still work.',
    ),
  );
  const validation = await client.requestValidation(nobody, { timeoutMs: 15_000 });
  checks.push(
    verdict(
      'validation',
      validation,
      'The token may request validations.',
      'The token may not request validations: jobs without validation still work.',
    ),
  );
  checks.push({
    key: 'onCreate',
    status: 'unknown',
    message:
      'Whether screening and validation can be asked for together with a creation is learned at the first creation; without it, the app sends them as separate requests.',
  });
  return done(checks);
}

/**
 * What the list call says of the token. Only a real answer of the supplier list (or a 403 that
 * names a missing permission for a known user) proves the token was accepted: a server that
 * answers 400 or 404 to a plain list request is not the supplier API.
 */
function tokenCheck(read: ApiAnswer<unknown>): Check {
  if (read.kind === 'no_token') {
    return {
      key: 'token',
      status: 'failed',
      message: 'No token is stored for this connection. Enter the token and save.',
    };
  }
  if (read.kind === 'access_denied' && read.loggedIn === undefined) {
    return {
      key: 'token',
      status: 'unknown',
      message:
        "The API refused the list of suppliers (403) without saying whether the token or a permission is missing. Check the token, and that the base URL is the API's.",
    };
  }
  if (read.kind === 'access_denied' && !read.loggedIn) {
    return {
      key: 'token',
      status: 'failed',
      message:
        'The API does not accept this token. Create a new token on the token management page and enter it here.',
    };
  }
  if (read.kind === 'ok' || read.kind === 'access_denied') {
    return { key: 'token', status: 'ok', message: 'The token is accepted.' };
  }
  if (read.kind === 'throttled' || read.kind === 'maybe_processed') {
    return {
      key: 'token',
      status: 'unknown',
      message: `The API is busy (${read.kind === 'throttled' ? 'rate limit reached' : read.detail}), so the token could not be tried. Test again in a minute.`,
    };
  }
  return {
    key: 'token',
    status: 'unknown',
    message:
      "The address answers, but not like the supplier API: a plain list of suppliers was refused. Check that the base URL is the API's, without a path.",
  };
}

/** 400 or 404 to a request that cannot change anything means the permission check passed. */
function verdict(key: Check['key'], answer: ApiAnswer<unknown>, yes: string, no: string): Check {
  if (answer.kind === 'ok' || answer.kind === 'row_error' || answer.kind === 'not_found') {
    return { key, status: 'ok', message: yes };
  }
  if (answer.kind === 'access_denied') return { key, status: 'failed', message: no };
  return {
    key,
    status: 'unknown',
    message: `Could not tell (${answer.kind.replace('_', ' ')}). Try again in a minute.`,
  };
}

/** The verdict and its summary come from the same checks, so they can never disagree. */
function done(checks: Check[]): ConnectionTest {
  const essential = ESSENTIAL.map((key) => checks.find((c) => c.key === key));
  const failed = essential.find((c) => c?.status === 'failed');
  const unsure = essential.find((c) => c?.status === 'unknown');
  const ok = essential.every((c) => c?.status === 'ok');
  const optionalFailed = checks.some((c) => c.status === 'failed' && !ESSENTIAL.includes(c.key));
  return {
    ok,
    checks,
    summary: failed
      ? failed.message
      : unsure
        ? unsure.message
        : !ok
          ? 'The test stopped before every permission was checked. Test again in a minute.'
          : optionalFailed
            ? 'The connection works for creating suppliers; some optional features are not allowed (see below).'
            : 'The connection works: suppliers can be checked and created.',
  };
}
