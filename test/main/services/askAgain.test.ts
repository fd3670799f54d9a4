// A remembered duplicate decision taken back, through the router as the screens call it: a list
// decided in March ("keep" one pair, "leave out" another row), the same list in April carried
// out by memory and said so on each row; the user asks again about one row: it waits for a
// decision again, its memory is forgotten (a list in May asks about it too), and the other
// remembered decisions stand. A row without a remembered decision is refused and counted.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandCaller, importAs, jobWaiter, servicesPerFile } from './support';

const { services, dir, connectionId } = servicesPerFile('ask-again-');
const call = commandCaller(services);
const { waitForJob, waitForGrouping } = jobWaiter(call);

// Rows 2–3: one workshop spelled twice. Rows 4–5: a bakery twice. Row 6 alone.
const LIST = [
  'Lieferanten-Nr.,Name,Straße,PLZ,Ort,Land',
  'ASK-1,Kühne Feinmechanik GmbH,Am Brühl 7,04109,Leipzig,DE',
  'ASK-2,Kuehne Feinmechanik,Am Bruehl 7,04109,Leipzig,DE',
  'ASK-3,Bäckerei Sommer,Lindenweg 3,01099,Dresden,DE',
  'ASK-4,Baeckerei Sommer GmbH,Lindenweg 3,01099,Dresden,DE',
  'ASK-5,Ostwind Spedition,Hafenweg 9,20457,Hamburg,DE',
].join('\r\n');

/** The list as a new job of its own, grouped and checked. */
async function checkedJob(name: string): Promise<string> {
  const file = path.join(dir(), `${name}.csv`);
  await writeFile(file, LIST + '\r\n', 'utf8');
  const jobId = await importAs(services(), file, name, connectionId());
  await waitForGrouping(jobId);
  await call('jobs:check', { jobId });
  await waitForJob(jobId, ['ready', 'needs_attention', 'checked']);
  return jobId;
}

const members = async (jobId: string) =>
  new Map(
    (await call('duplicates:list', { jobId })).groups
      .flatMap((g) => g.rows)
      .map((m) => [m.sourceRow, m]),
  );

describe('a remembered duplicate decision taken back', () => {
  it('waits for a decision again, is forgotten for later lists, and leaves the others standing', async () => {
    const march = await checkedJob('march');
    expect((await call('duplicates:list', { jobId: march })).figures.undecided).toBe(4);
    await call('duplicates:decide', {
      jobId: march,
      decisions: [
        { sourceRow: 2, decision: 'keep' },
        { sourceRow: 3, decision: 'keep' },
        { sourceRow: 4, decision: 'keep' },
        { sourceRow: 5, decision: 'skip' },
      ],
    });

    // April: carried out by memory, each row saying where it was decided.
    const april = await checkedJob('april');
    let rows = await members(april);
    expect((await call('duplicates:list', { jobId: april })).figures.undecided).toBe(0);
    expect([2, 3, 4, 5].map((n) => rows.get(n)?.remembered?.jobName)).toEqual([
      'march',
      'march',
      'march',
      'march',
    ]);
    expect([2, 5].map((n) => rows.get(n)?.state)).toEqual(['new', 'skipped']);

    // Asked again about row 5 (left out in March), and about row 6, which has no memory.
    const asked = await call('duplicates:askAgain', { jobId: april, sourceRows: [5, 6] });
    expect(asked).toEqual({ asked: 1, refused: 1 });
    rows = await members(april);
    expect(rows.get(5)).toMatchObject({ state: 'duplicate', decision: null, remembered: null });
    expect(rows.get(2)?.remembered?.jobName).toBe('march');
    expect((await call('duplicates:list', { jobId: april })).figures.undecided).toBe(1);
    const page = await call('rows:page', { jobId: april, limit: 20 });
    const rowId = page.rows.find((r) => r.sourceRow === 5)!.id;
    expect(JSON.stringify(await call('rows:events', { rowId }))).toContain('duplicate_asked_again');

    // May: row 5 is asked about (its memory is gone); the kept rows are still carried out.
    const may = await checkedJob('may');
    rows = await members(may);
    expect(rows.get(5)).toMatchObject({ state: 'duplicate', remembered: null });
    expect(rows.get(2)).toMatchObject({ state: 'new' });
    expect(rows.get(2)?.remembered?.jobName).toBe('march');
    // Row 4's twin now waits, so row 4 has a candidate its decision saw: still carried out.
    expect(rows.get(4)?.remembered?.jobName).toBe('march');
  }, 120_000);
});
