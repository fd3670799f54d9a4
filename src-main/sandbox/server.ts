// The sandbox's HTTP server: node:http, no framework. Each /public request goes through, in order:
// injected latency, a dropped connection (before anything), the token check, the rate limiter,
// a 500 before anything is applied, the route's permission, the body, the lazy settling of
// everything due, the handler, then a 500 or a dropped connection after the write was applied.
// /__sandbox/* (stats and reset) skips all of that and is never faulted.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../util/clock';
import { AccessDenied, ApiError, invalidRequest, notFound } from './apiError';
import { eventTypesOf } from './eventTypes';
import { FaultInjector } from './faults';
import {
  identifierFromQuery,
  pageParams,
  parseCreate,
  parseIdentifierBody,
  parseScores,
  parseScreening,
  parseValidation,
} from './payloads';
import { RateLimiter } from './rateLimiter';
import { answerIn } from './specAnswers';
import { checkSeedIds, loadSeedSuppliers } from './seed';
import { SandboxState, type StateSettings } from './state';
import {
  DEFAULT_LIMITS,
  PERMISSIONS,
  type MethodGroup,
  type SandboxHandle,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxSeedSupplier,
  type SandboxStats,
  type SandboxTokenSpec,
} from './types';

/** The state file cannot be opened or has another format. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** Largest page the list answers; larger requests get this size (read `size` back). */
export const MAX_PAGE_SIZE = 2000;
const MAX_BODY_BYTES = 5 * 1024 * 1024;

const DEFAULTS = {
  processingMs: 5000,
  vanishShare: 0,
  screeningMs: 5000,
  validationMs: 5000,
  screeningOdds: { Finished: 0.5, NoFindings: 0.4, Aborted: 0.1 },
  validationOdds: { COMPLETED: 0.8, REJECTED: 0.2, differentOutcomeId: 0.2 },
};

type Settings = Required<
  Pick<
    SandboxOptions,
    | 'processingMs'
    | 'vanishShare'
    | 'screeningMs'
    | 'validationMs'
    | 'screeningOdds'
    | 'validationOdds'
    | 'limits'
    | 'window'
    | 'faults'
    | 'findByIdentifierForm'
    | 'answers'
    | 'createFieldNames'
  >
> & {
  randomSeed: number | undefined;
  log: ((line: string) => void) | undefined;
};

interface Caller {
  user: string;
  permissions: Set<string>;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Context {
  caller: Caller;
  params: URLSearchParams;
  body: unknown;
  now: number;
  baseUrl: string;
}

interface Route {
  permission: string;
  /** A JSON body is required. */
  body?: boolean;
  run: (ctx: Context) => Reply;
}

const ALL_PERMISSIONS = new Set<string>(PERMISSIONS);

const INTERNAL_ERROR = {
  code: 'internal_error',
  message: 'An unexpected error occurred. The request may or may not have been processed.',
  solution: 'Check whether it took effect before sending it again.',
};

function checkNumber(name: string, value: number | undefined, min: number, max = Infinity): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`Sandbox option ${name} must be a number from ${min} to ${max}.`);
  }
}

function checkLimits(limits: SandboxLimits | undefined): void {
  if (!limits) return;
  for (const group of ['GET', 'WRITE'] as const) {
    const windows = limits[group];
    if (!Array.isArray(windows) || windows.length === 0) {
      throw new RangeError(`Sandbox option limits.${group} needs at least one window.`);
    }
    for (const w of windows) {
      if (!Number.isInteger(w.limit) || w.limit < 1) {
        throw new RangeError(
          `Sandbox option limits.${group}: each limit must be a whole number >= 1.`,
        );
      }
      if (!Number.isInteger(w.windowSeconds) || w.windowSeconds < 1) {
        throw new RangeError(
          `Sandbox option limits.${group}: each windowSeconds must be a whole number >= 1.`,
        );
      }
    }
  }
}

