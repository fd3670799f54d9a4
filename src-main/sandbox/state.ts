// The sandbox's state: suppliers, identifiers, pending creations, screening and validation
// requests, external scores and id counters, all in one SQLite database (a file when the state
// must survive restarts, memory otherwise: one code path either way).
//
// Time-driven changes are computed lazily from timestamps: each item stores when it becomes due,
// and every request first settles what is due by `now`. No timer per item, so a restarted sandbox
// continues where it stopped and 100k pending creations cost nothing until they come due.
import Database from 'better-sqlite3';
import { ApiError, invalidRequest, notFound } from './apiError';
import { makeUuid, unitHash } from './hashing';
import * as followUps from './stateFollowUps';
import * as scores from './stateScores';
import {
  FIRST_PLATFORM_ID,
  idOut,
  isoInstant,
  NEW_SHARE,
  SCHEMA,
  SCHEMA_VERSION,
  type CreateInput,
  type IdentifierKind,
  type IdentifierQuery,
  type PendingRow,
  type ScoreInput,
  type StateSettings,
  type SupplierRow,
} from './stateSchema';
import type { SandboxSeedSupplier } from './types';

export {
  IDENTIFIER_KINDS,
  isoInstant,
  type CreateInput,
  type IdentifierKind,
  type IdentifierQuery,
  type ScoreInput,
  type StateSettings,
} from './stateSchema';

/** The writes the stats count per identity: a deactivation (by platform id), an identifier
 *  added or removed (by supplier, type, id and source). */
export type ChangeKind = 'deactivate' | 'identifier_add' | 'identifier_remove';

export class SandboxState {
  readonly db: Database.Database;

