// The sync engine's timing and size settings. The defaults are for the real API (creation takes
// hours, screening and validation longer); a sandbox with short processing times and the tests
// use shorter ones.

export interface EngineSettings {
  /** How long after a write whose answer was lost before concluding from the pending list and
   *  find-by-identifier that it did not take effect. 30 s or more against a real server. */
  settleMs: number;
  /** How often the pending list is read while creations are being tracked. */
  trackPollMs: number;
  /** Polling of one row's screening or validation status: first wait, and the cap of its
   *  exponential backoff. */
  statusPollBaseMs: number;
  statusPollCapMs: number;
  /** Reconciliation rounds (a write sent and found not to have taken effect) before the row is
   *  handed to the user instead of being sent again. */
  maxWriteAttempts: number;
  /** Probing a lost network: first wait and cap. */
  offlineBaseMs: number;
  offlineCapMs: number;
  /** Check strategy: read the supplier list page by page and match locally ('list'), one
   *  lookup per row ('lookup'), or whichever costs fewer requests ('auto'). */
  checkStrategy: 'auto' | 'list' | 'lookup';
  /** Page size asked of the supplier list (the server may answer a smaller one). */
  listPageSize: number;
  /** The rows an onboarding's check would create are compared with the platform's active
   *  suppliers (the whole supplier list, read by the check also when it looks rows up one by
   *  one): a likely duplicate waits for the user's decision (engine/duplicates.ts). */
  compareWithBase: boolean;
  /** Rows taken from the journal per batch of a lane. */
  batchSize: number;
  /** Progress events per job are sent at most this often. */
  progressIntervalMs: number;
  /** Request timeout. */
  requestTimeoutMs: number;
  /** A job's lease lasts this long past its last heartbeat (renewed every third of it). */
  leaseTtlMs: number;
  /** How long the platform usually takes to make a supplier of a creation, to screen one and
   *  to validate one. The engine does not wait by them (it polls); a status still running is
   *  warned of only after them. */
  expectedCreationMs: number;
  expectedScreeningMs: number;
  expectedValidationMs: number;
  /** Whether the expected*Ms are this server's real lifecycles (a sandbox's settings say
   *  them). Otherwise they only pace the stall warnings: the estimate of a job's duration takes
   *  what the connection's jobs measured, and says the platform's part is not known before. */
  lifecyclesKnown: boolean;
  /** No row changed state this long while the API kept answering: the job warns why (the
   *  endpoint, what its answers lacked or repeated). A documented status still running is
   *  warned of only once it lasted as long as the platform usually takes (expected*Ms). */
  stallWarnMs: number;
  /** How long a screening or validation status the documentation does not list is followed
   *  before the row needs the user (its problem naming the status): never polled forever. */
  unknownStatusMaxMs: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  settleMs: 45_000,
  trackPollMs: 60_000,
  statusPollBaseMs: 60_000,
  statusPollCapMs: 30 * 60_000,
  maxWriteAttempts: 5,
  offlineBaseMs: 2_000,
  offlineCapMs: 60_000,
  checkStrategy: 'auto',
  listPageSize: 1_000,
  compareWithBase: true,
  batchSize: 200,
  progressIntervalMs: 250,
  requestTimeoutMs: 30_000,
  leaseTtlMs: 30_000,
  // The API's documentation: creation "typically takes a few hours"; screening "runs for hours".
  // Used for warnings only: no estimate says hours it did not measure.
  expectedCreationMs: 3 * 3_600_000,
  expectedScreeningMs: 3 * 3_600_000,
  expectedValidationMs: 3 * 3_600_000,
  lifecyclesKnown: false,
  stallWarnMs: 10 * 60_000,
  unknownStatusMaxMs: 12 * 3_600_000,
};

/** Settings scaled to a sandbox whose lifecycles take `processingMs` (creation) and, when
 *  given, `screeningMs` and `validationMs` (else as long as a creation): polls follow the
 *  sandbox's pace instead of the real API's hours. */
export function sandboxEngineSettings(
  processingMs: number,
  lifecycles: { screeningMs?: number; validationMs?: number } = {},
): EngineSettings {
  const base = Math.max(50, Math.round(processingMs / 4));
  return {
    ...DEFAULT_ENGINE_SETTINGS,
    settleMs: Math.max(500, Math.min(5_000, processingMs)),
    trackPollMs: base,
    statusPollBaseMs: base,
    statusPollCapMs: Math.max(base * 8, 2_000),
    offlineBaseMs: 500,
    offlineCapMs: 5_000,
    expectedCreationMs: processingMs,
    expectedScreeningMs: lifecycles.screeningMs ?? processingMs,
    expectedValidationMs: lifecycles.validationMs ?? processingMs,
    lifecyclesKnown: true,
    unknownStatusMaxMs: 10 * 60_000,
  };
}
