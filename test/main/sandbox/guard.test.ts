// Who may call the sandbox, over real HTTP: a token on every route (/__sandbox/* included), the
// sandbox's own address in Host, and no web page (an Origin header). A refused reset leaves the
// data as it was.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHosts } from '../../../src-main/sandbox/guard';
import { SITES, call, startTestSandbox, supplierPayload, type TestSandbox } from './client';

let t: TestSandbox | undefined;
afterEach(async () => {
  await t?.sb.close();
  t = undefined;
});

/** A sandbox holding one pending creation, so that a reset would show. */
async function withData(options: Parameters<typeof startTestSandbox>[0] = {}) {
  t = await startTestSandbox(options);
  expect((await t.api.post(SITES, supplierPayload('G-1'))).status).toBe(202);
  expect(t.sb.stats()).toMatchObject({ pending: 1, createRequestsAccepted: 1 });
  return t;
}

const untouched = (sandbox: TestSandbox) =>
  expect(sandbox.sb.stats()).toMatchObject({
    pending: 1,
    createRequestsAccepted: 1,
    requests: { GET: 0, WRITE: 1 },
  });

describe('the token', () => {
  it('is required on the API and on /__sandbox/*: a missing or wrong one is refused', async () => {
    const s = await withData();
    for (const token of [null, 'wrong', '']) {
      const list = await call(s.sb.url, 'GET', SITES, { token });
      expect(list.status, `${token}`).toBe(403);
      expect(list.body).toMatchObject({ code: 'access_denied', loggedIn: false });
      const stats = await call(s.sb.url, 'GET', '/__sandbox/stats', { token });
      expect(stats.status, `${token}`).toBe(403);
      expect(stats.body).toMatchObject({
        code: 'access_denied',
        loggedIn: false,
        message: token === null ? 'The X-Auth-Token header is missing.' : expect.any(String),
        solution: expect.stringContaining('X-Auth-Token'),
      });
      expect(stats.text).not.toContain('creationsByIdentity');
      const reset = await call(s.sb.url, 'POST', '/__sandbox/reset', { token });
      expect(reset.status, `${token}`).toBe(403);
      expect(reset.body).toMatchObject({ code: 'access_denied' });
      const other = await call(s.sb.url, 'GET', '/anything', { token });
      expect(other.status, `${token}`).toBe(403);
    }
    untouched(s);
  });

  it('lets any of its tokens read the stats and reset, whatever its permissions', async () => {
    const s = await withData({
      tokens: [{ token: 'sandbox' }, { token: 'bare', permissions: [] }],
    });
    const stats = await call(s.sb.url, 'GET', '/__sandbox/stats', { token: 'bare' });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ pending: 1, createRequestsAccepted: 1 });
    expect((await call(s.sb.url, 'POST', '/__sandbox/reset', { token: 'bare' })).status).toBe(204);
    expect(s.sb.stats()).toMatchObject({ pending: 0, createRequestsAccepted: 0 });
  });
});

describe('the Host header', () => {
  it('must name the sandbox: another name is answered 421 and nothing is reset', async () => {
    const s = await withData();
    const port = s.sb.port;
    for (const host of ['attacker.example', `attacker.example:${port}`, `localhost:${port + 1}`]) {
      const headers = { Host: host };
      const list = await call(s.sb.url, 'GET', SITES, { headers });
      expect(list.status, host).toBe(421);
      expect(list.body).toEqual({
        code: 'misdirected_request',
        message: expect.stringContaining(host),
        solution: `Send the request to ${s.sb.url}.`,
      });
      expect((await call(s.sb.url, 'GET', '/__sandbox/stats', { headers })).status).toBe(421);
      expect((await call(s.sb.url, 'POST', '/__sandbox/reset', { headers })).status).toBe(421);
    }
    untouched(s);
  });

  it('is accepted as the bound address or localhost, with the port', async () => {
    const s = await withData();
    for (const host of [
      `127.0.0.1:${s.sb.port}`,
      `localhost:${s.sb.port}`,
      `LOCALHOST:${s.sb.port}`,
    ]) {
      const stats = await call(s.sb.url, 'GET', '/__sandbox/stats', { headers: { Host: host } });
      expect(stats.status, host).toBe(200);
      expect(stats.body).toMatchObject({ pending: 1 });
    }
    expect(
      (await call(s.sb.url, 'GET', SITES, { headers: { Host: `localhost:${s.sb.port}` } })).status,
    ).toBe(200);
    expect((await call(s.sb.url, 'POST', '/__sandbox/reset')).status).toBe(204);
    expect(s.sb.stats()).toMatchObject({ pending: 0, createRequestsAccepted: 0 });
  });

  it('is worked out from the address the server is bound to', () => {
    const at = (address: string, family: string, port = 4100): AddressInfo => ({
      address,
      family,
      port,
    });
    expect(allowedHosts(at('127.0.0.1', 'IPv4'))).toEqual(
      new Set(['127.0.0.1:4100', 'localhost:4100']),
    );
    expect(allowedHosts(at('::1', 'IPv6'))).toEqual(new Set(['[::1]:4100', 'localhost:4100']));
    expect(allowedHosts(at('127.0.0.1', 'IPv4', 80))).toEqual(
      new Set(['127.0.0.1:80', '127.0.0.1', 'localhost:80', 'localhost']),
    );
    // Another interface is reached by its address only; a wildcard by names nobody can list.
    expect(allowedHosts(at('192.168.1.20', 'IPv4'))).toEqual(new Set(['192.168.1.20:4100']));
    expect(allowedHosts(at('0.0.0.0', 'IPv4'))).toBeUndefined();
    expect(allowedHosts(at('::', 'IPv6'))).toBeUndefined();
  });
});

describe('a web page', () => {
  it('cannot reset the sandbox with a no-cors POST, even if it knew the token', async () => {
    const s = await withData();
    for (const token of [null, 'sandbox']) {
      const reset = await call(s.sb.url, 'POST', '/__sandbox/reset', {
        token,
        headers: { Origin: 'http://localhost:9999' },
        rawBody: '{}',
        contentType: 'text/plain;charset=UTF-8',
      });
      expect(reset.status, `${token}`).toBe(403);
      expect(reset.body).toEqual({
        loggedIn: false,
        code: 'access_denied',
        message: expect.stringContaining('Origin'),
        solution: expect.stringContaining('no Origin header'),
      });
    }
    untouched(s);
  });

  it('is refused on the API and the stats too, whatever the origin', async () => {
    const s = await withData();
    for (const origin of ['http://localhost:9999', s.sb.url, 'null']) {
      const headers = { Origin: origin };
      expect((await call(s.sb.url, 'GET', SITES, { headers })).status, origin).toBe(403);
      expect((await call(s.sb.url, 'GET', '/__sandbox/stats', { headers })).status).toBe(403);
    }
    // Without an Origin the same requests pass: the refusal is the Origin's.
    expect((await call(s.sb.url, 'GET', SITES)).status).toBe(200);
    expect((await call(s.sb.url, 'GET', '/__sandbox/stats')).status).toBe(200);
  });
});
