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
]);

/** The server's certificate is not one the app trusts (self-signed, an unknown authority such as
 *  a company's TLS inspection, another name, expired): nothing was sent, and waiting changes
 *  nothing until a certificate is installed or the address corrected. */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

// Printable ASCII without spaces: anything else cannot travel in a header, and fetch would put
// the offending value into its error message.
export const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

export function networkFailure(e: unknown): {
  offline: boolean;
  /** The certificate's fault, by its code (CERT_HAS_EXPIRED, ...): not an outage. */
  certificate?: string;
  detail: string;
} {
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
  const certificate = codes.find((c) => CERTIFICATE_CODES.has(c));
  const detail = [codes[codes.length - 1], messages[messages.length - 1]]
    .filter(Boolean)
    .join(': ');
  return { offline, ...(certificate ? { certificate } : {}), detail: detail || 'network failure' };
}

/**
 * An answer's body as text, or undefined when it is over `max` bytes: by its Content-Length,
 * before anything is read, or while it streams in; the rest is then not read.
 */
export async function readBounded(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length') ?? '');
  const refuse = async () => {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  };
  if (Number.isFinite(declared) && declared > max) return refuse();
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Where a redirect pointed: the origin of its Location (never its path or query, which may
 *  carry anything), or undefined when it has none. */
export function redirectTarget(location: string | null, from: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, from).origin;
  } catch {
    return 'an address that cannot be read';
  }
}

export function answerDetail(answer: ApiAnswer<unknown>): string | undefined {
  switch (answer.kind) {
    case 'maybe_processed':
    case 'unexpected_response':
      return answer.detail;
    case 'offline':
      return answer.reason;
    case 'untrusted_certificate':
      return `${answer.host}: ${answer.detail}`;
    case 'row_error':
    case 'conflict':
      return `${answer.code}: ${answer.message}`;
    default:
      return undefined;
  }
}

const REDACTED = '[redacted]';

/** Shorter tokens are not searched for: they would match ordinary text. */
const MIN_TOKEN_LENGTH = 4;

/** A base64 run inside a longer encoded text (`Basic` credentials of "user:token") is found by
 *  a piece this long that only the token's bytes make; shorter pieces could match by chance. */
const MIN_BASE64_PIECE = 12;

/** The characters of base64 and base64url: a match is widened to the whole run of them. */
const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A hex digit in either case (`[aA]`), a digit as itself. */
function hexEitherCase(byte: number): string {
  return byte
    .toString(16)
    .padStart(2, '0')
    .split('')
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join('');
}

const toUrlAlphabet = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The base64 pieces that only the token's bytes make, whatever comes before it: base64 turns
 * each 3 bytes into 4 characters, so inside the encoding of "user:token" (a `Basic` credential)
 * the token's bytes sit at one of three offsets, and for each the groups made of token bytes only
 * are the same characters, whatever the user name. With the whole encoding of the token and of
 * ":token" for tokens too short for such pieces.
 */
function base64Pieces(token: Buffer): string[] {
  const pieces = new Set<string>();
  for (const alignment of [0, 1, 2]) {
    const skip = (3 - alignment) % 3;
    const groups = Math.floor((token.length - skip) / 3);
    const piece = token.subarray(skip, skip + groups * 3).toString('base64');
    if (piece.length >= MIN_BASE64_PIECE) pieces.add(piece);
  }
  for (const whole of [token, Buffer.concat([Buffer.from(':'), token])]) {
    pieces.add(whole.toString('base64').replace(/=+$/, ''));
  }
  return [...pieces].flatMap((p) => [p, toUrlAlphabet(p)]);
}

/** One character of the token in every form a JSON or URL text may give it: as it is (in any
 *  case, see Redactor), JSON-escaped (`\"`, `\\`, `\/`, or `\u0041` with hex digits in
 *  either case), or as its %XX bytes. Forms may be mixed within one token. */
function anyFormOf(ch: string): string {
  // A character beyond the BMP is two escapes in a row.
  const units = [...Array(ch.length).keys()]
    .map((i) => `\\\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`)
    .join('');
  const bytes = [...Buffer.from(ch, 'utf8')].map((b) => `%${hexEitherCase(b)}`).join('');
  const forms = [escapeRegExp(ch), units, bytes];
  if (ch === '"' || ch === '\\' || ch === '/') forms.push(escapeRegExp(`\\${ch}`));
  return `(?:${forms.join('|')})`;
}

