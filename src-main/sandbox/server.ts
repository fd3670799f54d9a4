// The sandbox's HTTP server: node:http, no framework. Every request first passes the guard
// (guard.ts): addressed to the sandbox's own address (else 421) and not from a web page (an Origin
// header: 403). Each /public request then goes through, in order: injected latency, a dropped
// connection (before anything), the token check, the rate limiter, a 500 before anything is
// applied, the route's permission, the body, the lazy settling of everything due, the handler,
// then a 500 or a dropped connection after the write was applied. /__sandbox/* (stats and reset)
// needs a valid token too (any permissions), and is never rate-limited or faulted.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../util/clock';
import { AccessDenied, ApiError, notFound } from './apiError';
import { allowedHosts, callerOf, refusal } from './guard';
import { FaultInjector } from './faults';
import { INTERNAL_ERROR, readBody, parseJsonBody, send, tooManyRequests, type Reply } from './http';
import { checkOptions, DEFAULTS, tokenMap, type Settings } from './options';
import { RateLimiter } from './rateLimiter';
import { publicRoutes } from './routes';
import { checkSeedIds, loadSeedSuppliers } from './seed';
import { SandboxState, type StateSettings } from './state';
import {
  DEFAULT_LIMITS,
  type MethodGroup,
  type SandboxHandle,
  type SandboxOptions,
  type SandboxSeedSupplier,
  type SandboxStats,
} from './types';

export { MAX_PAGE_SIZE } from './routes';

/** The state file cannot be opened or has another format. */
export class StateFileError extends Error {
  override name = 'StateFileError';
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
    system: options.system ?? 'kind',
    paging: options.paging ?? 'counted',
    createFieldNames: options.createFieldNames ?? 'city-address',
    identifierTypes: options.identifierTypes ?? { CUSTOMER_ID: 'CUSTOMER_ID', OWN_ID: 'OWN_ID' },
    externalScores: options.externalScores ?? true,
    randomSeed: options.randomSeed,
    log: options.log,
    statusAnswers: options.statusAnswers,
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
  const routes = publicRoutes(state, settings);
  for (const [path, byMethod] of Object.entries(options.extraRoutes ?? {})) {
    if (routes[path]) throw new RangeError(`Sandbox option extraRoutes: ${path} is the API's.`);
    routes[path] = byMethod;
  }

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
    const caller = callerOf(req, tokens);
    if (caller instanceof ApiError) return reply({ status: caller.status, body: caller.body() });

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
    const caller = callerOf(req, tokens);
    if (caller instanceof ApiError) {
      send(res, { status: caller.status, body: caller.body() });
      return { status: caller.status };
    }
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

  // The Host values accepted: none until the server knows its address (guard.ts).
  let hosts: Set<string> | undefined = new Set();

  const handleOther = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const caller = callerOf(req, tokens);
    const r: Reply =
      caller instanceof ApiError
        ? { status: caller.status, body: caller.body() }
        : {
            status: 404,
            body: { code: 'resource_not_found', message: `There is no operation at ${path}.` },
          };
    send(res, r);
    return Promise.resolve({ status: r.status as number | 'dropped' });
  };

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const refused = refusal(req, hosts, baseUrl);
    const work = refused
      ? Promise.resolve().then(() => {
          send(res, { status: refused.status, body: refused.body() });
          return { status: refused.status as number | 'dropped' };
        })
      : path.startsWith('/__sandbox/')
        ? handleControl(req, res, path)
        : path === '/public' || path.startsWith('/public/') || Object.hasOwn(routes, path)
          ? handlePublic(req, res, path, url.searchParams)
          : handleOther(req, res, path);
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
  hosts = allowedHosts(address);

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
        'system',
        'paging',
        'createFieldNames',
        'identifierTypes',
        'externalScores',
        'randomSeed',
        'log',
        'statusAnswers',
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
