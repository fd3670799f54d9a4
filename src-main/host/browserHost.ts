// The browser host: serves the built renderer on 127.0.0.1 and offers the same `window.api` over a
// WebSocket. It is how the UI is tested without Electron, and a way to use the app where Electron
// cannot be installed. Only the page it served may drive it: the WebSocket needs the per-launch
// secret (handed to the page in the URL fragment, which browsers never send to a server), an
// Origin of this very host, and a Host header naming the loopback address (no DNS rebinding).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, promises as fsp } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  WS_PROTOCOL,
  WS_SECRET_PREFIX,
  WsClientFrameSchema,
  type WsServerFrame,
} from '../../src-shared/contract';
import { appError, err, errorCatalogue, failure } from '../../src-shared/errors';
import { isDownloadPath, openDownload } from '../services/downloads';
import type { ServicesFront } from '../services/front';
import { QueueFull, TaskQueue } from '../util/taskQueue';

export interface BrowserHostOptions {
  /** The services, in a process of their own (host/cli.ts) or in this one (tests). */
  services: ServicesFront;
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string;
  port?: number;
  /** A fixed secret (tests); by default a new random one per launch. */
  secret?: string;
  log?: (line: string) => void;
  /** Commands one client may have running at once, and waiting beyond those (tests). */
  callsInFlight?: number;
  callsWaiting?: number;
  /** The same for every client together, and the clients connected at once (tests). */
  hostCallsInFlight?: number;
  hostCallsWaiting?: number;
  maxClients?: number;
}

export interface BrowserHost {
  readonly origin: string;
  readonly port: number;
  /** The address to open: the origin with the secret in the fragment. */
  readonly launchUrl: string;
  readonly secret: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const DOWNLOAD_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
};

// The same policy the desktop window gets, plus WebSocket to this origin.
const csp = (origin: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${origin.replace(/^http/, 'ws')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Per client: commands running at once, and waiting for a turn; a command beyond both is
 *  answered at once with `busy`. The page itself never has more than a few going. */
export const CALLS_IN_FLIGHT = 8;
export const CALLS_WAITING = 200;
/** For the host, all clients together: commands running at once and waiting for a turn (each
 *  client brings at most its CALLS_IN_FLIGHT), and the clients connected at once. Many clients
 *  flooding it are refused, not served before the page: its answers wait for a few dozen
 *  commands at most. */
export const HOST_CALLS_IN_FLIGHT = 16;
export const HOST_CALLS_WAITING = 48;
export const MAX_CLIENTS = 8;
const HOST = '127.0.0.1';

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const log = options.log ?? (() => undefined);
  const secret = options.secret ?? randomBytes(24).toString('hex');
  const secretBytes = Buffer.from(secret);
  const rendererDir = path.resolve(options.rendererDir);
  await fsp.access(path.join(rendererDir, 'index.html')).catch(() => {
    throw new Error(
      `The user interface has not been built yet (no index.html in ${rendererDir}). Run "npm run build" first.`,
    );
  });

  let port = 0;
  const allowedHosts = () => new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const hostAllowed = (req: http.IncomingMessage) => allowedHosts().has(req.headers.host ?? '');

  const server = http.createServer((req, res) => {
    if (!hostAllowed(req)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (isDownloadPath(pathname)) void serveDownload(pathname, req, res);
    else void serveStatic(req, res);
  });

  /** A results file the page asked for with `files:download`: once, by its one-time token, and
   *  only while it is still the file the export wrote (never what a link points to). */
  async function serveDownload(
    pathname: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const download =
      req.method === 'GET' ? await options.services.takeDownload(pathname) : undefined;
    if (!download) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('This download is no longer available. Export the job again in the app.');
      return;
    }
    const opened = await openDownload(download);
    if (!opened) {
      res
        .writeHead(410, { 'content-type': 'text/plain; charset=utf-8' })
        .end(errorCatalogue.download_changed);
      return;
    }
    const ascii = download.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    res.writeHead(200, {
      'content-type':
        DOWNLOAD_TYPES[path.extname(download.name).toLowerCase()] ?? 'application/octet-stream',
      'content-length': opened.size,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.name)}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    // Exactly the bytes of the checked descriptor, as many as it had when it was checked.
    const stream = opened.handle.createReadStream({
      start: 0,
      end: Math.max(0, opened.size - 1),
      autoClose: true,
    });
    if (opened.size === 0) {
      res.end();
      await opened.handle.close();
      return;
    }
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel === '/' || rel === '') rel = '/index.html';
    const file = path.resolve(rendererDir, '.' + rel);
    if (!file.startsWith(rendererDir + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const origin = `http://${req.headers.host}`;
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'content-security-policy': csp(origin),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });

  server.on('upgrade', (req, socket, head) => {
    const refuse = (status: number, reason: string) => {
      log(`refused a WebSocket connection: ${reason}`);
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    };
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/api') return refuse(404, 'unknown path');
    if (!hostAllowed(req)) return refuse(403, 'Host header is not this loopback host');
    const origin = req.headers.origin;
    if (!origin || !allowedHosts().has(origin.replace(/^http:\/\//, ''))) {
      return refuse(403, 'Origin is not this host');
    }
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const presented = offered.find((p) => p.startsWith(WS_SECRET_PREFIX));
    const candidate = Buffer.from(presented?.slice(WS_SECRET_PREFIX.length) ?? '');
    if (candidate.length !== secretBytes.length || !timingSafeEqual(candidate, secretBytes)) {
      return refuse(401, 'missing or wrong secret');
    }
    if (!offered.includes(WS_PROTOCOL)) return refuse(400, 'protocol not offered');
    if (wss.clients.size >= (options.maxClients ?? MAX_CLIENTS))
      return refuse(503, 'too many clients at once');
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  // Every client's commands pass here after their own queue: the host's share for all of them.
  const hostCalls = new TaskQueue(
    options.hostCallsInFlight ?? HOST_CALLS_IN_FLIGHT,
    options.hostCallsWaiting ?? HOST_CALLS_WAITING,
  );

  function attach(ws: WebSocket) {
    const send = (frame: WsServerFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const unsubscribe = options.services.subscribe((event, payload) =>
      send({ type: 'event', event, payload }),
    );
    // A page that floods the host gets quick refusals, not a host that answers nobody.
    const calls = new TaskQueue(
      options.callsInFlight ?? CALLS_IN_FLIGHT,
      options.callsWaiting ?? CALLS_WAITING,
    );
    ws.on('message', (data, isBinary) => {
      let raw: unknown;
      try {
        raw = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        raw = undefined;
      }
      const frame = WsClientFrameSchema.safeParse(raw);
      if (!frame.success) {
        const id =
          raw && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'number' ? raw.id : -1;
        send({
          type: 'result',
          id,
          result: err(appError('invalid_input', 'The message was not a valid request frame.')),
        });
        return;
      }
      const { id, command, input } = frame.data;
      calls
        .run(() => hostCalls.run(() => options.services.dispatch(command, input)))
        .then(
          (result) => send({ type: 'result', id, result }),
          (e: unknown) => {
            const busy = e instanceof QueueFull;
            send({
              type: 'result',
              id,
              result: err(
                busy
                  ? failure('busy', { inFlight: e.concurrency, waiting: e.maxWaiting })
                  : appError('internal'),
              ),
            });
          },
        );
    });
    ws.on('close', () => {
      unsubscribe();
      // Whatever still waits was for this client only.
      calls.clear();
    });
    ws.on('error', () => ws.terminate());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;

  return {
    origin,
    port,
    secret,
    launchUrl: `${origin}/#secret=${secret}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
