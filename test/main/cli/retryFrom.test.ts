// Which job a results file brought back with --retry-from came from, and how the counts read.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrySummary } from '../../../src-main/cli/retryFrom';
import { resultsJobOf, sourceJobOf } from '../../../src-main/services/resultsFile';
import type { Job, JournalRow } from '../../../src-main/journal/journal';
import { exportResults } from '../../../src-main/workbook';
import { makeTempDir } from '../workbook/helpers';

const dir = path.resolve('/data/lists');
const job = (id: string, sourcePath: string) => ({ id, sourcePath }) as Job;

describe('sourceJobOf', () => {
  // Newest first, as the journal lists them.
  const jobs = [
    job('list-2', path.join(dir, 'list2.xlsx')),
    job('retry', path.join(dir, 'list.results.xlsx')),
    job('list', path.join(dir, 'list.xlsx')),
    job('other-folder', path.resolve('/elsewhere/list.xlsx')),
  ];

  it('takes the job whose results file it is, in whatever format it was saved', () => {
    expect(sourceJobOf(jobs, path.join(dir, 'list.results.xlsx'))?.id).toBe('list');
    expect(sourceJobOf(jobs, path.join(dir, 'list.results.csv'))?.id).toBe('list');
    expect(sourceJobOf(jobs, path.join(dir, 'list.results.results.xlsx'))?.id).toBe('retry');
    expect(sourceJobOf(jobs, path.resolve('/elsewhere/list.results.xlsx'))?.id).toBe(
      'other-folder',
    );
  });

  it('matches a renamed or moved copy by the longest source name it begins with', () => {
    expect(sourceJobOf(jobs, path.join(dir, 'list2.results fixed.xlsx'))?.id).toBe('list-2');
    expect(sourceJobOf(jobs, path.resolve('/tmp/list.results (2).xlsx'))?.id).toBe('retry');
    expect(sourceJobOf(jobs, path.resolve('/tmp/list fixed.xlsx'))?.id).toBe('list');
  });

  it('finds nothing for a file no job wrote', () => {
    expect(sourceJobOf(jobs, path.join(dir, 'suppliers.results.xlsx'))).toBeUndefined();
    expect(sourceJobOf([], path.join(dir, 'list.results.xlsx'))).toBeUndefined();
  });
});

describe('retrySummary', () => {
  it('says in plain words what happens to each row', () => {
    expect(retrySummary({ retry: 312, stillInvalid: 5, alreadyDone: 9680, unmatched: 0 })).toBe(
      '312 rows to send again, 5 still invalid (see the Status column), 9,680 already done, 0 not matched',
    );
    expect(retrySummary({ retry: 1, stillInvalid: 0, alreadyDone: 0, unmatched: 2 })).toBe(
      '1 row to send again, 0 still invalid (see the Status column), 0 already done, 2 not matched',
    );
  });
});

// A list with a Platform ID column of its own (a supplier base export made into a deactivation
// list): its results file has that column among the job's, and the result columns after it. The
// file is recognised by its rows in either language, whatever its name.
describe.each(['en', 'de'] as const)(
  'resultsJobOf, a list with its own Platform ID (%s)',
  (lang) => {
    let tmp: { dir: string; cleanup: () => Promise<void> };
    beforeAll(async () => (tmp = await makeTempDir()));
    afterAll(() => tmp.cleanup());

    it('finds the job by its rows: the Platform ID of the file is one of its columns', async () => {
      const own = lang === 'de' ? 'Plattform-ID' : 'Platform ID';
      const deactivation = {
        id: 'deactivate',
        sourcePath: path.join(tmp.dir, 'base.xlsx'),
        headers: [own, 'Name'],
        mapping: { fields: [{ field: 'platformId', column: 0 }], operation: 'deactivate' },
        createdAt: 1,
      } as unknown as Job;
      const ids = ['100011', '100012'];
      const file = path.join(tmp.dir, `renamed-${lang}.xlsx`);
      await exportResults(file, {
        headers: deactivation.headers,
        rows: () =>
          ids.map((id, i) => ({
            sourceRow: i + 2,
            cells: [id, `Supplier ${i}`],
            result: { status: 'done', platformId: id, supplier: 'deactivated by this job' },
          })),
        format: 'xlsx',
        lang,
      });
      const journal = {
        listJobs: () => [deactivation],
        rowAtSource: (jobId: string, n: number) =>
          jobId === 'deactivate' && ids[n - 2]
            ? ({ platformId: ids[n - 2], cells: [ids[n - 2], `Supplier ${n - 2}`] } as JournalRow)
            : null,
      };
      expect((await resultsJobOf(journal, file))?.id).toBe('deactivate');
    });
  },
);
