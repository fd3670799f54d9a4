// The sandbox's public types and defaults. Kept apart from the server so that every module can
// import them without an import cycle; index.ts re-exports them.
import type { Clock } from '../util/clock';
import type { Routes } from './routes';

export interface SandboxLimitWindow {
  limit: number;
  windowSeconds: number;
}
export interface SandboxLimits {
  GET: SandboxLimitWindow[];
  WRITE: SandboxLimitWindow[];
}

/** The spec's default limits per API user: GET 100/10 s + 500/60 s; writes 20/10 s + 100/60 s. */
export const DEFAULT_LIMITS: SandboxLimits = {
  GET: [
    { limit: 100, windowSeconds: 10 },
    { limit: 500, windowSeconds: 60 },
  ],
  WRITE: [
    { limit: 20, windowSeconds: 10 },
    { limit: 100, windowSeconds: 60 },
  ],
};

/** Permissions named in the published document, plus the two entitlements for work on create. */
export const PERMISSIONS = [
  'ACCESS_PUBLIC_SUPPLIERS',
  'ACCESS_PUBLIC_CONNECT_TARGET',
  'ACCESS_PUBLIC_REMOVE_TARGET',
  'ACCESS_PUBLIC_SCREENING_REQUEST',
  'ACCESS_PUBLIC_VALIDATION_REQUEST',
  'ACCESS_PUBLIC_EXTERNAL_SCORES',
  'ENTITLEMENT_SCREENING_ON_CREATE',
  'ENTITLEMENT_VALIDATION_ON_CREATE',
] as const;
export type SandboxPermission = (typeof PERMISSIONS)[number];

export interface SandboxTokenSpec {
  token: string;
  /** Permissions and entitlements; undefined = all of them. Names: ACCESS_PUBLIC_SUPPLIERS,
   *  ACCESS_PUBLIC_CONNECT_TARGET, ACCESS_PUBLIC_REMOVE_TARGET, ACCESS_PUBLIC_SCREENING_REQUEST,
   *  ACCESS_PUBLIC_VALIDATION_REQUEST, ACCESS_PUBLIC_EXTERNAL_SCORES, and entitlements
   *  ENTITLEMENT_SCREENING_ON_CREATE, ENTITLEMENT_VALIDATION_ON_CREATE. */
  permissions?: string[];
  /** Tokens with the same `user` share one API user: one rate-limit budget and one set of
   *  pending creations / screening / validation requests. Default: the token itself. */
  user?: string;
}

export interface SandboxFaults {
  /** Share of requests answered 500 internal_error without applying anything. */
  before500?: number;
  /** Share of WRITE requests applied, then answered 500 internal_error. */
  after500?: number;
  /** Share of requests whose connection is destroyed (for writes: after applying, half the time). */
  drop?: number;
  /** Uniform extra latency range per request. */
  latencyMs?: [number, number];
}

