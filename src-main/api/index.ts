// The supplier API client, its limiter and scheduler, and the secret store: what the sync engine
// and the connection settings use.
export * from './answers';
export * from './client';
export * from './limiter';
export * from './scheduler';
export * from './secrets';
export * from './throttledClient';
export {
  PATHS,
  type PendingSupplier,
  type RateLimitBody,
  type ScreeningStatus,
  type SupplierDetail,
  type SupplierPage,
  type SupplierSummary,
  type ValidationStatus,
} from './wire';
export type {
  EventType,
  ScoreSeen,
  ScoreWriteEntry,
  ScoreWriteError,
  ScoreWriteResult,
} from './scoresWire';
// What a kind's own request is made of (ApiClient.kindRequest, ThrottledApi.kindRead).
export { noBody, parseWith, type ParseOutcome, type RequestSpec } from './classify';
