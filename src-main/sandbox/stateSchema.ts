// The sandbox state's tables, the shapes of their rows and of what the requests bring, and the
// few constants the areas of the state share.

export const SCHEMA_VERSION = 1;
export const FIRST_PLATFORM_ID = 100001;
/** Share of the processing time a creation shows as New before it shows as Pending. */
export const NEW_SHARE = 0.2;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS suppliers (
  platform_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country_code TEXT NOT NULL,
  city TEXT NOT NULL,
  address TEXT NOT NULL,
  postal_code TEXT,
  industries TEXT,
  created_at INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  deactivated_at INTEGER,
  created_by TEXT,
  creation_identity TEXT
);
CREATE INDEX IF NOT EXISTS suppliers_list ON suppliers (active, name, platform_id);
CREATE TABLE IF NOT EXISTS identifiers (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  platform_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS identifiers_lookup ON identifiers (type, id, source);
CREATE INDEX IF NOT EXISTS identifiers_owner ON identifiers (platform_id);
CREATE TABLE IF NOT EXISTS pending (
  uuid TEXT PRIMARY KEY,
  user TEXT NOT NULL,
  supplier_id TEXT NOT NULL,
  source TEXT NOT NULL,
  name TEXT NOT NULL,
  country_code TEXT NOT NULL,
  city TEXT NOT NULL,
  address TEXT NOT NULL,
  postal_code TEXT,
  industries TEXT,
  screening_period INTEGER,
  request_validation INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  new_until INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  vanish INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS pending_due ON pending (due_at, uuid);
CREATE INDEX IF NOT EXISTS pending_identity ON pending (supplier_id, source);
CREATE INDEX IF NOT EXISTS pending_user ON pending (user, created_at);
CREATE TABLE IF NOT EXISTS screenings (
  id INTEGER PRIMARY KEY,
  platform_id INTEGER NOT NULL,
  user TEXT NOT NULL,
  period INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  outcome TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS screenings_target ON screenings (platform_id, user);
CREATE TABLE IF NOT EXISTS validations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT NOT NULL UNIQUE,
  platform_id INTEGER NOT NULL,
  user TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  outcome_target_id INTEGER,
  rejection_reason TEXT
);
CREATE INDEX IF NOT EXISTS validations_target ON validations (platform_id, user);
CREATE TABLE IF NOT EXISTS scores (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  platform_id INTEGER NOT NULL,
  event_type_key TEXT NOT NULL,
  value INTEGER NOT NULL,
  comment TEXT,
  created_at INTEGER NOT NULL,
  user TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_target ON scores (platform_id, event_type_key);
`;

export type IdentifierKind = 'SUPPLIER_ID' | 'CUSTOMER_ID' | 'OWN_ID';
export const IDENTIFIER_KINDS: IdentifierKind[] = ['SUPPLIER_ID', 'CUSTOMER_ID', 'OWN_ID'];

/** An identifier query: at least one id kind; `source` filters the string ids only. */
export interface IdentifierQuery {
  supplierId?: string;
  customerId?: string;
  ownId?: string;
  platformId?: number;
  source?: string;
}

export interface CreateInput {
  name: string;
  countryCode: string;
  city: string;
  address: string;
  postalCode?: string;
  supplierId: { id: string; source?: string };
  industries?: string[];
  screeningPeriodInYears?: number;
  requestValidationOnCreate?: boolean;
}

export interface ScoreInput {
  identifier: IdentifierQuery;
  /** The identifier as sent, echoed in errors. */
  identifierEcho: Record<string, unknown>;
  scores: { eventTypeKey: string; scoreValue: number; comment?: string }[];
}

/** Settings the state reads at the moment it decides something (they can change at run time). */
export interface StateSettings {
  seed: number | undefined;
  processingMs: number;
  vanishShare: number;
  screeningMs: number;
  validationMs: number;
  screeningOdds: { Finished: number; NoFindings: number; Aborted: number };
  validationOdds: { COMPLETED: number; REJECTED: number; differentOutcomeId: number };
}

export interface SupplierRow {
  platform_id: number;
  name: string;
  country_code: string;
  city: string;
  address: string;
  postal_code: string | null;
  created_at: number;
}

export interface PendingRow {
  uuid: string;
  user: string;
  supplier_id: string;
  source: string;
  name: string;
  country_code: string;
  city: string;
  address: string;
  postal_code: string | null;
  industries: string | null;
  screening_period: number | null;
  request_validation: number;
  created_at: number;
  new_until: number;
  due_at: number;
  vanish: number;
}

export const REJECTION_REASONS = [
  'The address could not be verified.',
  'The site is not a legal entity.',
  'The site duplicates a site that is already monitored.',
];

/** ISO 8601 instant with zone, for the date-time fields of resources. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();

export const idOut = (id: string, source: string): { id: string; source?: string } =>
  source === '' ? { id } : { id, source };