/**
 * Keeps a token out of text, in every form a server may echo it back in: as it is or in
 * another case (an upper-cased echo), escaped in JSON (also each character as `\uXXXX`, which a
 * JSON reader turns back into the token: a key name so escaped would carry it), URL-encoded (any
 * of its characters as %XX, in either case), in hex (either case), and in base64 or base64url
 * (alone, or inside a longer encoding such as a `Basic` credential of "user:token" or ":token":
 * then the whole encoded run goes).
 */
export class Redactor {
  private readonly plain: RegExp | undefined;
  private readonly base64: RegExp | undefined;

  constructor(token: string | undefined) {
    if (!token || token.length < MIN_TOKEN_LENGTH) return;
    const bytes = Buffer.from(token, 'utf8');
    // Case-insensitive: an echo in upper or lower case says as much as the token itself.
    const forms = [[...token].map(anyFormOf).join(''), [...bytes].map(hexEitherCase).join('')];
    this.plain = new RegExp(forms.join('|'), 'gi');
    this.base64 = new RegExp(base64Pieces(bytes).map(escapeRegExp).join('|'), 'g');
  }

  /** Whether the text holds the token in any of its forms. */
  mentions(text: string): boolean {
    if (!this.plain || !this.base64) return false;
    this.plain.lastIndex = 0;
    this.base64.lastIndex = 0;
    return this.plain.test(text) || this.base64.test(text);
  }

  scrub(text: string): string {
    if (!this.plain || !this.base64 || !this.mentions(text)) return text;
    // Each base64 piece found takes the whole run of base64 characters around it (and its
    // padding): the rest of that run would still say something about the token.
    const runs: Array<[number, number]> = [];
    this.base64.lastIndex = 0;
    for (let m = this.base64.exec(text); m; m = this.base64.exec(text)) {
      let start = m.index;
      let end = m.index + m[0].length;
      while (start > 0 && BASE64_CHAR.test(text[start - 1]!)) start--;
      while (end < text.length && BASE64_CHAR.test(text[end]!)) end++;
      while (end < text.length && text[end] === '=') end++;
      const last = runs[runs.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else runs.push([start, end]);
      this.base64.lastIndex = Math.max(end, m.index + 1);
    }
    let out = '';
    let at = 0;
    for (const [start, end] of runs) {
      out += text.slice(at, start) + REDACTED;
      at = end;
    }
    out += text.slice(at);
    return out.replace(this.plain, REDACTED);
  }

  /** Every string in the value scrubbed, key names too; objects and arrays copied. */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((v) => this.deep(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [this.scrub(k), this.deep(v)]),
      );
    }
    return value;
  }
}

/** Defence in depth: whatever text leaves this module never carries the token, in any form. */
export function scrub(text: string, token: string | undefined): string {
  return new Redactor(token).scrub(text);
}

export function scrubDeep(value: unknown, token: string): unknown {
  return new Redactor(token).deep(value);
}

/**
 * The answer headers that may be written down (the request log): a short list of plain ones,
 * each cut short and scrubbed. Every other header is the server's own text, which may carry
 * anything (a server echoed the token back, encoded, in a header of its own), and is dropped.
 */
const LOGGED_HEADERS = new Set([
  'content-type',
  'content-length',
  'retry-after',
  'x-request-id',
  'x-correlation-id',
  'ratelimit',
  'ratelimit-policy',
  'sunset',
  'deprecation',
]);
const LOGGED_HEADER_PREFIXES = ['ratelimit-', 'x-ratelimit-'];
const MAX_LOGGED_HEADER = 100;

export function isLoggedHeader(name: string): boolean {
  const n = name.toLowerCase();
  return LOGGED_HEADERS.has(n) || LOGGED_HEADER_PREFIXES.some((p) => n.startsWith(p));
}

export function loggedHeaders(headers: Headers, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (isLoggedHeader(name)) out[name.toLowerCase()] = clip(redactor.scrub(value));
  });
  return out;
}

/** A header's value cut to a length a log line can carry. */
export function clip(text: string, max = MAX_LOGGED_HEADER): string {
  // Control characters (a line break could fake a log line of its own) become spaces.
  const flat = [...text].map((ch) => (ch < ' ' || ch === '\x7f' ? ' ' : ch)).join('');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
