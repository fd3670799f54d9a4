// What the network did, in the client's terms (offline, or maybe processed), and the defence that
// keeps the token out of every text that leaves the client.
import type { ApiAnswer } from './answers';

/** Connection never established: nothing reached the server. */
const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

// Printable ASCII without spaces: anything else cannot travel in a header, and fetch would put
// the offending value into its error message.
export const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

export function networkFailure(e: unknown): { offline: boolean; detail: string } {
  const codes: string[] = [];
  const messages: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (typeof cur === 'object') {
      const code = (cur as { code?: unknown }).code;
      if (typeof code === 'string') codes.push(code);
      const message = (cur as { message?: unknown }).message;
      if (typeof message === 'string') messages.push(message);
      cur = (cur as { cause?: unknown }).cause;
    } else break;
  }
  const offline = codes.some((c) => OFFLINE_CODES.has(c));
  const detail = [codes[codes.length - 1], messages[messages.length - 1]]
    .filter(Boolean)
    .join(': ');
  return { offline, detail: detail || 'network failure' };
}

export function answerDetail(answer: ApiAnswer<unknown>): string | undefined {
  switch (answer.kind) {
    case 'maybe_processed':
    case 'unexpected_response':
      return answer.detail;
    case 'offline':
      return answer.reason;
    case 'row_error':
    case 'conflict':
      return `${answer.code}: ${answer.message}`;
    default:
      return undefined;
  }
}

/** Defence in depth: whatever text leaves this module never carries the token. */
export function scrub(text: string, token: string | undefined): string {
  return token && token.length >= 4 ? text.split(token).join('[redacted]') : text;
}

export function scrubDeep(value: unknown, token: string): unknown {
  if (typeof value === 'string') return scrub(value, token);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, token));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, token)]));
  }
  return value;
}
