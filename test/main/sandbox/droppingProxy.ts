// A proxy in front of a sandbox that, while `drop()` holds, takes the platform id (under either
// name: the spec's `id`, the document's `platformTargetId`) out of the suppliers it answers:
// those found by identifier and those of the list. Everything else passes unchanged.
import { createServer, request, type Server } from 'node:http';

export interface DroppingProxy {
  url: string;
  close(): Promise<void>;
}

type Obj = Record<string, unknown>;

function strip(o: unknown): void {
  if (!o || typeof o !== 'object') return;
  delete (o as Obj).id;
  delete (o as Obj).platformTargetId;
}

export async function droppingProxy(target: string, drop: () => boolean): Promise<DroppingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          const suppliers =
            path === '/public/v2/suppliers/sites/find-by-identifier' ||
            (path === '/public/v2/suppliers/sites' && req.method === 'GET');
          if (drop() && suppliers && answer.statusCode === 200) {
            const json = JSON.parse(body.toString('utf8')) as unknown;
            const items = Array.isArray(json) ? json : [json];
            for (const item of items) {
              const content = (item as Obj | null)?.content;
              if (Array.isArray(content)) content.forEach(strip);
              else strip(item);
            }
            body = Buffer.from(JSON.stringify(json));
          }
          res.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            'content-length': String(body.length),
          });
          res.end(body);
        });
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
