// "Test connection": reachability, the token, and each permission the app needs, in plain words.
// Reads are probed with one small list call; writes with deliberately incomplete requests, which
// the API refuses with 403 when the permission is missing and with 400 (nothing created) when it
// is there. Entitlements for screening and validation on create cannot be probed without
// creating a supplier: the app learns them at the first creation and says so here.
import type { ConnectionTest } from '../../src-shared/contract';
import type { ApiAnswer, ApiClient } from '../api';

type Check = ConnectionTest['checks'][number];

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
  if (read.kind === 'no_token') {
    checks.push({
      key: 'token',
      status: 'failed',
      message: 'No token is stored for this connection. Enter the token and save.',
    });
    return done(checks);
  }
  if (read.kind === 'access_denied' && read.loggedIn === false) {
    checks.push({
      key: 'token',
      status: 'failed',
      message:
        'The API does not accept this token. Create a new token on the token management page and enter it here.',
    });
    return done(checks);
  }
  if (read.kind === 'unexpected_response' || read.kind === 'not_found') {
    checks.push({
      key: 'token',
      status: 'unknown',
      message:
        "The address answers, but not like the supplier API. Check that the base URL is the API's, without a path.",
    });
    return done(checks);
  }
  checks.push({ key: 'token', status: 'ok', message: 'The token is accepted.' });
  checks.push(
    verdict(
      'read',
      read,
      'The token may read suppliers (needed for the identifier check and tracking).',
      'The token may not read suppliers: ask your administrator for ACCESS_PUBLIC_SUPPLIERS.',
    ),
  );

  // Blank required fields: refused with 400 (nothing created) when the permission is there.
  const blank = { name: ' ', countryCode: ' ', city: ' ', address: ' ', supplierId: { id: ' ' } };
  const create = await client.createSupplier(blank as never, { timeoutMs: 15_000 });
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

/** 400 or 404 to an incomplete request means the permission check passed. */
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

function done(checks: Check[]): ConnectionTest {
  const failed = checks.filter((c) => c.status === 'failed');
  const essential = failed.filter((c) => ['reachable', 'token', 'read', 'create'].includes(c.key));
  return {
    ok: essential.length === 0 && checks.some((c) => c.key === 'create' && c.status === 'ok'),
    checks,
    summary:
      essential.length > 0
        ? essential[0]!.message
        : failed.length > 0
          ? 'The connection works for creating suppliers; some optional features are not allowed (see below).'
          : 'The connection works: suppliers can be checked and created.',
  };
}
