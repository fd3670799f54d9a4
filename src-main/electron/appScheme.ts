// The desktop page is served from a privileged custom scheme, not `file://` (Electron's security
// checklist): the page has an origin of its own, so the IPC sender check compares origins instead
// of file paths (which differ in letter case and escaping between Windows and the URL), and the
// page can reach nothing on disk but the renderer folder. No Electron here, so this is tested
// under plain Node.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The application id: `appId` in electron-builder.yml, and Windows' AppUserModelID. */
export const APP_ID = 'app.supplier-onboarding.desktop';

export const APP_SCHEME = 'app';
export const APP_HOST = 'supplier-onboarding';
/** The page the window loads. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Whether a URL belongs to our page's origin. `URL.origin` is "null" for schemes other than the
 * web's, so scheme and host are compared.
 */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file under `rendererDir` a request for our scheme names, or undefined when it names none:
 * another host, an undecodable path, or a path that leaves the folder.
 */
export function rendererFileFor(rendererDir: string, url: string): string | undefined {
  if (!isAppUrl(url)) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${pathname}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** Answers one request for our scheme with a file of the renderer folder, or 404. */
export async function serveRendererFile(rendererDir: string, url: string): Promise<Response> {
  const file = rendererFileFor(rendererDir, url);
  const notFound = () =>
    new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  if (!file) return notFound();
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    },
  });
}
