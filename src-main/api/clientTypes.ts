// The types of the supplier API's client (client.ts): its options, what it logs and warns of,
// the options of one call and the shapes of the inputs and answers of its own.
import type { CreateFieldNames } from '../../src-shared/fieldNames';
import type { IdentifierTypes } from '../../src-shared/identifierTypes';
import type { ApiAnswerKind } from './answers';

/** Reads the token when a request is about to leave; resolves undefined when none is stored. */
export type TokenSource = () => Promise<string | undefined>;

export interface ApiLogEntry {
  method: string;
  /** The path only: no query, no header, no body. */
  endpoint: string;
  kind: ApiAnswerKind;
  status?: number;
  durationMs: number;
  detail?: string;
  /** A few plain answer headers (content type, request id, rate limits), cut short and scrubbed;
   *  every other header is the server's own text and is never written down. */
  headers?: Record<string, string>;
}

export interface ApiWarning {
  /** api_deprecated: Sunset or Deprecation headers. api_answer_fields: an answer without a field
   *  the published document requires, or with one it does not name (used all the same). */
  code: 'api_deprecated' | 'api_answer_fields';
  endpoint: string;
  sunset?: string;
  deprecation?: string;
  message: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  token: TokenSource;
  /** Per request, covering the whole exchange (connect, send, headers and body). Default 30 s. */
  timeoutMs?: number;
  /** Called once per request after it ends. */
  log?: (entry: ApiLogEntry) => void;
  /** Sunset or Deprecation headers seen on an endpoint (once per endpoint per client); fields
   *  an answer lacks or adds compared with the published document (once per field). */
  onWarning?: (warning: ApiWarning) => void;
  /** How creates spell city and address (the connection's setting); default city-address. */
  fieldNames?: CreateFieldNames;
  /** What the API calls the customer id and the own id (the connection's setting). */
  identifierTypes?: IdentifierTypes;
  /** The transport; the global fetch by default. Injectable so a simulation replays exactly. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Pause or cancel: aborts the request; the answer is `aborted`. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sees each answer's status and JSON body (undefined when empty or not JSON), scrubbed of
   *  the token, before it is classified: the connection test records what answers looked like. */
  onAnswer?: (seen: { status: number; json: unknown }) => void;
}

export interface CreateAccepted {
  uuid: string;
  pendingEndpoint?: string;
  message?: string;
}

export interface CreateIdentifierInput {
  type: 'SUPPLIER_ID' | 'CUSTOMER_ID' | 'OWN_ID';
  id: string;
  source?: string;
}
