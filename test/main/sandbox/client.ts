// A thin HTTP client for the sandbox tests: real requests over the network, and every /public
// response checked against the published API description (a mismatch fails the test).
import { request } from 'node:http';
import { FakeClock } from '../../../src-main/util/clock';
import { startSandbox } from '../../../src-main/sandbox';
import type { SandboxHandle, SandboxOptions, SandboxSeedSupplier } from '../../../src-main/sandbox';
import { SpecChecker } from './openapi';

export const checker = new SpecChecker();
/** For a sandbox started with `answers: 'spec'`: forgives the listed lean differences too. */
export const specAnswersChecker = new SpecChecker({ specAnswers: true });

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read fields of many shapes; the spec check above is what guards the shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (malformed JSON, another content type). */
  rawBody?: string;
  contentType?: string;
  /** More headers, sent as given (a forged Host, an Origin). */
  headers?: Record<string, string>;
  /** Which spec check the answer must pass (default: the full document). */
  checker?: SpecChecker;
}

/** One request; rejects when the connection is dropped. */
export function call(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<Answer> {
  const url = new URL(pathAndQuery, baseUrl);
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? 'sandbox' : options.token;
  if (token !== null) headers['X-Auth-Token'] = token;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        if (text !== '') {
          try {
            body = JSON.parse(text);
          } catch {
            reject(
              new Error(`${method} ${pathAndQuery}: the answer is not JSON: ${text.slice(0, 200)}`),
            );
            return;
          }
        }
        const status = res.statusCode ?? 0;
        if (url.pathname.startsWith('/public')) {
          if (
            status !== 204 &&
            text !== '' &&
            !String(res.headers['content-type']).startsWith('application/json')
          ) {
            reject(
              new Error(`${method} ${pathAndQuery}: a body without Content-Type application/json`),
            );
            return;
          }
          const problems = (options.checker ?? checker).problems(
            method,
            url.pathname,
            status,
            body,
            text,
          );
          if (problems.length > 0) {
            reject(
              new Error(`The answer does not match the API description:\n${problems.join('\n')}`),
            );
            return;
          }
        }
        resolve({ status, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Bound to one sandbox and one token. */
export function clientFor(
  baseUrl: string,
  token: string | null = 'sandbox',
  spec: SpecChecker = checker,
) {
  const c = (method: string, path: string, options: CallOptions = {}) =>
    call(baseUrl, method, path, { token, checker: spec, ...options });
  return {
    get: (path: string, options?: CallOptions) => c('GET', path, options),
    post: (path: string, body?: unknown, options?: CallOptions) =>
      c('POST', path, { body, ...options }),
    delete: (path: string, body?: unknown, options?: CallOptions) =>
      c('DELETE', path, { body, ...options }),
    call: c,
  };
}

export const SITES = '/public/v2/suppliers/sites';

export function supplierPayload(id: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Supplier ${id}`,
    countryCode: 'DE',
    city: 'Berlin',
    address: 'Hauptstrasse 1',
    supplierId: { id, source: 'ERP' },
    ...extra,
  };
}

/** Seeds with a shared supplierId (SHARED) on two suppliers, for ambiguous matches. */
export const SEEDS: SandboxSeedSupplier[] = [
  {
    name: 'Alpha Metals',
    countryCode: 'DE',
    city: 'Hamburg',
    address: 'Kai 1',
    postalCode: '20457',
    platformTargetId: 500,
    supplierIds: [{ id: 'SUP-1', source: 'ERP' }],
    customerIds: [{ id: 'C-1' }],
  },
  {
    name: 'Beta Plastics',
    countryCode: 'FR',
    city: 'Lyon',
    address: 'Rue 2',
    platformTargetId: 501,
    supplierIds: [{ id: 'SHARED', source: 'ERP' }],
    ownIds: [{ id: 'O-1', source: 'X' }],
  },
  {
    name: 'Gamma Textiles',
    countryCode: 'IT',
    city: 'Prato',
    address: 'Via 3',
    platformTargetId: 502,
    supplierIds: [{ id: 'SHARED', source: 'SAP' }],
  },
];

export interface TestSandbox {
  sb: SandboxHandle;
  clock: FakeClock;
  api: ReturnType<typeof clientFor>;
}

/** A sandbox on a fake clock (time moves only when the test says), seeded and roomy limits. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = new FakeClock();
  const sb = await startSandbox({
    clock,
    randomSeed: 7,
    seedSuppliers: SEEDS,
    processingMs: 1000,
    screeningMs: 1000,
    validationMs: 1000,
    limits: {
      GET: [{ limit: 100000, windowSeconds: 10 }],
      WRITE: [{ limit: 100000, windowSeconds: 10 }],
    },
    ...options,
  });
  return { sb, clock, api: clientFor(sb.url) };
}
