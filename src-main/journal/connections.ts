// Connections: the API a job talks to (never its token: that is in the OS keychain). drizzle,
// like every area of small tables read and written whole (see docs/architecture.md).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fail } from '../../src-shared/errors';
import { DEFAULT_IDENTIFIER_TYPES } from '../../src-shared/identifierTypes';
import { pick, rowWhere, type ReadHandle, type WriteHandle } from './handle';
import { connections, type ConnectionLimits } from './schema';

export type Connection = typeof connections.$inferSelect;
export type NewConnection = {
  name: string;
  baseUrl: string;
  limits: ConnectionLimits;
  isSandbox?: boolean;
  fieldNames?: Connection['fieldNames'];
  identifierTypes?: Connection['identifierTypes'];
};

export function createConnection(h: WriteHandle, input: NewConnection): Connection {
  const row: Connection = {
    id: randomUUID(),
    name: input.name,
    baseUrl: input.baseUrl,
    limits: input.limits,
    isSandbox: input.isSandbox ?? false,
    createdAt: h.clock.now(),
    fieldNames: input.fieldNames ?? 'city-address',
    identifierTypes: input.identifierTypes ?? { ...DEFAULT_IDENTIFIER_TYPES },
  };
  h.db.insert(connections).values(row).run();
  return row;
}

export function getConnection(h: ReadHandle, id: string): Connection | null {
  return rowWhere(h, connections, connections.id, id) ?? null;
}

export function listConnections(h: ReadHandle): Connection[] {
  return h.db.select().from(connections).orderBy(connections.createdAt).all();
}

/** Removes a connection no job uses; true when it existed. */
export function deleteConnection(h: WriteHandle, id: string): boolean {
  return h.db.delete(connections).where(eq(connections.id, id)).run().changes > 0;
}

export function updateConnection(
  h: WriteHandle,
  id: string,
  patch: Partial<
    Pick<Connection, 'name' | 'baseUrl' | 'limits' | 'fieldNames' | 'identifierTypes'>
  >,
): Connection {
  const current = getConnection(h, id) ?? fail('not_found', undefined, { connectionId: id });
  const next = { ...current, ...patch };
  const set = pick(next, ['name', 'baseUrl', 'limits', 'fieldNames', 'identifierTypes']);
  h.db.update(connections).set(set).where(eq(connections.id, id)).run();
  return next;
}
