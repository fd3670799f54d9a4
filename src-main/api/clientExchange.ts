// One exchange of the supplier API's client (client.ts): the token asked for at call time, the
// request sent with a timeout and the caller's abort, redirects never followed, the answer read
// within its bound, scrubbed of the token and classified, and the call logged. Every failure is
// an answer, never a throw; the token is never in an answer, a log line or an error.
import { MAX_ANSWER_BYTES } from './answers';
import type { ApiAnswer } from './answers';
import type { AnswerWarnings } from './answerWarnings';
import { classify, type RequestSpec } from './classify';
import type { ApiLogEntry, CallOptions, TokenSource } from './clientTypes';
import {
  answerDetail,
  loggedHeaders,
  networkFailure,
  readBounded,
  redirectTarget,
  Redactor,
  TOKEN_SHAPE,
} from './network';
import { HEADERS, JSON_TYPE } from './wire';

/** What an exchange needs of its client. */
export interface ExchangeContext {
  readonly baseUrl: string;
  readonly tokenSource: TokenSource;
  /** Per request unless the call says otherwise. */
  readonly timeoutMs: number;
  readonly log: ((entry: ApiLogEntry) => void) | undefined;
  readonly warnings: AnswerWarnings;
  readonly fetchImpl: typeof fetch;
}

/** One request of the client: the token, the exchange and the log line. Never throws. */
export async function sendRequest<T>(
  ctx: ExchangeContext,
  spec: RequestSpec<T>,
  opts: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const started = performance.now();
  const endpoint = `${spec.method} ${spec.path}`;
  let token: string | undefined;
  let redactor = new Redactor(undefined);
  let answer: ApiAnswer<T>;
  let status: number | undefined;
  let headers: Record<string, string> | undefined;
  try {
    if (opts.signal?.aborted) {
      answer = { kind: 'aborted', maybeSent: false };
    } else {
      try {
        token = await ctx.tokenSource();
      } catch {
        // The store's error text is not surfaced: it is not the user's concern which layer failed.
        token = undefined;
      }
      redactor = new Redactor(token);
      if (opts.signal?.aborted) {
        answer = { kind: 'aborted', maybeSent: false };
      } else if (!token || !TOKEN_SHAPE.test(token)) {
        answer = { kind: 'no_token' };
      } else {
        const out = await exchange(ctx, spec, token, redactor, opts);
        answer = out.answer;
        status = out.status;
        headers = out.headers;
      }
    }
  } catch (e) {
    // Only a bug in this file can land here; still an answer, never a throw, never the token.
    answer = {
      kind: 'unexpected_response',
      endpoint,
      detail: redactor.scrub(e instanceof Error ? e.message : String(e)),
    };
  }
  // Defence in depth against a server that echoes the token back, plain or encoded.
  if (redactor.mentions(JSON.stringify(answer))) {
    answer = redactor.deep(answer) as ApiAnswer<T>;
  }
  if (ctx.log) {
    const entry: ApiLogEntry = {
      method: spec.method,
      endpoint: spec.path,
      kind: answer.kind,
      durationMs: Math.round(performance.now() - started),
    };
    if (status !== undefined) entry.status = status;
    if (headers && Object.keys(headers).length > 0) entry.headers = headers;
    const detail = answerDetail(answer);
    if (detail !== undefined) entry.detail = redactor.scrub(detail);
    try {
      ctx.log(entry);
    } catch {
      // A broken log sink must not turn an answer into a failure.
    }
  }
  return answer;
}

/** The request on the wire and its answer read and classified, with a token already asked for. */
async function exchange<T>(
  ctx: ExchangeContext,
  spec: RequestSpec<T>,
  token: string,
  redactor: Redactor,
  opts: CallOptions,
): Promise<{ answer: ApiAnswer<T>; status?: number; headers?: Record<string, string> }> {
  const endpoint = `${spec.method} ${spec.path}`;
  const query = spec.query && [...spec.query.keys()].length > 0 ? `?${spec.query.toString()}` : '';
  const url = `${ctx.baseUrl}${spec.path}${query}`;
  const headers: Record<string, string> = { [HEADERS.token]: token, [HEADERS.accept]: JSON_TYPE };
  if (spec.body !== undefined) headers[HEADERS.contentType] = JSON_TYPE;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? ctx.timeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  let status: number | undefined;
  try {
    const res = await ctx.fetchImpl(url, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? null : JSON.stringify(spec.body),
      signal: controller.signal,
      // A redirect could carry the token to another host: never follow one.
      redirect: 'manual',
    });
    status = res.status;
    const target =
      res.status >= 300 && res.status < 400
        ? redirectTarget(res.headers.get('location'), url)
        : undefined;
    const body = target === undefined ? await readBounded(res, MAX_ANSWER_BYTES) : undefined;
    if (target !== undefined || body === undefined) {
      if (target !== undefined) await res.body?.cancel().catch(() => undefined);
      const why =
        target !== undefined
          ? `a redirect to ${target}, not followed`
          : `the answer is over ${MAX_ANSWER_BYTES} bytes and was not read`;
      return {
        answer: {
          kind: 'unexpected_response',
          endpoint,
          status,
          detail: redactor.scrub(`HTTP ${status}: ${why}`),
          ...(target !== undefined
            ? { reason: 'redirect', target: redactor.scrub(target) }
            : { reason: 'too_large' }),
        },
        status,
        headers: loggedHeaders(res.headers, redactor),
      };
    }
    // A body may quote the token (an error message, say), and a quote cut short to fit a
    // detail would escape a search for the whole token: it goes before anything reads it.
    const text = redactor.scrub(body);
    if (opts.onAnswer) seeAnswer(opts.onAnswer, res.status, text, redactor);
    const info = ctx.warnings.headerInfo(res.headers, endpoint, redactor);
    const answer = classify(spec, endpoint, res.status, text, info, (json) => {
      if (spec.fields) ctx.warnings.noteFields(endpoint, spec.fields(json), redactor);
    });
    return { answer, status, headers: loggedHeaders(res.headers, redactor) };
  } catch (e) {
    if (timedOut) {
      return {
        answer: {
          kind: 'maybe_processed',
          reason: 'timeout',
          detail: `no complete answer within ${opts.timeoutMs ?? ctx.timeoutMs} ms`,
        },
        ...(status !== undefined ? { status } : {}),
      };
    }
    if (opts.signal?.aborted) return { answer: { kind: 'aborted', maybeSent: true } };
    const net = networkFailure(e);
    if (net.certificate) {
      const host = new URL(url).host;
      return {
        answer: { kind: 'untrusted_certificate', host, detail: redactor.scrub(net.detail) },
      };
    }
    return {
      answer: net.offline
        ? { kind: 'offline', reason: redactor.scrub(net.detail) }
        : { kind: 'maybe_processed', reason: 'reset', detail: redactor.scrub(net.detail) },
      ...(status !== undefined ? { status } : {}),
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function seeAnswer(
  see: NonNullable<CallOptions['onAnswer']>,
  status: number,
  text: string,
  redactor: Redactor,
) {
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  // Reading JSON undoes its escapes: a key or value that spelled the token in a form the text's
  // scrub did not know would be the token itself now (key names reach the connection report).
  if (json !== undefined && redactor.mentions(JSON.stringify(json))) json = redactor.deep(json);
  try {
    see({ status, json });
  } catch {
    // An onlooker's failure must not turn an answer into a failure.
  }
}
