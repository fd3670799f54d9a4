// The command line's mapping file: written by --save-mapping, read by --mapping, with transform
// settings, and clear messages for what it cannot use.
import { lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMappingFile, writeMappingFile } from '../../../src-main/cli/mappingFile';
import type { Mapping } from '../../../src-main/workbook';
import { failureOf } from '../workbook/helpers';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mapping-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const headers = ['Kreditor', 'Firma', 'Branche'];

describe('the mapping file', () => {
  it('keeps transform settings through a write and a read, by header name', async () => {
    const file = path.join(dir, 'mapping.json');
    const mapping: Mapping = {
      fields: [
        { field: 'supplierId.id', column: 0, transform: { padZeros: 8, case: 'keep' } },
        { field: 'name', column: 1 },
        { field: 'industries', column: 2, transform: { separators: '|' } },
        { field: 'supplierId.source', column: null, constant: 'SAP' },
      ],
    };
    await writeMappingFile(file, mapping, headers);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      fields: {
        'supplierId.id': { header: 'Kreditor', transform: { padZeros: 8 } },
        name: 'Firma',
        industries: { header: 'Branche', transform: { separators: '|' } },
        'supplierId.source': { constant: 'SAP' },
      },
    });
    const back = await readMappingFile(file, ['Branche', 'Firma', 'Kreditor']);
    expect(back.fields).toEqual([
      { field: 'supplierId.id', column: 2, transform: { padZeros: 8 } },
      { field: 'name', column: 1 },
      { field: 'industries', column: 0, transform: { separators: '|' } },
      { field: 'supplierId.source', column: null, constant: 'SAP' },
    ]);
  });

  it('says which setting it cannot use and what the settings are', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({ fields: { name: { header: 'Firma', transform: { case: 'shout' } } } }),
    );
    const failure = await failureOf(readMappingFile(file, headers));
    expect(failure.error.code).toBe('invalid_input');
    expect(failure.error.message).toMatch(/fields\.name\.transform\.case/);
    expect(failure.error.message).toMatch(/"case": "keep"\|"upper"\|"lower"\|"title"/);
  });
});

describe('--save-mapping into a shared folder', () => {
  it('refuses a symbolic link planted at the name and leaves the file it points to alone', async () => {
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'the user’s own file\n');
    const planted = path.join(dir, 'planted.json');
    await symlink(victim, planted);
    const mapping: Mapping = { fields: [{ field: 'name', column: 1 }] };
    const failure = await failureOf(writeMappingFile(planted, mapping, headers));
    expect(failure.error.code).toBe('export_failed');
    expect(failure.error.details).toMatchObject({ reason: 'target_link', path: planted });
    expect(await readFile(victim, 'utf8')).toBe('the user’s own file\n');
    expect((await lstat(planted)).isSymbolicLink()).toBe(true);
  });

  it('writes a new mapping file for the user only', async () => {
    const file = path.join(dir, 'private.json');
    await writeMappingFile(file, { fields: [{ field: 'name', column: 1 }] }, headers);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ fields: { name: 'Firma' } });
  });
});
