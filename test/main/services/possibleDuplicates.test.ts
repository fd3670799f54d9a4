// Registration numbers and possible duplicates through the router, as the UI and the command line
// call it: a real journal, the embedded sandbox over real HTTP, a CSV on disk with a VAT column
// the Map screen recognises. The same VAT id makes unlike names one group; two VAT ids keep equal
// names apart; a pair with some evidence below "likely" is listed with its reasons, never held.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPayload } from '../../../src-main/engine/payload';
import { commandCaller, jobWaiter, servicesPerFile } from './support';

const ctx = servicesPerFile('possible-');
const call = commandCaller(ctx.services);
const { waitForJob, waitForGrouping } = jobWaiter(call);

// Rows 2–3: one company by its VAT id, names unlike. Rows 4–5: equal names, two VAT ids. Rows
// 6–7: a hotel's café and its dining room (possible: one address, two outlets). Row 8 alone.
const LIST = [
  'Firma,Straße,PLZ,Ort,Land,Lieferanten-Nr,USt-IdNr.',
  'Nordlicht Antriebstechnik GmbH,Werftstraße 12,24143,Kiel,DE,P-1,DE 811 126 245',
  'NLA Kiel,Werftstr. 12,,Kiel,DE,P-2,DE811126245',
  'Schulz Metall GmbH,Industriestraße 1,70565,Stuttgart,DE,P-3,DE111111111',
  'Schulz Metall GmbH,Industriestr. 1,70565,Stuttgart,DE,P-4,DE222222222',
  'Café Grandhotel Elbe,Elbchaussee 401,22609,Hamburg,DE,P-5,',
  'Grandhotel Elbe Restaurant,Elbchaussee 401,22609,Hamburg,DE,P-6,',
  'Bäckerei Sommer,Lindenweg 3,01099,Dresden,DE,P-7,',
].join('\r\n');

describe('registration numbers and possible duplicates', () => {
  it('maps the VAT column, groups by it, lists possible pairs without holding them, and writes both columns', async () => {
    const file = path.join(ctx.dir(), 'list.csv');
    await writeFile(file, LIST + '\r\n', 'utf8');
    ctx.services().grants.grantRead(file);
    const preview = await call('files:preview', { path: file });
    const vat = preview.suggestion.fields.find((f) => f.field === 'vatId');
    expect(vat?.header).toBe('USt-IdNr.');
    const { jobId } = await call('jobs:create', {
      path: file,
      name: 'possible',
      connectionId: ctx.connectionId(),
      mapping: preview.suggestion.mapping,
      options: { skipExisting: false, screeningPeriod: null, validate: false },
    });
    expect((await waitForGrouping(jobId)).grouping).toBe('done');
    await call('jobs:check', { jobId });
    await waitForJob(jobId, ['ready', 'needs_attention', 'checked']);

    const list = await call('duplicates:list', { jobId });
    const groups = list.groups.filter((g) => g.scope === 'list');
    expect(groups.map((g) => g.rows.map((r) => r.sourceRow))).toEqual([[2, 3]]);
    const codes = groups[0]!.rows[0]!.pairs.flatMap((p) => p.reasons.map((r) => r.code));
    expect(codes).toContain('same_registration');
    // Only the likely pair waits; the possible pair is counted apart and never waits.
    expect(list.figures).toMatchObject({ listRows: 2, undecided: 2, possibleRows: 2 });
    const rows = await call('rows:page', { jobId, limit: 20 });
    const stateOf = (n: number) => rows.rows.find((r) => r.sourceRow === n)?.state;
    expect([6, 7].map(stateOf)).toEqual(['new', 'new']);
    expect([4, 5].map(stateOf)).toEqual(['new', 'new']);

    // The results: the VAT id as written, the possible pair with its reasons, in both rows.
    const out = ctx.services().grants.grantSaveAs(path.join(ctx.dir(), 'list.results.csv'));
    const s = await call('jobs:export', { jobId, format: 'csv', path: out });
    const text = await readFile(s.path, 'utf8');
    const [head, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const cols = head!.split(',');
    const at = (line: string, name: string) => splitCsv(line)[cols.indexOf(name)];
    expect(cols).toContain('Possible duplicate of');
    expect(at(lines[0]!, 'USt-IdNr.')).toBe('DE 811 126 245');
    expect(at(lines[0]!, 'Likely duplicate of')).toBe('row 3');
    expect(at(lines[4]!, 'Possible duplicate of')).toMatch(/^row 7 \(.*same postal code/);
    expect(at(lines[5]!, 'Possible duplicate of')).toMatch(/^row 6 \(/);
    expect(at(lines[2]!, 'Possible duplicate of')).toBe('');
    expect(at(lines[6]!, 'Possible duplicate of')).toBe('');
  }, 120_000);

  it('keeps registration numbers beside the payload and never sends them', () => {
    const built = buildPayload(
      {
        payload: {
          name: 'Nordlicht',
          countryCode: 'DE',
          city: 'Kiel',
          address: 'Werftstraße 12',
          supplierId: { id: 'P-1' },
          vatId: 'DE811126245',
          duns: '315375043',
        },
      },
      { skipExisting: false, screeningPeriod: null, validate: false } as never,
      { screening: false, validation: false } as never,
    );
    expect(built?.payload).toBeDefined();
    expect(Object.keys(built!.payload)).not.toContain('vatId');
    expect(Object.keys(built!.payload)).not.toContain('duns');
  });
});

/** One CSV line into its cells (quoted cells with commas and doubled quotes). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
