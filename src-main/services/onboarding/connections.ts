// Connections: the ones the user keeps, the built-in sandbox, their test, and the one new jobs use.
import type { ConnectionTest, ConnectionView, Limits } from '../../../src-shared/contract';
import { fail, failWith } from '../../../src-shared/errors';
import type { CreateFieldNames } from '../../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../../src-shared/identifierTypes';
import { checkBaseUrl } from '../../api';
import { DEFAULT_WINDOWS } from '../../api/limiter';
import { lastAnswerProblem } from '../../engine/answerProblems';
import type { Connection } from '../../journal/journal';
import { testConnection } from '../connectionTest';
import { word } from '../../../src-shared/i18n';
import type { Ctx } from './context';

export const SANDBOX_CONNECTION_NAME = word('en', 'connection.sandboxName');
/** The practice sandbox's API user, the same in every launch although its token changes: the
 *  pending creations and requests a kept sandbox state holds stay this user's. */
export const SANDBOX_USER = 'sandbox';

/** The journal setting with the connection new jobs use (one that passed its test). */
export const DEFAULT_CONNECTION_SETTING = 'connections:default';

export async function connectionView(ctx: Ctx, c: Connection): Promise<ConnectionView> {
  const hasToken = await ctx.secrets.hasToken(c.id).catch(() => false);
  return {
    id: c.id,
    name: c.name,
    baseUrl: c.baseUrl,
    isSandbox: c.isSandbox,
    hasToken,
    limits: c.limits,
    fieldNames: c.fieldNames,
    identifierTypes: c.identifierTypes,
    isDefault: c.id === defaultConnectionId(ctx),
    ...answerProblemOf(ctx, c.id),
  };
}

/** The connection's last answer that lacked a needed field, for its screen. */
function answerProblemOf(ctx: Ctx, id: string): Pick<ConnectionView, 'answerProblem'> {
  const problem = lastAnswerProblem(ctx.journal, id);
  return problem ? { answerProblem: problem } : {};
}

/** The connection new jobs use: the last one that passed its test when made the default,
 *  else the practice sandbox; null when there is neither. */
export function defaultConnectionId(ctx: Ctx): string | null {
  const { journal } = ctx;
  const stored = journal.getSetting(DEFAULT_CONNECTION_SETTING);
  if (typeof stored === 'string' && journal.getConnection(stored)) return stored;
  return journal.listConnections().find((c) => c.isSandbox)?.id ?? null;
}

/** Tests the connection and, only when it passes, makes it the one new jobs use. */
export async function useConnection(
  ctx: Ctx,
  id: string,
): Promise<{ used: boolean; test: ConnectionTest; defaultId: string | null }> {
  const test = await testConnectionOf(ctx, id);
  if (test.ok) ctx.journal.setSetting(DEFAULT_CONNECTION_SETTING, id);
  return { used: test.ok, test, defaultId: defaultConnectionId(ctx) };
}

export async function listConnections(ctx: Ctx): Promise<ConnectionView[]> {
  return Promise.all(ctx.journal.listConnections().map((c) => connectionView(ctx, c)));
}

/** The built-in sandbox's connection, pointed at the sandbox running now. Its token, new with
 *  each launch, is answered by the app's secret store, never kept in the keychain. */
export async function ensureSandboxConnection(
  ctx: Ctx,
  url: string,
  limits?: Limits,
): Promise<Connection> {
  const { journal } = ctx;
  const existing = journal.listConnections().find((c) => c.isSandbox);
  let conn: Connection;
  if (existing) {
    conn =
      existing.baseUrl === url && (!limits || sameLimits(existing.limits, limits))
        ? existing
        : journal.updateConnection(existing.id, { baseUrl: url, ...(limits ? { limits } : {}) });
    if (conn !== existing) ctx.engine.resetConnection(conn.id);
  } else {
    conn = journal.createConnection({
      name: SANDBOX_CONNECTION_NAME,
      baseUrl: url,
      limits: limits ?? DEFAULT_WINDOWS,
      isSandbox: true,
    });
  }
  return conn;
}

export async function saveConnection(
  ctx: Ctx,
  input: {
    id?: string | undefined;
    name: string;
    baseUrl: string;
    token?: string | undefined;
    limits?: Limits | undefined;
    fieldNames?: CreateFieldNames | undefined;
    identifierTypes?: IdentifierTypes | undefined;
  },
): Promise<ConnectionView> {
  const { journal, secrets, engine } = ctx;
  const url = checkBaseUrl(input.baseUrl);
  if (!url.ok) fail(url.error.code as 'api_insecure_url', url.error.message);
  let conn: Connection;
  if (input.id) {
    const before =
      journal.getConnection(input.id) ??
      failWith('not_found', { reason: 'connection', id: input.id });
    // A token is bound to the address it was entered for (services/appSecrets.ts).
    if (before.baseUrl !== url.value && !input.token?.trim() && !before.isSandbox) {
      failWith('api_no_token', { reason: 'address_changed', from: before.baseUrl, to: url.value });
    }
    conn = journal.updateConnection(before.id, {
      name: input.name,
      baseUrl: url.value,
      ...(input.limits ? { limits: input.limits } : {}),
      ...(input.fieldNames ? { fieldNames: input.fieldNames } : {}),
      ...(input.identifierTypes ? { identifierTypes: input.identifierTypes } : {}),
    });
  } else {
    conn = journal.createConnection({
      name: input.name,
      baseUrl: url.value,
      limits: input.limits ?? DEFAULT_WINDOWS,
      ...(input.fieldNames ? { fieldNames: input.fieldNames } : {}),
      ...(input.identifierTypes ? { identifierTypes: input.identifierTypes } : {}),
    });
  }
  // The keychain's own failure says what to do (unlock it, or start its service).
  if (input.token !== undefined) await secrets.set(conn.id, input.token.trim());
  engine.resetConnection(conn.id);
  return connectionView(ctx, conn);
}

export async function deleteConnection(ctx: Ctx, id: string): Promise<boolean> {
  const { journal } = ctx;
  const conn = journal.getConnection(id);
  if (!conn) return false;
  if (conn.isSandbox) failWith('invalid_input', { reason: 'sandbox_kept' });
  if (journal.listJobs().some((j) => j.connectionId === id)) {
    failWith('invalid_input', { reason: 'connection_in_use', id });
  }
  await ctx.secrets.delete(id).catch(() => false);
  ctx.engine.resetConnection(id);
  if (journal.getSetting(DEFAULT_CONNECTION_SETTING) === id)
    journal.deleteSetting(DEFAULT_CONNECTION_SETTING);
  return journal.deleteConnection(id);
}

export async function testConnectionOf(ctx: Ctx, id: string): Promise<ConnectionTest> {
  const conn = ctx.journal.getConnection(id) ?? failWith('not_found', { reason: 'connection', id });
  return testConnection(ctx.engine.runtime(conn.id).client);
}

export function sameLimits(a: Limits, b: Limits): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
