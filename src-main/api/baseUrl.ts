// Where the client may send a token: an https address, or plain http to this computer only.
import { appError, type Result } from '../../src-shared/errors';

/** Checks a base URL: https, or plain http only to this computer. Returns it without a trailing slash. */
export function checkBaseUrl(raw: string): Result<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      error: appError(
        'api_insecure_url',
        'The API address is not a valid URL. Enter it as https://host/.',
      ),
    };
  }
  if (url.username || url.password || url.search || url.hash) {
    return {
      ok: false,
      error: appError(
        'api_insecure_url',
        'The API address may not contain a user name, password, query or fragment. Enter it as https://host/.',
      ),
    };
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  if (!secure) return { ok: false, error: appError('api_insecure_url') };
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

/**
 * Literal loopback addresses and the name `localhost` only. Names such as `api.localhost` count as
 * loopback in browsers but are looked up by DNS here, which a network may answer with any address.
 */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((p) => Number(p) <= 255);
}