  constructor(
    statePath: string | undefined,
    readonly settings: () => StateSettings,
  ) {
    this.db = new Database(statePath ?? ':memory:');
    if (statePath) {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
    }
    try {
      const version = this.db.pragma('user_version', { simple: true }) as number;
      if (version !== 0 && version !== SCHEMA_VERSION) {
        throw new Error(
          `it has format ${version}, this sandbox reads format ${SCHEMA_VERSION} (delete the file to start afresh)`,
        );
      }
      this.db.exec(SCHEMA);
    } catch (e) {
      this.db.close();
      throw e;
    }
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  close(): void {
    this.db.close();
  }

  /** Prepared statements are reused: every request runs a few, and preparing costs more. */
  private readonly statements = new Map<string, Database.Statement>();
  stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // ---- counters -------------------------------------------------------------------------

  private meta(key: string): number {
    const row = this.stmt('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: number } | undefined;
    return row?.value ?? 0;
  }

  private setMeta(key: string, value: number): void {
    this.stmt(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
  }

  next(key: string, first: number): number {
    const value = Math.max(this.meta(key), first);
    this.setMeta(key, value + 1);
    return value;
  }

  nextPlatformId(): number {
    return this.next('next_platform_id', FIRST_PLATFORM_ID);
  }

  nextUuid(): string {
    return makeUuid(this.settings().seed, this.next('uuid_seq', 1));
  }

  get isSeeded(): boolean {
    return this.meta('seeded') === 1;
  }

  // ---- seeding and reset ----------------------------------------------------------------

  /** Wipes everything and loads the seed suppliers (with their ids, shared ones included). */
  reset(seeds: SandboxSeedSupplier[], now: number): void {
    this.db.transaction(() => {
      for (const table of [
        'meta',
        'suppliers',
        'identifiers',
        'pending',
        'screenings',
        'validations',
        'scores',
      ]) {
        this.stmt(`DELETE FROM ${table}`).run();
      }
      const explicit = seeds.flatMap((s) =>
        s.platformTargetId !== undefined ? [s.platformTargetId] : [],
      );
      this.setMeta('next_platform_id', Math.max(FIRST_PLATFORM_ID, ...explicit.map((i) => i + 1)));
      for (const seed of seeds) {
        const platformId = seed.platformTargetId ?? this.nextPlatformId();
        this.insertSupplier(platformId, {
          name: seed.name,
          countryCode: seed.countryCode,
          city: seed.city,
          address: seed.address,
          postalCode: seed.postalCode,
          createdAt: now,
          createdBy: null,
          creationIdentity: null,
        });
        const kinds: [IdentifierKind, { id: string; source?: string }[] | undefined][] = [
          ['SUPPLIER_ID', seed.supplierIds],
          ['CUSTOMER_ID', seed.customerIds],
          ['OWN_ID', seed.ownIds],
        ];
        for (const [type, ids] of kinds) {
          for (const id of ids ?? [])
            this.insertIdentifier(platformId, type, id.id, id.source ?? '');
        }
      }
      this.setMeta('seeded', 1);
    })();
  }

  private insertSupplier(
    platformId: number,
    s: {
      name: string;
      countryCode: string;
      city: string;
      address: string;
      postalCode?: string | null | undefined;
      industries?: string | null;
      createdAt: number;
      createdBy: string | null;
      creationIdentity: string | null;
    },
  ): void {
    this.stmt(
      `INSERT INTO suppliers (platform_id, name, country_code, city, address, postal_code, industries,
           created_at, created_by, creation_identity)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      platformId,
      s.name,
      s.countryCode,
      s.city,
      s.address,
      s.postalCode ?? null,
      s.industries ?? null,
      s.createdAt,
      s.createdBy,
      s.creationIdentity,
    );
  }

  private insertIdentifier(platformId: number, type: IdentifierKind, id: string, source: string) {
    this.stmt('INSERT INTO identifiers (platform_id, type, id, source) VALUES (?, ?, ?, ?)').run(
      platformId,
      type,
      id,
      source,
    );
  }

  // ---- lazy progress --------------------------------------------------------------------

  /** Turns every creation due by `now` into a supplier (or into nothing, for a vanishing one). */
  settle(now: number): void {
    const due = this.stmt(
      'SELECT * FROM pending WHERE due_at <= ? ORDER BY due_at, uuid LIMIT 1000',
    );
    for (;;) {
      const rows = due.all(now) as PendingRow[];
      if (rows.length === 0) return;
      this.db.transaction(() => {
        for (const row of rows) this.complete(row);
      })();
    }
  }

  private complete(row: PendingRow): void {
    this.stmt('DELETE FROM pending WHERE uuid = ?').run(row.uuid);
    if (row.vanish) return;
    const platformId = this.nextPlatformId();
    // The supplier exists from the moment processing ended, however late a request noticed it.
    const at = row.due_at;
    this.insertSupplier(platformId, {
      name: row.name,
      countryCode: row.country_code,
      city: row.city,
      address: row.address,
      postalCode: row.postal_code,
      industries: row.industries,
      createdAt: at,
      createdBy: row.user,
      creationIdentity: `${row.supplier_id}|${row.source}`,
    });
    this.insertIdentifier(platformId, 'SUPPLIER_ID', row.supplier_id, row.source);
    if (row.screening_period !== null) {
      followUps.insertScreening(this, platformId, row.user, row.screening_period, at);
    }
    if (row.request_validation) followUps.insertValidation(this, platformId, row.user, at);
  }

  // ---- suppliers ------------------------------------------------------------------------

  /** Active suppliers matching any of the given ids (OR); `source` filters the string ids.
   *  (`+s.active` keeps the planner on the id lookups instead of scanning the active index.) */
  match(q: IdentifierQuery): SupplierRow[] {
    const source = q.source ?? null;
    return this.stmt(
      `SELECT platform_id, name, country_code, city, address, postal_code, created_at
         FROM suppliers s
         WHERE +s.active = 1 AND s.platform_id IN (
           SELECT @platformId
           UNION ALL SELECT platform_id FROM identifiers
             WHERE type = 'SUPPLIER_ID' AND id = @supplierId AND (@source IS NULL OR source = @source)
           UNION ALL SELECT platform_id FROM identifiers
             WHERE type = 'CUSTOMER_ID' AND id = @customerId AND (@source IS NULL OR source = @source)
           UNION ALL SELECT platform_id FROM identifiers
             WHERE type = 'OWN_ID' AND id = @ownId AND (@source IS NULL OR source = @source)
         )
         ORDER BY s.platform_id`,
    ).all({
      platformId: q.platformId ?? null,
      supplierId: q.supplierId ?? null,
      customerId: q.customerId ?? null,
      ownId: q.ownId ?? null,
      source,
    }) as SupplierRow[];
  }

  /** Exactly one active supplier: 404 for none, 400 for several. */
  resolveOne(q: IdentifierQuery): SupplierRow {
    const rows = this.match(q);
    if (rows.length === 0) {
      throw notFound(
        'No supplier matches this identifier.',
        'Check the identifier, or wait until a pending creation has been processed.',
      );
    }
    if (rows.length > 1) {
      throw invalidRequest(
        `Several suppliers (${rows.length}) match this identifier.`,
        'Add a source to the identifier, or use platformId.',
      );
    }
    return rows[0] as SupplierRow;
  }

  private identifiersOf(
    platformId: number,
  ): Record<IdentifierKind, { id: string; source?: string }[]> {
    const rows = this.stmt(
      'SELECT type, id, source FROM identifiers WHERE platform_id = ? ORDER BY seq',
    ).all(platformId) as { type: IdentifierKind; id: string; source: string }[];
    const out: Record<IdentifierKind, { id: string; source?: string }[]> = {
      SUPPLIER_ID: [],
      CUSTOMER_ID: [],
      OWN_ID: [],
    };
    for (const r of rows) out[r.type].push(idOut(r.id, r.source));
    return out;
  }

  list(
    page: number,
    size: number,
  ): {
    content: Record<string, unknown>[];
    totalElements: number;
  } {
    const total = (
      this.stmt('SELECT COUNT(*) AS n FROM suppliers WHERE active = 1').get() as { n: number }
    ).n;
    const rows = this.stmt(
      `SELECT platform_id, name, country_code, city, address, postal_code FROM suppliers
         WHERE active = 1 ORDER BY name, platform_id LIMIT ? OFFSET ?`,
    ).all(size, page * size) as SupplierRow[];
    // One query for the identifiers of the whole page rather than one per supplier.
    const ids = this.stmt(
      `SELECT platform_id, id, source FROM identifiers
       WHERE platform_id IN (SELECT value FROM json_each(?)) AND +type = 'SUPPLIER_ID' ORDER BY seq`,
    ).all(JSON.stringify(rows.map((r) => r.platform_id))) as {
      platform_id: number;
      id: string;
      source: string;
    }[];
    const byOwner = new Map<number, { id: string; source?: string }[]>();
    for (const i of ids) {
      const list = byOwner.get(i.platform_id) ?? [];
      list.push(idOut(i.id, i.source));
      byOwner.set(i.platform_id, list);
    }
    // postalCode on every item (null when the supplier has none): the published document's
    // list item lacks it, but duplicate detection compares the list with a file by address
    // (specDifferences.ts 'list-postal-code').
    const content = rows.map((r) => ({
      platformTargetId: r.platform_id,
      name: r.name,
      address: r.address,
      postalCode: r.postal_code,
      city: r.city,
      countryCode: r.country_code,
      supplierIds: byOwner.get(r.platform_id) ?? [],
    }));
    return { content, totalElements: total };
  }

  detail(row: SupplierRow, now: number): Record<string, unknown> {
    const ids = this.identifiersOf(row.platform_id);
    const screening = followUps.screeningSummary(this, row.platform_id, now);
    const out: Record<string, unknown> = {
      platformTargetId: row.platform_id,
      name: row.name,
      address: row.address,
      city: row.city,
      countryCode: row.country_code,
    };
    if (row.postal_code !== null) out.postalCode = row.postal_code;
    return {
      ...out,
      supplierIds: ids.SUPPLIER_ID,
      customerIds: ids.CUSTOMER_ID,
      ownIds: ids.OWN_ID,
      screened: screening === 'Screened',
      screenedStatus: screening,
      monitoredSince: isoInstant(row.created_at),
      connectionContactsCount: 0,
    };
  }

  /** Soft deactivation: the row stays, but it is no longer listed, found or counted as a duplicate. */
  deactivate(platformId: number, now: number): void {
    this.db.transaction(() => {
      const changed = this.stmt(
        'UPDATE suppliers SET active = 0, deactivated_at = ? WHERE platform_id = ? AND active = 1',
      ).run(now, platformId).changes;
      if (changed) this.countChange('deactivate', String(platformId));
    })();
  }

  /** One change a write made, per identity (stats: a count above one is a change repeated). */
  private countChange(kind: ChangeKind, identity: string): void {
    const key = `change:${kind}:${identity}`;
    this.setMeta(key, this.meta(key) + 1);
  }

  // ---- creation -------------------------------------------------------------------------

  private identityTaken(supplierId: string, source: string): 'pending' | 'existing' | undefined {
    const pending = this.stmt(
      'SELECT 1 FROM pending WHERE supplier_id = ? AND source = ? LIMIT 1',
    ).get(supplierId, source);
    if (pending) return 'pending';
    return this.identifierTaken('SUPPLIER_ID', supplierId, source) ? 'existing' : undefined;
  }

  private identifierTaken(type: IdentifierKind, id: string, source: string): boolean {
    return (
      this.stmt(
        `SELECT 1 FROM identifiers i JOIN suppliers s ON s.platform_id = i.platform_id
           WHERE s.active = 1 AND i.type = ? AND i.id = ? AND i.source = ? LIMIT 1`,
      ).get(type, id, source) !== undefined
    );
  }

  /** Accepts a creation; 409 when the same supplierId + source is pending or exists. */
  create(user: string, input: CreateInput, now: number): { uuid: string } {
    const source = input.supplierId.source ?? '';
    return this.db.transaction(() => {
      const taken = this.identityTaken(input.supplierId.id, source);
      if (taken) {
        throw new ApiError(
          409,
          'duplicate_supplier',
          taken === 'pending'
            ? 'A creation with this supplierId and source is already pending.'
            : 'A supplier with this supplierId and source already exists.',
          'Look the supplier up by its identifier (or in the pending list) instead of creating it again.',
        );
      }
      const s = this.settings();
      const uuid = this.nextUuid();
      const processingMs = Math.max(0, s.processingMs);
      const vanish = s.vanishShare > 0 && unitHash(s.seed ?? 0, 'vanish', uuid) < s.vanishShare;
      this.stmt(
        `INSERT INTO pending (uuid, user, supplier_id, source, name, country_code, city, address,
             postal_code, industries, screening_period, request_validation, created_at, new_until, due_at, vanish)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        uuid,
        user,
        input.supplierId.id,
        source,
        input.name,
        input.countryCode,
        input.city,
        input.address,
        input.postalCode ?? null,
        input.industries ? JSON.stringify(input.industries) : null,
        input.screeningPeriodInYears ?? null,
        input.requestValidationOnCreate ? 1 : 0,
        now,
        now + Math.round(processingMs * NEW_SHARE),
        now + processingMs,
        vanish ? 1 : 0,
      );
      this.setMeta('create_requests_accepted', this.meta('create_requests_accepted') + 1);
      return { uuid };
    })();
  }

  /** The API user's pending creations (all of them, or the one with `uuid`). */
  pending(user: string, now: number, uuid?: string): Record<string, unknown>[] {
    const rows = (
      uuid === undefined
        ? this.stmt('SELECT * FROM pending WHERE user = ? ORDER BY created_at, uuid').all(user)
        : this.stmt('SELECT * FROM pending WHERE user = ? AND uuid = ?').all(user, uuid)
    ) as PendingRow[];
    return rows.map((r) => ({
      uuid: r.uuid,
      supplierId: idOut(r.supplier_id, r.source),
      name: r.name,
      countryCode: r.country_code,
      city: r.city,
      address: r.address,
      status: now < r.new_until ? 'New' : 'Pending',
    }));
  }

  // ---- identifiers ----------------------------------------------------------------------

  addIdentifier(platformId: number, type: IdentifierKind, id: string, source: string): void {
    this.db.transaction(() => {
      const pendingClash =
        type === 'SUPPLIER_ID' &&
        this.stmt('SELECT 1 FROM pending WHERE supplier_id = ? AND source = ? LIMIT 1').get(
          id,
          source,
        ) !== undefined;
      if (pendingClash || this.identifierTaken(type, id, source)) {
        throw new ApiError(
          409,
          'duplicate_supplier',
          `The identifier ${type} ${id}${source ? ` (source ${source})` : ''} already exists.`,
          'An identifier can belong to one supplier only; remove it from the other supplier first.',
        );
      }
      this.insertIdentifier(platformId, type, id, source);
      this.countChange('identifier_add', `${platformId}\u001f${type}\u001f${id}\u001f${source}`);
    })();
  }

  removeIdentifier(platformId: number, type: IdentifierKind, id: string, source: string): void {
    const result = this.stmt(
      'DELETE FROM identifiers WHERE platform_id = ? AND type = ? AND id = ? AND source = ?',
    ).run(platformId, type, id, source);
    if (result.changes > 0) {
      this.countChange('identifier_remove', `${platformId}\u001f${type}\u001f${id}\u001f${source}`);
    }
    if (result.changes === 0) {
      throw notFound(
        `The supplier has no identifier ${type} ${id}${source ? ` with source ${source}` : ''}.`,
        'Read the supplier with find-by-identifier to see its identifiers.',
      );
    }
  }

  // ---- screening and validation (stateFollowUps.ts) -------------------------------------

  requestScreening(user: string, platformId: number, period: number, now: number): number[] {
    return followUps.requestScreening(this, user, platformId, period, now);
  }

  screeningStatus(user: string, platformId: number, now: number): Record<string, unknown> {
    return followUps.screeningStatus(this, user, platformId, now);
  }

  requestValidation(user: string, platformId: number, now: number): string {
    return followUps.requestValidation(this, user, platformId, now);
  }

  validationStatus(user: string, platformId: number, now: number): Record<string, unknown> {
    return followUps.validationStatus(this, user, platformId, now);
  }

  // ---- external scores (stateScores.ts) -------------------------------------------------

  writeScores(user: string, entries: ScoreInput[], now: number): Record<string, unknown> {
    return scores.writeScores(this, user, entries, now);
  }

  scoreHistory(
    platformId: number,
    filter: { perspectiveId?: number; groupId?: number },
  ): Record<string, unknown>[] {
    return scores.scoreHistory(this, platformId, filter);
  }

  // ---- stats ----------------------------------------------------------------------------

  counts(): {
    creationsByIdentity: Record<string, number>;
    createRequestsAccepted: number;
    suppliers: number;
    pending: number;
    screeningRequests: number;
    screeningsByPeriod: Record<string, number>;
    validationRequests: number;
    scoreWrites: Record<string, number>;
    changesByIdentity: Record<ChangeKind, Record<string, number>>;
  } {
    const count = (sql: string) => (this.stmt(sql).get() as { n: number }).n;
    const creationsByIdentity: Record<string, number> = {};
    const rows = this.stmt(
      'SELECT creation_identity AS k, COUNT(*) AS n FROM suppliers WHERE creation_identity IS NOT NULL GROUP BY creation_identity',
    ).all() as { k: string; n: number }[];
    for (const r of rows) creationsByIdentity[r.k] = r.n;
    const scoreWrites: Record<string, number> = {};
    const written = this.stmt(
      "SELECT platform_id || '|' || event_type_key AS k, COUNT(*) AS n FROM scores GROUP BY platform_id, event_type_key",
    ).all() as { k: string; n: number }[];
    for (const r of written) scoreWrites[r.k] = r.n;
    const changesByIdentity: Record<ChangeKind, Record<string, number>> = {
      deactivate: {},
      identifier_add: {},
      identifier_remove: {},
    };
    const changes = this.stmt("SELECT key, value FROM meta WHERE key LIKE 'change:%'").all() as {
      key: string;
      value: number;
    }[];
    for (const c of changes) {
      const [, kind, ...rest] = c.key.split(':');
      const byKind = changesByIdentity[kind as ChangeKind];
      if (byKind) byKind[rest.join(':')] = c.value;
    }
    return {
      creationsByIdentity,
      createRequestsAccepted: this.meta('create_requests_accepted'),
      suppliers: count('SELECT COUNT(*) AS n FROM suppliers WHERE active = 1'),
      pending: count('SELECT COUNT(*) AS n FROM pending'),
      screeningRequests: count('SELECT COUNT(*) AS n FROM screenings'),
      screeningsByPeriod: Object.fromEntries(
        (
          this.stmt('SELECT period AS k, COUNT(*) AS n FROM screenings GROUP BY period').all() as {
            k: number;
            n: number;
          }[]
        ).map((r) => [String(r.k), r.n]),
      ),
      validationRequests: count('SELECT COUNT(*) AS n FROM validations'),
      scoreWrites,
      changesByIdentity,
    };
  }
}
