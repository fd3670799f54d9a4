// `--retry-from FILE`: a results file the user fixed in Excel, brought back on the command line.
// The file is checked here (a results file, written for a job of this journal, its supplier
// columns where the job read them); the onboarding service then makes the retry job.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../../src-shared/errors';
import type { Job, Journal } from '../journal/journal';
import type { Onboarding } from '../services/onboarding';
import { fold, sourceJobOf } from '../services/resultsFile';
import { isResultHeader, type Mapping } from '../workbook';

export interface RetrySource {
  /** The results file, resolved. */
  file: string;
  /** The job whose results the file holds. */
  job: Job;
  /** A job made earlier from this very file, unchanged since: its rows were taken then. */
  madeBefore: Job | undefined;
}

export interface RetryCounts {
  retry: number;
  stillInvalid: number;
  alreadyDone: number;
  unmatched: number;
}

const number = new Intl.NumberFormat('en-US');

/** "312 rows to send again, 5 still invalid (see the Status column), 9,680 already done, ..." */
export function retrySummary(c: RetryCounts): string {
  return `${number.format(c.retry)} ${c.retry === 1 ? 'row' : 'rows'} to send again, ${number.format(c.stillInvalid)} still invalid (see the Status column), ${number.format(c.alreadyDone)} already done, ${number.format(c.unmatched)} not matched`;
}

export async function findRetrySource(
  journal: Journal,
  onboarding: Onboarding,
  given: string,
  journalPath: string,
): Promise<RetrySource> {
  const file = path.resolve(given);
  const base = path.basename(file);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) {
    fail(
      'file_not_found',
      `The results file "${given}" was not found${found ? ' (it is a folder)' : ''}. Check the path: it is the file an earlier run wrote, such as suppliers.results.xlsx.`,
      { path: file },
    );
  }
  const preview = await onboarding.preview({ path: file, limit: 1 });
  const headers = preview.columns.map((c) => c.header);
  const status = headers.findIndex((h) => h.trim().toLowerCase() === 'status');
  const resultColumns = headers.filter(isResultHeader).length;
  if (status < 0 || resultColumns < 2) {
    const where = preview.file.kind === 'xlsx' ? ` (sheet "${preview.sheet}")` : '';
    fail(
      'invalid_input',
      `"${base}" is not a results file: it has no Status column${where}. --retry-from takes the results file an earlier run wrote (for suppliers.xlsx: suppliers.results.xlsx), with the rows you fixed in it. To import a supplier list, give it without --retry-from.`,
      { path: file },
    );
  }

  const jobs = journal.listJobs();
  const job = sourceJobOf(jobs, file);
  if (!job) {
    fail(
      'not_found',
      `No job in the journal ${journalPath} wrote "${base}"${jobs.length ? '' : ' (it holds no job yet)'}. A results file is matched to its job by name: the run for suppliers.xlsx writes suppliers.results.xlsx, so keep the beginning of the name. If the file comes from another data folder or journal, add the --data-dir or --journal of that run.`,
      { path: file },
    );
  }

  // The job's mapping reads cells by position: the supplier columns must still be where they were.
  const mapping = job.mapping as unknown as Mapping;
  for (const f of mapping.fields) {
    if (f.column === null) continue;
    const expected = job.headers[f.column];
    if (expected === undefined) continue;
    const found = preview.columns[f.column];
    const norm = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!found || norm(found.header) !== norm(expected)) {
      fail(
        'invalid_input',
        `${found ? `Column ${found.letter} of "${base}" is "${found.header}"` : `"${base}" has no column ${f.column + 1}`}, but job ${job.id} (${job.name}) read ${f.field} from the column "${expected}" there. Put the columns back as the results file had them (the supplier columns first, in their order, then Status and the other result columns) and run --retry-from again.`,
        { path: file },
      );
    }
  }

  const madeBefore = jobs.find(
    (j) => fold(path.resolve(j.sourcePath)) === fold(file) && j.sourceHash === preview.file.hash,
  );
  return { file, job, madeBefore };
}
