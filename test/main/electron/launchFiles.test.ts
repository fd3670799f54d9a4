// The supplier list the system hands the app (a double-click, "Open with", a second launch): what
// the command line or macOS's open-file names, as an absolute path, and nothing else.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  SUPPLIER_LIST_EXTENSIONS,
  supplierListPath,
  supplierListsInArgv,
} from '../../../src-main/electron/launchFiles';

const cwd = '/home/anna/Downloads';

describe('a command line', () => {
  it('of a packaged app opened with a file (Windows, Linux): the file', () => {
    expect(
      supplierListsInArgv(
        ['/opt/Supplier Onboarding/supplier-onboarding', '/data/lieferanten.xlsx'],
        cwd,
      ),
    ).toEqual(['/data/lieferanten.xlsx']);
  });

  it('of a second launch: Chromium’s switches dropped, a relative path taken from its folder', () => {
    const argv = [
      '/opt/app/supplier-onboarding',
      '--allow-file-access-from-files',
      '--original-process-start-time=13385726128',
      'Lieferanten März.CSV',
    ];
    expect(supplierListsInArgv(argv, cwd)).toEqual([path.join(cwd, 'Lieferanten März.CSV')]);
  });

  it('in development (electron out/main/index.js): the script is not a supplier list', () => {
    expect(supplierListsInArgv(['/x/electron', 'out/main/index.js', 'list.xlsx'], cwd)).toEqual([
      path.join(cwd, 'list.xlsx'),
    ]);
    expect(supplierListsInArgv(['/x/electron', '.'], cwd)).toEqual([]);
  });

  it('a file:// address from a Linux file manager (%U)', () => {
    const file = '/home/anna/Lieferanten Ü.xlsx';
    expect(supplierListsInArgv(['app', pathToFileURL(file).href], cwd)).toEqual([file]);
    expect(supplierListsInArgv(['app', 'https://example.com/list.xlsx'], cwd)).toEqual([]);
    expect(supplierListsInArgv(['app', 'file://remote-host/share/list.xlsx'], cwd)).toEqual([]);
  });

  it('takes what follows -- as files, once each, and no other kind of file', () => {
    expect(
      supplierListsInArgv(
        ['app', '--', '-odd name.csv', 'a.xlsx', '/home/anna/Downloads/a.xlsx', 'notes.pdf', 'b'],
        cwd,
      ),
    ).toEqual([path.join(cwd, '-odd name.csv'), path.join(cwd, 'a.xlsx')]);
    expect(supplierListsInArgv(['app'], cwd)).toEqual([]);
    expect(supplierListsInArgv([], cwd)).toEqual([]);
  });

  it('on Windows: drive paths, relative ones from the launch’s folder, file:/// addresses', () => {
    const win = path.win32;
    expect(
      supplierListsInArgv(
        ['C:\\Program Files\\Supplier Onboarding\\Supplier Onboarding.exe', 'D:\\Listen\\a.xlsx'],
        'C:\\Users\\anna',
        win,
      ),
    ).toEqual(['D:\\Listen\\a.xlsx']);
    expect(supplierListsInArgv(['app.exe', 'b.csv'], 'C:\\Users\\anna', win)).toEqual([
      'C:\\Users\\anna\\b.csv',
    ]);
    expect(supplierListPath('file:///C:/Listen/c.xlsx', 'C:\\', win)).toBe('C:\\Listen\\c.xlsx');
  });
});

describe('one path (macOS open-file)', () => {
  it('takes a supplier list of any case of its extension, and nothing else', () => {
    for (const ext of SUPPLIER_LIST_EXTENSIONS) {
      expect(supplierListPath(`/Users/anna/list.${ext.toUpperCase()}`, cwd)).toBe(
        `/Users/anna/list.${ext.toUpperCase()}`,
      );
    }
    expect(supplierListPath('/Users/anna/list.xlsm', cwd)).toBeUndefined();
    expect(supplierListPath('/Users/anna/xlsx', cwd)).toBeUndefined();
    expect(supplierListPath('', cwd)).toBeUndefined();
    expect(supplierListPath('/tmp/a\0.xlsx', cwd)).toBeUndefined();
    expect(supplierListPath(`/${'a'.repeat(5000)}.xlsx`, cwd)).toBeUndefined();
    expect(supplierListPath('/Users/anna/../anna/list.csv', cwd)).toBe('/Users/anna/list.csv');
  });
});
