// A server may echo the token back encoded, not only as it is: base64, base64url, URL-encoded,
// hex, or inside a `Basic` credential of "user:token". Each form is kept out of every text the
// client gives back, and of the headers it writes down only a few plain ones are kept.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerError } from '../../../src-main/api/answers';
import { headerDate } from '../../../src-main/api/answerWarnings';
import { ApiClient, type ApiLogEntry, type ApiWarning } from '../../../src-main/api/client';
import { Redactor, scrub, scrubDeep } from '../../../src-main/api/network';

// '/', '+' and '=' make the URL and base64 forms differ from the token itself.
const TOKEN = 'tok-SECRET/9f8e+7d6c=5b4a~Qx';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');
const hex = (s: string) => Buffer.from(s).toString('hex');
const allPercent = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Every form of the token a server might send back, by name. */
const FORMS: Record<string, string> = {
  plain: TOKEN,
  json: JSON.stringify(TOKEN).slice(1, -1),
  base64: b64(TOKEN),
  'base64 without padding': b64(TOKEN).replace(/=+$/, ''),
  base64url: b64url(TOKEN),
  'URL-encoded': encodeURIComponent(TOKEN),
  'URL-encoded, lower-case hex': encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (m) =>
    m.toLowerCase(),
  ),
  'URL-encoded, every byte': allPercent(TOKEN),
  hex: hex(TOKEN),
  'upper case': TOKEN.toUpperCase(),
  'lower case': TOKEN.toLowerCase(),
  'JSON, every character as \\u': [...TOKEN]
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join(''),
  'JSON, some characters as \\u in upper-case hex, "/" as "\\/"': [...TOKEN]
    .map((c, i) =>
      c === '/'
        ? '\\/'
        : i % 3 === 0
          ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`
          : c,
    )
    .join(''),
  'URL-encoded, upper case': encodeURIComponent(TOKEN).toUpperCase(),
  'hex, upper case': hex(TOKEN).toUpperCase(),
  'Basic ":token"': b64(`:${TOKEN}`),
  'Basic "a:token"': b64(`a:${TOKEN}`),
  'Basic "al:token"': b64(`al:${TOKEN}`),
  'Basic "alice:token"': b64(`alice:${TOKEN}`),
  'Basic "api-user@example.com:token" in base64url': b64url(`api-user@example.com:${TOKEN}`),
};

describe('redacting the token', () => {
  for (const [name, form] of Object.entries(FORMS)) {
    it(`takes out the token as ${name}, and nothing around it`, () => {
      expect(scrub(`before ${form} after`, TOKEN)).toBe('before [redacted] after');
      expect(scrub(`"${form}"`, TOKEN)).toBe('"[redacted]"');
      expect(new Redactor(TOKEN).mentions(`x${form}x`)).toBe(true);
    });
  }

  it('takes the token out of key names too, also after a JSON reader undid their escapes', () => {
    const escaped = FORMS['JSON, every character as \\u']!;
    const parsed = JSON.parse(`{"${escaped}":{"${TOKEN.toUpperCase()}":"x"}}`) as unknown;
    expect(scrubDeep(parsed, TOKEN)).toEqual({ '[redacted]': { '[redacted]': 'x' } });
    expect(scrub(`{"${escaped}":1}`, TOKEN)).toBe('{"[redacted]":1}');
  });

  it('takes out a whole Basic credential, in a header value as a server writes it', () => {
    const header = `Basic realm="api", Basic ${b64(`svc:${TOKEN}`)}, charset="UTF-8"`;
    expect(scrub(header, TOKEN)).toBe('Basic realm="api", Basic [redacted], charset="UTF-8"');
  });

  it('finds the forms deep in an answer, and leaves other text as it was', () => {
    const answer = {
      kind: 'row_error',
      message: `bad ${FORMS.hex} and ${FORMS['URL-encoded']}`,
      nested: [{ v: FORMS.base64url }, 42, null],
      uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    };
    expect(scrubDeep(answer, TOKEN)).toEqual({
      kind: 'row_error',
      message: 'bad [redacted] and [redacted]',
      nested: [{ v: '[redacted]' }, 42, null],
      uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    });
    const plain = 'HTTP 418: the teapot is busy (aGVsbG8gd29ybGQ=, 68656c6c6f, %41%42)';
    expect(scrub(plain, TOKEN)).toBe(plain);
    expect(new Redactor(TOKEN).mentions(plain)).toBe(false);
  });

  it('still finds the encoded forms of a short token, and does not search for a tiny one', () => {
    const short = 'k3y!x';
    for (const form of [b64(short), b64url(short), b64(`:${short}`), hex(short), allPercent(short)])
      expect(scrub(`[${form}]`, short), form).toBe('[[redacted]]');
    expect(scrub('abc and YWJj', 'abc')).toBe('abc and YWJj');
  });
});

describe('answer headers', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // A server that echoes the token back, encoded, in headers of its own and in its body.
    server = createServer((req, res) => {
      req.resume();
      const token = String(req.headers['x-auth-token']);
      const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('uuid') ?? 400);
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req-42',
        'RateLimit-Remaining': '7',
        'Retry-After': '3',
        'X-Debug-Echo': b64(token),
        'WWW-Authenticate': `Basic ${b64(`api:${token}`)}`,
        Sunset: b64url(token),
        Deprecation: hex(token),
        Location: `/?uuid=${encodeURIComponent(token)}`,
        Server: `teapot/${hex(token)}`,
      });
      res.end(
        JSON.stringify({
          code: b64(token),
          message: `${'a long explanation '.repeat(6)}${b64(`x:${token}`)}`,
          loggedIn: true,
          [b64url(token)]: 'a field named after the token',
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('writes down only a few plain headers, and no form of the token anywhere', async () => {
    const logs: ApiLogEntry[] = [];
    const warnings: ApiWarning[] = [];
    const client = new ApiClient({
      baseUrl: url,
      token: async () => TOKEN,
      log: (e) => logs.push(e),
      onWarning: (w) => warnings.push(w),
    });
    const seen: unknown[] = [];
    for (const status of [200, 400, 401, 404, 409, 418, 500]) {
      const a = await client.listPending(String(status));
      seen.push(a, answerError(a as never));
    }
    expect(logs.length).toBe(7);
    for (const entry of logs) {
      expect(entry.headers).toEqual({
        'content-type': 'application/json',
        'x-request-id': 'req-42',
        'ratelimit-remaining': '7',
        'retry-after': '3',
        // A Sunset that is no date, and a Deprecation that is none, scrubbed and cut short.
        sunset: '[redacted]',
        deprecation: '[redacted]',
      });
    }
    // The warning says "deprecated" in the app's own words: no date could be read.
    expect(warnings.map((w) => w.code)).toContain('api_deprecated');
    const deprecated = warnings.find((w) => w.code === 'api_deprecated')!;
    expect(deprecated).not.toHaveProperty('sunset');
    expect(deprecated.deprecation).toBe('true');
    const text = JSON.stringify([logs, warnings, seen]);
    for (const [name, form] of Object.entries({
      ...FORMS,
      'hex in Server': hex(TOKEN),
      'Basic api:token': b64(`api:${TOKEN}`),
      'Basic x:token': b64(`x:${TOKEN}`),
    }))
      expect(text, name).not.toContain(form);
    expect(text).toContain('[redacted]');
  });

  it('says a Sunset date in its own form, never the text the server sent', () => {
    expect(headerDate('Sat, 31 Oct 2026 23:59:59 GMT')).toBe('Sat, 31 Oct 2026 23:59:59 GMT');
    expect(headerDate('@1793491199')).toBe('Sat, 31 Oct 2026 23:59:59 GMT');
    expect(headerDate(b64(TOKEN))).toBeUndefined();
    expect(headerDate('12345')).toBeUndefined();
    expect(headerDate('true')).toBeUndefined();
  });
});
