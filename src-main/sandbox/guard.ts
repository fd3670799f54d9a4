// Who may call the sandbox. Every request must be addressed to the sandbox's own address (a
// DNS-rebinding page reaches 127.0.0.1 under another name), must not come from a web page (a
// browser marks its cross-site requests, even no-cors ones, with Origin; the app's API client and
// scripts never send it), and must carry one of its tokens: /__sandbox/* as much as /public.
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccessDenied, ApiError } from './apiError';
import type { Caller } from './options';

const WILDCARDS = new Set(['0.0.0.0', '::']);

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * The Host values a request may carry: the bound address with its port (the port alone may be
 * left out on port 80), and `localhost` for a loopback address. Undefined for a wildcard bind
 * (`--host 0.0.0.0`): the names it is reached by are not known, so the token alone guards it.
 */
export function allowedHosts(address: AddressInfo): Set<string> | undefined {
  if (WILDCARDS.has(address.address)) return undefined;
  const names = [address.family === 'IPv6' ? `[${address.address}]` : address.address];
  if (isLoopback(address.address)) names.push('localhost');
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${address.port}`.toLowerCase());
    if (address.port === 80) hosts.add(name.toLowerCase());
  }
  return hosts;
}

/** The refusal for a request that is misaddressed or comes from a web page; undefined to go on. */
export function refusal(
  req: IncomingMessage,
  hosts: Set<string> | undefined,
  baseUrl: string,
): ApiError | undefined {
  const host = req.headers.host;
  if (hosts && (host === undefined || !hosts.has(host.toLowerCase()))) {
    return new ApiError(
      421,
      'misdirected_request',
      host === undefined
        ? 'The request has no Host header; the sandbox answers only requests addressed to it.'
        : `The request is addressed to ${JSON.stringify(host.slice(0, 100))}, which is not this sandbox.`,
      `Send the request to ${baseUrl}.`,
    );
  }
  if (req.headers.origin !== undefined) {
    return new AccessDenied(
      false,
      'The request comes from a web page (it has an Origin header); the sandbox does not answer web pages.',
      undefined,
      'Call the sandbox from the app, a script or a command-line tool, which send no Origin header.',
    );
  }
  return undefined;
}

/** The API user of the request's token, or the 403 for a missing or unknown one. */
export function callerOf(req: IncomingMessage, tokens: Map<string, Caller>): Caller | AccessDenied {
  const token = req.headers['x-auth-token'];
  const caller = typeof token === 'string' ? tokens.get(token) : undefined;
  if (caller) return caller;
  return new AccessDenied(
    false,
    token === undefined ? 'The X-Auth-Token header is missing.' : 'The API token is not valid.',
  );
}
