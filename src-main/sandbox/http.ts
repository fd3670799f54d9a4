// The sandbox's HTTP plumbing: a reply written as JSON, a request body read within its limit and
// parsed, and the 429 answer with the body the API gives.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest } from './apiError';
import type { RateLimiter } from './rateLimiter';
import type { MethodGroup } from './types';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const INTERNAL_ERROR = {
  code: 'internal_error',
  message: 'An unexpected error occurred. The request may or may not have been processed.',
  solution: 'Check whether it took effect before sending it again.',
};

/** Server local date-time without zone (the wall time in UTC), as in the 429 body. */
function localDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export const send = (res: ServerResponse, reply: Reply): void => {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers);
  res.end(text);
};

export const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(invalidRequest(`the request body is larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // A client that goes away mid-body ends neither with 'end' nor always with 'error'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client closed the connection'));
    });
  });

export const parseJsonBody = async (req: IncomingMessage): Promise<unknown> => {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const raw = await readBody(req);
  if (type !== 'application/json') {
    throw invalidRequest(
      'the request body must be JSON with Content-Type: application/json',
      'Send the header Content-Type: application/json.',
    );
  }
  if (raw.length === 0) throw invalidRequest('the request body is missing');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidRequest('the request body is not valid JSON');
  }
};

export const tooManyRequests = (
  group: MethodGroup,
  decision: ReturnType<RateLimiter['take']>,
  now: number,
): Reply => {
  const resetAt = decision.resetAt ?? now;
  return {
    status: 429,
    body: {
      error: 'Too Many Requests',
      message: `Rate limit exceeded: at most ${decision.requestLimit} ${
        group === 'GET' ? 'GET' : 'POST, PUT, PATCH and DELETE'
      } requests in this window. Wait until nextResetAt.`,
      requestLimit: decision.requestLimit,
      requestCount: decision.requestCount,
      limits: decision.limits.map((w) => ({
        requestLimit: w.limit,
        timeInSeconds: w.windowSeconds,
      })),
      // Whole seconds, as the API shows them: now rounded down, the reset rounded up, so that
      // a client waiting nextResetAt - currentTime never comes back too early.
      currentTime: localDateTime(Math.floor(now / 1000) * 1000),
      nextResetAt: localDateTime(Math.ceil(resetAt / 1000) * 1000),
    },
  };
};