function checkOptions(o: Partial<SandboxOptions>): void {
  checkNumber('processingMs', o.processingMs, 0);
  checkNumber('screeningMs', o.screeningMs, 0);
  checkNumber('validationMs', o.validationMs, 0);
  checkNumber('vanishShare', o.vanishShare, 0, 1);
  checkNumber('faults.before500', o.faults?.before500, 0, 1);
  checkNumber('faults.after500', o.faults?.after500, 0, 1);
  checkNumber('faults.drop', o.faults?.drop, 0, 1);
  if (o.faults?.latencyMs) {
    const [lo, hi] = o.faults.latencyMs;
    if (!(lo >= 0 && hi >= lo)) {
      throw new RangeError(
        'Sandbox option faults.latencyMs must be [min, max] with 0 <= min <= max.',
      );
    }
  }
  checkLimits(o.limits);
  if (o.window !== undefined && o.window !== 'fixed' && o.window !== 'sliding') {
    throw new RangeError("Sandbox option window must be 'fixed' or 'sliding'.");
  }
  if (
    o.findByIdentifierForm !== undefined &&
    o.findByIdentifierForm !== 'spec' &&
    o.findByIdentifierForm !== 'list'
  ) {
    throw new RangeError("Sandbox option findByIdentifierForm must be 'spec' or 'list'.");
  }
  if (o.answers !== undefined && o.answers !== 'full' && o.answers !== 'spec') {
    throw new RangeError("Sandbox option answers must be 'full' or 'spec'.");
  }
  if (
    o.createFieldNames !== undefined &&
    o.createFieldNames !== 'city-address' &&
    o.createFieldNames !== 'locality-addressLine'
  ) {
    throw new RangeError(
      "Sandbox option createFieldNames must be 'city-address' or 'locality-addressLine'.",
    );
  }
  for (const t of o.tokens ?? []) {
    if (typeof t.token !== 'string' || t.token.trim() === '') {
      throw new RangeError('Every sandbox token must be non-blank text.');
    }
    for (const p of t.permissions ?? []) {
      if (!ALL_PERMISSIONS.has(p)) {
        throw new RangeError(
          `Unknown sandbox permission ${p}; known ones are ${[...ALL_PERMISSIONS].join(', ')}.`,
        );
      }
    }
  }
}

function tokenMap(tokens: SandboxTokenSpec[] | undefined): Map<string, Caller> {
  const map = new Map<string, Caller>();
  for (const t of tokens ?? [{ token: 'sandbox' }]) {
    map.set(t.token, {
      user: t.user ?? t.token,
      permissions: new Set(t.permissions ?? ALL_PERMISSIONS),
    });
  }
  return map;
}

/** Server local date-time without zone (the wall time in UTC), as in the 429 body. */
function localDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