export interface SandboxSeedSupplier {
  name: string;
  countryCode: string;
  city: string;
  address: string;
  postalCode?: string;
  supplierIds?: { id: string; source?: string }[];
  customerIds?: { id: string; source?: string }[];
  ownIds?: { id: string; source?: string }[];
  platformTargetId?: number;
}

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Routes besides the API's, by path and method, answered as the API's are (its token, its
   *  permission, the rate limits and the faults): a test's own route, such as the endpoint of
   *  a kind the test registers (test/main/kinds/fifthKind.test.ts). Not the API's paths. */
  extraRoutes?: Routes;
  /** Default 0 = random. */
  port?: number;
  /** Default [{ token: 'sandbox' }] with every permission. Every route needs one, /__sandbox/* too. */
  tokens?: SandboxTokenSpec[];
  /** Creation: New -> Pending -> created; default 5000. */
  processingMs?: number;
  /** Share of creations that end without a supplier; default 0. */
  vanishShare?: number;
  /** Default 5000. */
  screeningMs?: number;
  /** Default 5000. */
  validationMs?: number;
  screeningOdds?: { Finished: number; NoFindings: number; Aborted: number };
  validationOdds?: { COMPLETED: number; REJECTED: number; differentOutcomeId: number };
  limits?: SandboxLimits;
  /** Default 'fixed'. */
  window?: 'fixed' | 'sliding';
  faults?: SandboxFaults;
  /** spec: 200 single object / 404 none / 400 several; list: 200 array. Default 'spec'. */
  findByIdentifierForm?: 'spec' | 'list';
  /** full: every field of the published document; spec: only what api-spec.md shows, in its
   *  words (a Target's id and foreignSystems; see specAnswers.ts). Default 'full'. */
  answers?: 'full' | 'spec';
  /** What a spec answer's foreignSystems `system` holds: kind (supplier, customer, own),
   *  source-name (the source system's name, "SAP"), or source-name-only (that, and no
   *  `source`). The spec does not say; see specAnswers.ts. Default 'kind'. */
  system?: 'kind' | 'source-name' | 'source-name-only';
  /** counted: the list's pages say how many there are (size, totalElements, totalPages, ...);
   *  uncounted: a page has only content and number (the spec shows no paging field). Default
   *  'counted'. */
  paging?: 'counted' | 'uncounted';
  /** How creates must spell city and address: city-address (api-notes.md) or
   *  locality-addressLine, which refuses city and address with 400. Default 'city-address'. */
  createFieldNames?: 'city-address' | 'locality-addressLine';
  /** What identifier requests must call the customer id and the own id (api-spec.md shows only
   *  SUPPLIER_ID; CUSTOMER_ID and OWN_ID come from api-notes.md). Any other `type` is refused
   *  with 400 invalid_request naming it and the accepted ones. Default CUSTOMER_ID and OWN_ID. */
  identifierTypes?: { CUSTOMER_ID: string; OWN_ID: string };
  /** Whether the organization has the external-scores feature (api-spec.md: "only when enabled
   *  for the organization"); false answers every /public/v1/scores/externals call 403 with
   *  `loggedIn: true` and no permission named. Default true. */
  externalScores?: boolean;
  /** Path to a .json or .csv file, records, or 'sample' for the built-in practice base. */
  seedSuppliers?: string | SandboxSeedSupplier[];
  /** Test only: every screening or validation status read answers this status instead of the
   *  lifecycle's (an API answering a status its documentation does not list). Default none. */
  statusAnswers?: { screening?: string; validation?: string };
  /** SQLite file for state that survives restarts; default in memory. */
  statePath?: string;
  /** Makes faults, odds and ids reproducible. */
  randomSeed?: number;
  /** Optional request log (never logs tokens). */
  log?: (line: string) => void;
  /** Source of time for every timestamp, window and lifecycle (added: lets tests move time
   *  without waiting). Injected latency still waits in real time. Default: the system clock. */
  clock?: Clock;
}

export interface SandboxStats {
  /** Key `${id}|${source ?? ''}` -> suppliers actually created (a duplicate shows as 2+). */
  creationsByIdentity: Record<string, number>;
  /** 202s (and applied-then-500/dropped creates). */
  createRequestsAccepted: number;
  suppliers: number;
  pending: number;
  /** Counted by the limiter (including 429s). */
  requests: { GET: number; WRITE: number };
  /** 429s sent. */
  throttled: { GET: number; WRITE: number };
  faults: { before500: number; after500: number; drop: number };
  screeningRequests: number;
  /** Screenings per period in years (key '2', '5' or '10'), with the create or on their own. */
  screeningsByPeriod: Record<string, number>;
  validationRequests: number;
  /** Key `${platformId}|${eventTypeKey}` -> external scores written (a repeated write shows as 2+). */
  scoreWrites: Record<string, number>;
  /** Changes made per identity by deactivations (key: platform id) and by identifiers added or
   *  removed (key: platform id, type, id and source joined by U+001F): a change repeated shows
   *  as 2+. */
  changesByIdentity: {
    deactivate: Record<string, number>;
    identifier_add: Record<string, number>;
    identifier_remove: Record<string, number>;
  };
}

export interface SandboxHandle {
  /** E.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  port: number;
  stats(): SandboxStats;
  /** Back to the seeded state, counters zeroed. */
  reset(): void;
  /** Lets tests flip settings at run time (faults, limits, window, times). */
  configure(
    patch: Partial<Omit<SandboxOptions, 'host' | 'port' | 'statePath' | 'extraRoutes'>>,
  ): void;
  close(): Promise<void>;
}

export type MethodGroup = 'GET' | 'WRITE';
