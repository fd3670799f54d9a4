// The way to the API through a company network: which proxy a request takes (the environment's
// HTTPS_PROXY and NO_PROXY on the command line, the system's settings on the desktop) and which
// certificates the app trusts. Every front door builds the fetch its API clients get here.
//
// Built on the undici package's own fetch and dispatchers, one version of both: Node's global
// fetch is undici too, but of the Node that runs the app (the desktop's Electron may bring another
// major), and a dispatcher of one major is not for the fetch of another.
//
// Certificates: Node reads NODE_EXTRA_CA_CERTS at start into its default trust store, which every
// connection here uses as long as no `ca` is given; the desktop adds the system's store
// (`tls.getCACertificates('system')`): a company's root certificate installed in Windows, macOS or
// the Linux store is trusted there without any setting.
//
// The token never crosses a proxy readable: a proxied request is tunnelled (CONNECT) and TLS runs
// end to end inside the tunnel, so the proxy sees only the host name and ciphertext; plain http
// is allowed by checkBaseUrl to this computer only, and such a request never takes a proxy.
import tls from 'node:tls';
import { Agent, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { isLoopback } from './baseUrl';

/** Where a request goes: straight to the host, or through the proxy at `url` (http://host:port). */
export type ProxyChoice = { kind: 'direct' } | { kind: 'proxy'; url: string };

const DIRECT: ProxyChoice = { kind: 'direct' };

type Env = Record<string, string | undefined>;

/** The first of the names set to something, the lower-case one first (as curl and Node do);
 *  an empty value counts as not set. */
function envValue(env: Env, name: string): string | undefined {
  for (const v of [env[name.toLowerCase()], env[name.toUpperCase()]]) {
    if (v && v.trim() !== '') return v.trim();
  }
  return undefined;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/**
 * Whether NO_PROXY exempts the target: `*`, or a comma- or space-separated list of host names
 * (a name also covers its subdomains; a leading `.` or `*.` says the same), IP addresses, each
 * with an optional `:port`.
 */
export function noProxyMatches(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || defaultPort(target.protocol);
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
    if (!m) continue;
    const name = m[1]!.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (m[2] && m[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy the environment names for the target (HTTPS_PROXY for https, HTTP_PROXY for http),
 *  unless NO_PROXY exempts it. This computer is always reached directly. */
export function proxyFromEnv(target: URL, env: Env): ProxyChoice {
  if (isLoopback(target.hostname)) return DIRECT;
  const proxy =
    target.protocol === 'https:' ? envValue(env, 'https_proxy') : envValue(env, 'http_proxy');
  if (!proxy || noProxyMatches(target, envValue(env, 'no_proxy'))) return DIRECT;
  // A proxy named without a scheme (host:port) is meant as http://host:port, as curl reads it.
  return { kind: 'proxy', url: /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}` };
}

/**
 * A system proxy answer (a PAC result, as Electron's `session.resolveProxy` gives it:
 * `PROXY host:port; DIRECT`) as a choice: the first entry the app can use. HTTPS entries are a
 * proxy spoken to over TLS; SOCKS entries are skipped (not supported: the next entry, else
 * direct).
 */
export function proxyFromPac(answer: string): ProxyChoice {
  for (const part of answer.split(';')) {
    const [kind, hostPort] = part.trim().split(/\s+/);
    const k = kind?.toUpperCase();
    if (k === 'DIRECT') return DIRECT;
    if ((k === 'PROXY' || k === 'HTTP') && hostPort)
      return { kind: 'proxy', url: `http://${hostPort}` };
    if (k === 'HTTPS' && hostPort) return { kind: 'proxy', url: `https://${hostPort}` };
  }
  return DIRECT;
}

export interface TransportOptions {
  /** The proxy for a request's address. */
  proxyFor: (target: URL) => ProxyChoice | Promise<ProxyChoice>;
  /** The certificates to trust instead of Node's default store (which holds NODE_EXTRA_CA_CERTS). */
  ca?: string[];
}

export interface Transport {
  fetch: typeof fetch;
  /** Closes the connections kept open. */
  close(): Promise<void>;
}

/** A fetch that takes each request through the proxy `proxyFor` names, trusting `ca`. */
export function createTransport(o: TransportOptions): Transport {
  const connect = o.ca ? { ca: o.ca } : undefined;
  let direct: Agent | undefined;
  const proxies = new Map<string, ProxyAgent>();
  const dispatcherFor = (choice: ProxyChoice): Dispatcher => {
    if (choice.kind === 'direct') return (direct ??= new Agent(connect ? { connect } : {}));
    let agent = proxies.get(choice.url);
    if (!agent) {
      // The tunnel to the API is TLS with the app's trust (requestTls); a proxy spoken to over
      // TLS is checked the same way (proxyTls).
      agent = new ProxyAgent({
        uri: choice.url,
        ...(connect ? { requestTls: connect, proxyTls: connect } : {}),
      });
      proxies.set(choice.url, agent);
    }
    return agent;
  };
  const transportFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const choice = await o.proxyFor(url);
    // Only the client's own requests come here: a URL and plain init, never a Request object.
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: dispatcherFor(choice),
    });
    return response as unknown as Response;
  };
  return {
    fetch: transportFetch as typeof fetch,
    async close() {
      const all: Dispatcher[] = [...proxies.values(), ...(direct ? [direct] : [])];
      proxies.clear();
      direct = undefined;
      // Closing time: what is still open (a tunnel, a request cut short) is ended, not awaited.
      await Promise.all(all.map((d) => d.destroy().catch(() => undefined)));
    },
  };
}

/** Whether Node checks no server certificate: NODE_TLS_REJECT_UNAUTHORIZED=0, Node's own
 *  switch, which every TLS connection here obeys. Anyone between the app and the API could then
 *  pose as the API and read the token. The app goes on (some networks set it knowingly) but says
 *  so: the command line when it starts, the connection test in its result. */
export function certificateChecksOff(env: Env = process.env): boolean {
  return env.NODE_TLS_REJECT_UNAUTHORIZED === '0';
}

/** The command line and the browser host: the proxy of the environment (HTTPS_PROXY, HTTP_PROXY,
 *  NO_PROXY), Node's trust store (with NODE_EXTRA_CA_CERTS). */
export function environmentTransport(env: Env = process.env): Transport {
  return createTransport({ proxyFor: (target) => proxyFromEnv(target, env) });
}

/** Node's default trust store with the system's added; undefined where Node cannot read the
 *  system's store (before Node 22.15), and the default store is all there is. */
export function systemTrust(): string[] | undefined {
  const read = (tls as { getCACertificates?: (which: string) => string[] }).getCACertificates;
  if (typeof read !== 'function') return undefined;
  try {
    return [...new Set([...read('default'), ...read('system')])];
  } catch {
    return undefined;
  }
}

/**
 * The desktop app: the system's proxy for each address (`resolve` is Electron's
 * `session.resolveProxy`, answering as a PAC script does), remembered per origin for a minute;
 * the system's certificates trusted besides Node's. The environment's proxy still applies when
 * the system's answer cannot be had.
 */
export function systemTransport(
  resolve: (url: string) => Promise<string>,
  env: Env = process.env,
  now: () => number = Date.now,
): Transport {
  const remembered = new Map<string, { choice: ProxyChoice; at: number }>();
  const ca = systemTrust();
  return createTransport({
    ...(ca ? { ca } : {}),
    proxyFor: async (target) => {
      if (isLoopback(target.hostname)) return DIRECT;
      const seen = remembered.get(target.origin);
      if (seen && now() - seen.at < 60_000) return seen.choice;
      let choice: ProxyChoice;
      try {
        choice = proxyFromPac(await resolve(target.origin));
      } catch {
        choice = proxyFromEnv(target, env);
      }
      remembered.set(target.origin, { choice, at: now() });
      return choice;
    },
  });
}