const zeroTraffic = () => ({
  requests: { GET: 0, WRITE: 0 },
  throttled: { GET: 0, WRITE: 0 },
  faults: { before500: 0, after500: 0, drop: 0 },
});

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  checkOptions(options);
  const clock: Clock = options.clock ?? systemClock;
  const settings: Settings = {
    processingMs: options.processingMs ?? DEFAULTS.processingMs,
    vanishShare: options.vanishShare ?? DEFAULTS.vanishShare,
    screeningMs: options.screeningMs ?? DEFAULTS.screeningMs,
    validationMs: options.validationMs ?? DEFAULTS.validationMs,
    screeningOdds: options.screeningOdds ?? DEFAULTS.screeningOdds,
    validationOdds: options.validationOdds ?? DEFAULTS.validationOdds,
    limits: options.limits ?? DEFAULT_LIMITS,
    window: options.window ?? 'fixed',
    faults: options.faults ?? {},
    findByIdentifierForm: options.findByIdentifierForm ?? 'spec',
    answers: options.answers ?? 'full',
    createFieldNames: options.createFieldNames ?? 'city-address',
    randomSeed: options.randomSeed,
    log: options.log,
  };
  let seeds: SandboxSeedSupplier[] = loadSeedSuppliers(options.seedSuppliers);
  checkSeedIds(seeds);
  let tokens = tokenMap(options.tokens);
  // Without a seed, faults still need one: a random one, so runs differ.
  const faultSeed = () => settings.randomSeed ?? Math.floor(Math.random() * 2 ** 31);

  const stateSettings = (): StateSettings => ({
    seed: settings.randomSeed,
    processingMs: settings.processingMs,
    vanishShare: settings.vanishShare,
    screeningMs: settings.screeningMs,
    validationMs: settings.validationMs,
    screeningOdds: settings.screeningOdds,
    validationOdds: settings.validationOdds,
  });
  let state: SandboxState;
  try {
    state = new SandboxState(options.statePath, stateSettings);
  } catch (e) {
    throw new StateFileError(
      `The sandbox state file ${options.statePath ?? '(memory)'} cannot be used: ${(e as Error).message}. Check that its folder exists, or choose another state file.`,
      { cause: e },
    );
  }
  // A persisted state continues; a new one (file or memory) starts from the seeds.
  if (!state.isSeeded) state.reset(seeds, clock.now());

  const limiter = new RateLimiter(settings.limits, settings.window);
  const faults = new FaultInjector(settings.faults, faultSeed());
  // Traffic counters describe this process's requests; they are not persisted.
  let traffic = zeroTraffic();

  let baseUrl = '';
  // Spec mode drops every field api-spec.md does not show (read at answer time: configurable).
  const lean = (kind: Parameters<typeof answerIn>[1], body: unknown) =>
    answerIn(settings.answers, kind, body);

  const routes: Record<string, Partial<Record<string, Route>>> = {
    '/public/v2/suppliers/sites': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ params }) => {
          const { page, size } = pageParams(params, MAX_PAGE_SIZE);
          const { content, totalElements } = state.list(page, size);
          const totalPages = Math.ceil(totalElements / size);
          return {
            status: 200,
            body: lean('page', {
              content,
              size,
              number: page,
              totalElements,
              totalPages,
              numberOfElements: content.length,
              first: page === 0,
              last: page >= totalPages - 1,
              empty: content.length === 0,
            }),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ caller, body, now }) => {
          const input = parseCreate(body, settings.createFieldNames);
          if (
            input.screeningPeriodInYears !== undefined &&
            !caller.permissions.has('ENTITLEMENT_SCREENING_ON_CREATE')
          ) {
            throw new AccessDenied(
              true,
              'The API user is not entitled to request screening on create (screeningPeriodInYears).',
              'ENTITLEMENT_SCREENING_ON_CREATE',
            );
          }
          if (
            input.requestValidationOnCreate === true &&
            !caller.permissions.has('ENTITLEMENT_VALIDATION_ON_CREATE')
          ) {
            throw new AccessDenied(
              true,
              'The API user is not entitled to request validation on create (requestValidationOnCreate).',
              'ENTITLEMENT_VALIDATION_ON_CREATE',
            );
          }
          const { uuid } = state.create(caller.user, input, now);
          const pendingUrl = `${baseUrl}/public/v2/suppliers/sites/pending?uuid=${uuid}`;
          return {
            status: 202,
            headers: { Location: pendingUrl },
            body: lean('create', {
              uuid,
              status: 'PENDING',
              message: 'The supplier creation was accepted and is being processed.',
              pendingEndpoint: pendingUrl,
            }),
          };
        },
      },
      DELETE: {
        permission: 'ACCESS_PUBLIC_REMOVE_TARGET',
        run: ({ params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          state.deactivate(target.platform_id, now);
          return { status: 204 };
        },
      },
    },
    '/public/v2/suppliers/sites/pending': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ caller, params, now }) => {
          const uuid = params.get('uuid')?.trim();
          return {
            status: 200,
            body: lean('pending', state.pending(caller.user, now, uuid || undefined)),
          };
        },
      },
    },
    '/public/v2/suppliers/sites/find-by-identifier': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ params, now }) => {
          const q = identifierFromQuery(params);
          if (settings.findByIdentifierForm === 'list') {
            return {
              status: 200,
              body: lean(
                'supplier',
                state.match(q).map((row) => state.detail(row, now)),
              ),
            };
          }
          return { status: 200, body: lean('supplier', state.detail(state.resolveOne(q), now)) };
        },
      },
    },
    '/public/v2/suppliers/sites/identifiers': {
      POST: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ params, body }) => {
          const q = identifierFromQuery(params);
          const ident = parseIdentifierBody(body);
          const target = state.resolveOne(q);
          state.addIdentifier(target.platform_id, ident.type, ident.id, ident.source);
          const out: Record<string, unknown> = { type: ident.type, id: ident.id };
          if (ident.source !== '') out.source = ident.source;
          out.platformTargetId = target.platform_id;
          return {
            status: 201,
            headers: {
              Location: `${baseUrl}/public/v2/suppliers/sites/find-by-identifier?platformId=${target.platform_id}`,
            },
            body: out,
          };
        },
      },
      DELETE: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ params, body }) => {
          const q = identifierFromQuery(params);
          const ident = parseIdentifierBody(body);
          const target = state.resolveOne(q);
          state.removeIdentifier(target.platform_id, ident.type, ident.id, ident.source);
          return { status: 204 };
        },
      },
    },
    '/public/v2/suppliers/sites/screening': {
      GET: {
        permission: 'ACCESS_PUBLIC_SCREENING_REQUEST',
        run: ({ caller, params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          return {
            status: 200,
            body: lean(
              'screeningStatus',
              state.screeningStatus(caller.user, target.platform_id, now),
            ),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_SCREENING_REQUEST',
        body: true,
        run: ({ caller, body, now }) => {
          const { identifier, period } = parseScreening(body);
          const target = state.resolveOne(identifier);
          const ids = state.requestScreening(caller.user, target.platform_id, period, now);
          return {
            status: 202,
            body: lean('screeningAccepted', {
              screeningRequestIds: ids,
              message:
                ids.length > 0
                  ? 'The screening request was accepted.'
                  : 'The supplier was skipped: it is already screened or a screening is running.',
            }),
          };
        },
      },
    },
    '/public/v2/suppliers/sites/validation': {
      GET: {
        permission: 'ACCESS_PUBLIC_VALIDATION_REQUEST',
        run: ({ caller, params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          return {
            status: 200,
            body: lean(
              'validationStatus',
              state.validationStatus(caller.user, target.platform_id, now),
            ),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_VALIDATION_REQUEST',
        body: true,
        run: ({ caller, body, now }) => {
          const target = state.resolveOne(parseValidation(body));
          const requestId = state.requestValidation(caller.user, target.platform_id, now);
          return {
            status: 202,
            body: lean('validationAccepted', {
              requestId,
              message: 'The validation request was accepted.',
            }),
          };
        },
      },
    },
    '/public/v1/scores/externals': {
      GET: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        run: ({ params }) => {
          const q = identifierFromQuery(params);
          const filterInt = (name: string): number | undefined => {
            const raw = params.get(name)?.trim();
            if (!raw) return undefined;
            if (!/^\d+$/.test(raw)) throw invalidRequest(`${name} must be a whole number`);
            return Number(raw);
          };
          const perspectiveId = filterInt('perspectiveId');
          const groupId = filterInt('groupId');
          const target = state.resolveOne(q);
          const filter: { perspectiveId?: number; groupId?: number } = {};
          if (perspectiveId !== undefined) filter.perspectiveId = perspectiveId;
          if (groupId !== undefined) filter.groupId = groupId;
          return {
            status: 200,
            body: { identifier: q, scores: state.scoreHistory(target.platform_id, filter) },
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        body: true,
        run: ({ caller, body, now }) => ({
          status: 200,
          body: state.writeScores(caller.user, parseScores(body), now),
        }),
      },
    },
    '/public/v1/scores/externals/event-types': {
      GET: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        run: ({ params }) => {
          const raw = params.get('perspectiveId')?.trim();
          if (!raw) throw invalidRequest('perspectiveId is required');
          if (!/^\d+$/.test(raw)) throw invalidRequest('perspectiveId must be a whole number');
          return { status: 200, body: eventTypesOf(Number(raw)) };
        },
      },
    },
  };

  const send = (res: ServerResponse, reply: Reply): void => {
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

  const readBody = (req: IncomingMessage): Promise<Buffer> =>
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

  const parseJsonBody = async (req: IncomingMessage): Promise<unknown> => {
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

  const tooManyRequests = (
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

  const stats = (): SandboxStats => {
    state.settle(clock.now());
    return {
      ...state.counts(),
      requests: { ...traffic.requests },
      throttled: { ...traffic.throttled },
      faults: { ...traffic.faults },
    };
  };

  const reset = (): void => {
    state.reset(seeds, clock.now());
    limiter.reset();
    faults.reset();
    traffic = zeroTraffic();
  };

  const handlePublic = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    params: URLSearchParams,
  ): Promise<{ status: number | 'dropped' }> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const group: MethodGroup = method === 'GET' || method === 'HEAD' ? 'GET' : 'WRITE';
    const isWrite = group === 'WRITE';
    const plan = faults.plan(isWrite);
    if (plan.latencyMs > 0) await new Promise((r) => setTimeout(r, plan.latencyMs));
    const drop = (): { status: 'dropped' } => {
      traffic.faults.drop++;
      req.socket.destroy();
      return { status: 'dropped' };
    };
    // Lost on the way in: the server never saw it, so nothing counts it.
    if (plan.drop === 'before') return drop();

    const reply = (r: Reply) => {
      send(res, r);
      return { status: r.status };
    };
    const token = req.headers['x-auth-token'];
    const caller = typeof token === 'string' ? tokens.get(token) : undefined;
    if (!caller) {
      return reply({
        status: 403,
        body: new AccessDenied(
          false,
          token === undefined
            ? 'The X-Auth-Token header is missing.'
            : 'The API token is not valid.',
        ).body(),
      });
    }

    // Budgets belong to API users: a request without a valid token has none and is not counted.
    const arrival = clock.now();
    traffic.requests[group]++;
    const decision = limiter.take(caller.user, group, arrival);
    if (!decision.allowed) {
      traffic.throttled[group]++;
      return reply(tooManyRequests(group, decision, arrival));
    }
    if (plan.before500) {
      traffic.faults.before500++;
      return reply({
        status: 500,
        body: INTERNAL_ERROR,
      });
    }

    let result: Reply;
    try {
      const byMethod = routes[path];
      if (!byMethod) throw notFound(`There is no operation at ${path}.`);
      const route = byMethod[method];
      if (!route) {
        throw new ApiError(
          405,
          'method_not_allowed',
          `${method} is not supported at ${path}; use ${Object.keys(byMethod).join(' or ')}.`,
        );
      }
      if (!caller.permissions.has(route.permission)) {
        throw new AccessDenied(
          true,
          `The API user lacks the permission ${route.permission} for this operation.`,
          route.permission,
        );
      }
      const body = route.body ? await parseJsonBody(req) : undefined;
      const now = clock.now();
      state.settle(now);
      result = route.run({ caller, params, body, now, baseUrl });
    } catch (e) {
      if (e instanceof ApiError) {
        result = { status: e.status, body: e.body() };
      } else {
        settings.log?.(`sandbox error: ${(e as Error).stack ?? String(e)}`);
        result = {
          status: 500,
          body: INTERNAL_ERROR,
        };
      }
    }
    if (plan.drop === 'after') return drop();
    // Only a write that took effect can be "applied, then 500"; a refused one stays as it was.
    if (plan.after500 && result.status >= 200 && result.status < 300) {
      traffic.faults.after500++;
      result = {
        status: 500,
        body: INTERNAL_ERROR,
      };
    }
    return reply(result);
  };

  const handleControl = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<{ status: number }> => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (path === '/__sandbox/stats' && method === 'GET') {
      send(res, { status: 200, body: stats() });
      return { status: 200 };
    }
    if (path === '/__sandbox/reset' && method === 'POST') {
      await readBody(req);
      reset();
      send(res, { status: 204 });
      return { status: 204 };
    }
    send(res, {
      status: 404,
      body: {
        code: 'resource_not_found',
        message: `There is no sandbox operation ${method} ${path}.`,
      },
    });
    return { status: 404 };
  };

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const work = path.startsWith('/__sandbox/')
      ? handleControl(req, res, path)
      : path === '/public' || path.startsWith('/public/')
        ? handlePublic(req, res, path, url.searchParams)
        : Promise.resolve().then(() => {
            send(res, {
              status: 404,
              body: { code: 'resource_not_found', message: `There is no operation at ${path}.` },
            });
            return { status: 404 as number | 'dropped' };
          });
    work
      .then(({ status }) => {
        // The path only: query strings may carry identifiers, headers carry the token.
        settings.log?.(
          `${req.method} ${path} ${status} ${Math.round(performance.now() - started)}ms`,
        );
      })
      .catch((e: unknown) => {
        settings.log?.(`sandbox error: ${(e as Error).stack ?? String(e)}`);
        if (!res.headersSent) {
          send(res, {
            status: 500,
            body: INTERNAL_ERROR,
          });
        } else {
          res.destroy();
        }
      });
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => {
      state.close();
      reject(e);
    });
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    port: address.port,
    stats,
    reset,
    configure(patch) {
      checkOptions(patch);
      for (const key of [
        'processingMs',
        'vanishShare',
        'screeningMs',
        'validationMs',
        'screeningOdds',
        'validationOdds',
        'limits',
        'window',
        'faults',
        'findByIdentifierForm',
        'answers',
        'createFieldNames',
        'randomSeed',
        'log',
      ] as const) {
        if (key in patch) (settings as Record<string, unknown>)[key] = patch[key];
      }
      if ('tokens' in patch) tokens = tokenMap(patch.tokens);
      if ('seedSuppliers' in patch) {
        // Takes effect at the next reset, like a new seed file would.
        const next = loadSeedSuppliers(patch.seedSuppliers);
        checkSeedIds(next);
        seeds = next;
      }
      if ('limits' in patch || 'window' in patch)
        limiter.configure(settings.limits, settings.window);
      if ('faults' in patch || 'randomSeed' in patch) {
        faults.configure(settings.faults, settings.randomSeed);
      }
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          state.close();
          resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
