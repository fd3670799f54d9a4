// A supplier list the system asked the app to open (file associations, a second launch): the
// desktop front door hands its path to the services, which make it readable as a file chosen in
// the dialog, tell the page, and give it to the page once. The page cannot name a file itself.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { commandCaller } from './support';

const CSV =
  'Lieferanten-Nr.;Name;Straße;PLZ;Ort;Land\r\nL-1;Acme GmbH;Hauptstr. 1;01067;Dresden;DE\r\n';

let dir: string;
let app: AppServices;
const call = commandCaller(() => app);
const announced: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'opened-files-'));
  app = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'electron',
    secrets: new MemorySecretStore(),
    sandbox: false,
    desktop: { chooseFile: async () => null, showInFolder: () => undefined },
  });
  app.bus.subscribe((event) => announced.push(event));
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a supplier list the system asks the app to open', () => {
  it('is read like a file chosen in the dialog, announced, and given to the page once', async () => {
    const file = path.join(dir, 'Lieferanten.csv');
    await writeFile(file, CSV);
    const before = await app.router.dispatch('files:preview', { path: file });
    expect(before.ok || before.error.code).toBe('file_not_chosen');
    expect(await call('files:takeOpened', {})).toEqual({ path: null });

    app.opened.open(file);
    expect(announced).toEqual(['files:opened']);
    expect(await call('files:takeOpened', {})).toEqual({ path: file });
    expect(await call('files:takeOpened', {})).toEqual({ path: null });
    const preview = await call('files:preview', { path: file });
    expect(preview.file.kind).toBe('csv');
    expect(preview.rows.length).toBeGreaterThan(0);
  });

  it('gives the newest when several were asked for before the page took one', async () => {
    const a = path.join(dir, 'a.csv');
    const b = path.join(dir, 'b.csv');
    await Promise.all([writeFile(a, CSV), writeFile(b, CSV)]);
    app.opened.open(a);
    app.opened.open(path.join(dir, 'sub', '..', 'b.csv'));
    expect(await call('files:takeOpened', {})).toEqual({ path: b });
    expect(await call('files:takeOpened', {})).toEqual({ path: null });
    // Both were granted: the user asked the system to open each.
    expect((await app.router.dispatch('files:inspect', { path: a })).ok).toBe(true);
  });

  it('cannot be named by the page', async () => {
    const r = await app.router.dispatch('files:takeOpened', { path: '/etc/passwd' });
    expect(r.ok).toBe(false);
    const refused = await app.router.dispatch('files:preview', { path: '/etc/passwd' });
    expect(refused.ok || refused.error.code).toBe('file_not_chosen');
  });
});
