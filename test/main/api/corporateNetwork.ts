// The parts of a company network, real and local: a certificate authority of its own (as a TLS
// inspecting proxy has) with a server certificate it signed, TLS in front of the sandbox with that
// certificate, and an HTTP proxy that tunnels CONNECT requests and keeps every byte it forwards.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

/** The name the proxy tests use for the API: it resolves nowhere, only the proxy knows it. */
export const CORP_HOST = 'api.corp.test';

export interface Certificates {
  /** The authority's certificate file (PEM): what NODE_EXTRA_CA_CERTS names. */
  caFile: string;
  ca: string;
  key: string;
  cert: string;
}

/** A certificate authority and a server certificate it signed for localhost, 127.0.0.1 and
 *  CORP_HOST, made with the openssl command into `dir`. */
export function makeCertificates(dir: string): Certificates {
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Test Company Inspection CA',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${CORP_HOST}`,
    '-keyout',
    f('server.key'),
    '-out',
    f('server.csr'),
  );
  const ext = f('server.ext');
  execFileSync('sh', [
    '-c',
    `printf 'subjectAltName=DNS:localhost,DNS:${CORP_HOST},IP:127.0.0.1\\n' > "${ext}"`,
  ]);
  openssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    ext,
    '-out',
    f('server.pem'),
  );
  return {
    caFile: f('ca.pem'),
    ca: readFileSync(f('ca.pem'), 'utf8'),
    key: readFileSync(f('server.key'), 'utf8'),
    cert: readFileSync(f('server.pem'), 'utf8'),
  };
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

function closeAll(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

function listen(server: net.Server, sockets: Set<net.Socket>): Promise<Listening> {
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, close: () => closeAll(server, sockets) });
    });
  });
}

/** TLS with `certs` in front of the plain HTTP server at 127.0.0.1:`port` (the sandbox), as a
 *  company's gateway puts it: each request forwarded, addressed to the server behind. */
export function startTlsFront(certs: Certificates, port: number): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  const server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `127.0.0.1:${port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // A client that refuses the certificate ends the handshake: not the test's failure.
  server.on('tlsClientError', () => undefined);
  return listen(server, sockets);
}

export interface RecordingProxy extends Listening {
  url: string;
  /** The host:port of each CONNECT, in order. */
  tunnels: string[];
  /** Plain (not tunnelled) requests it was asked to forward. */
  plain: string[];
  /** Every byte it received or forwarded, both ways, with the CONNECT requests themselves. */
  bytes(): Buffer;
}

/** An HTTP proxy that tunnels CONNECT to 127.0.0.1 at the port asked for (whatever the host
 *  name: the proxy resolves names, the client does not), recording everything. */
export function startRecordingProxy(): Promise<RecordingProxy> {
  const sockets = new Set<net.Socket>();
  const chunks: Buffer[] = [];
  const tunnels: string[] = [];
  const plain: string[] = [];
  const server = http.createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    chunks.push(Buffer.from(JSON.stringify(req.headers)));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.writeHead(502).end());
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    tunnels.push(req.url ?? '');
    chunks.push(Buffer.from(`CONNECT ${req.url}\r\n${JSON.stringify(req.headers)}\r\n`), head);
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
      upstream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
      client.pipe(upstream).pipe(client);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return listen(server, sockets).then((l) => ({
    ...l,
    url: `http://127.0.0.1:${l.port}`,
    tunnels,
    plain,
    bytes: () => Buffer.concat(chunks),
  }));
}

/** Whether `bytes` hold the token: as it is, or in base64 (alone, or as a Basic credential). */
export function holdsToken(bytes: Buffer, token: string): boolean {
  const text = bytes.toString('latin1');
  const forms = [
    token,
    Buffer.from(token).toString('base64').replace(/=+$/, ''),
    Buffer.from(`:${token}`).toString('base64').replace(/=+$/, ''),
    encodeURIComponent(token),
  ];
  return forms.some((f) => text.includes(f));
}
