import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_PAGE_URL,
  isAppUrl,
  rendererFileFor,
  serveRendererFile,
} from '../../../src-main/electron/appScheme';

const dir = mkdtempSync(path.join(os.tmpdir(), 'app-scheme-'));
mkdirSync(path.join(dir, 'renderer', 'assets'), { recursive: true });
writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html>');
writeFileSync(path.join(dir, 'renderer', 'assets', 'a b.js'), 'x');
writeFileSync(path.join(dir, 'secret.txt'), 'secret');
const renderer = path.join(dir, 'renderer');

describe('the app:// scheme', () => {
  it('knows its own origin by scheme and host, whatever the path', () => {
    expect(isAppUrl(APP_PAGE_URL)).toBe(true);
    expect(isAppUrl('app://supplier-onboarding/assets/x.js?y#z')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('file:///C:/Program%20Files/app/index.html')).toBe(false);
    expect(isAppUrl('https://supplier-onboarding/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('maps paths into the renderer folder only', () => {
    expect(rendererFileFor(renderer, 'app://supplier-onboarding/')).toBe(
      path.join(renderer, 'index.html'),
    );
    expect(rendererFileFor(renderer, 'app://supplier-onboarding/assets/a%20b.js')).toBe(
      path.join(renderer, 'assets', 'a b.js'),
    );
    for (const url of [
      'app://supplier-onboarding/..%2fsecret.txt',
      'app://supplier-onboarding/%2e%2e/secret.txt',
      'app://supplier-onboarding/..%5csecret.txt',
      'app://supplier-onboarding/%E0%A4%A',
      'app://supplier-onboarding/index.html%00',
      'app://elsewhere/index.html',
    ]) {
      const file = rendererFileFor(renderer, url);
      expect(file === undefined || file.startsWith(renderer + path.sep), url).toBe(true);
      expect(file, url).not.toBe(path.join(dir, 'secret.txt'));
    }
  });

  it('answers with the file and its type, or 404', async () => {
    const ok = await serveRendererFile(renderer, APP_PAGE_URL);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await ok.text()).toBe('<!doctype html>');
    expect(
      (await serveRendererFile(renderer, 'app://supplier-onboarding/..%2fsecret.txt')).status,
    ).toBe(404);
    expect((await serveRendererFile(renderer, 'app://supplier-onboarding/nope.js')).status).toBe(
      404,
    );
  });
});
