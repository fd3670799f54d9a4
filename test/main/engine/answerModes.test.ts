// Every kind of job, whole, against a sandbox that answers in the published document's words
// (answers: 'full') and against one that answers only what api-spec.md shows, in the spec's
// words (answers: 'spec': a Target's `id` and `foreignSystems`, no platformTargetId): onboarding
// with screening and validation (resumed after a no-wait run), its undo, identifiers,
// deactivation, the supplier-base export and drift report, and scores. Then an API behind a
// proxy that drops the platform id from the suppliers it finds: the job pauses within seconds
// with a sentence naming the endpoint and the field, and goes on once the answers are whole.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { driftReport } from '../../../src-main/base/drift';
import { exportSupplierBase } from '../../../src-main/base/exportSuppliers';
import { lastAnswerProblem } from '../../../src-main/engine/answerProblems';
import type { NewRow } from '../../../src-main/journal/journal';
import { manySuppliers } from '../../../src-main/sandbox/manySuppliers';
import type { AnswerMode } from '../../../src-main/sandbox/specAnswers';
import { scoresJobOptions } from '../../../src-main/kinds/scores/job';
import { payloadOf } from '../../../src-main/kinds/scores/batchRunner';
import { scoresIdentity } from '../../../src-main/kinds/scores/sheet';
import { driftMapping } from '../../../src-main/services/supplierBase';
import { suggestMapping } from '../../../src-main/workbook';
import { word } from '../../../src-shared/i18n';
import type { ScoresPayload } from '../../../src-shared/scores';
import { droppingProxy, type DroppingProxy } from '../sandbox/droppingProxy';
import { duplicates, makeRig, NAMED_SEEDS, supplierRows, type Rig } from './support';

let rig: Rig | undefined;
let proxy: DroppingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await rig?.close();
  rig = undefined;
});

/** Every permission but the on-create entitlements: screening and validation are requests of
 *  their own, so each of their answers is read. */
const PLAIN = {
  tokens: [
    {
      token: 'plain',
      permissions: [
        'ACCESS_PUBLIC_SUPPLIERS',
        'ACCESS_PUBLIC_CONNECT_TARGET',
        'ACCESS_PUBLIC_REMOVE_TARGET',
        'ACCESS_PUBLIC_SCREENING_REQUEST',
        'ACCESS_PUBLIC_VALIDATION_REQUEST',
        'ACCESS_PUBLIC_EXTERNAL_SCORES',
      ],
    },
  ],
};

const SEEDS = [...NAMED_SEEDS, ...manySuppliers(4)];

function rigFor(answers: AnswerMode): Promise<Rig> {
  return makeRig(
    {
      answers,
      ...PLAIN,
      seedSuppliers: SEEDS,
      screeningOdds: { Finished: 0.5, NoFindings: 0.5, Aborted: 0 },
    },
    {},
    'plain',
  );
}

function named(sourceRow: number, payload: Record<string, unknown>): NewRow {
  return { sourceRow, cells: [], payload, identityKey: JSON.stringify(payload), state: 'valid' };
}

/** The platform id of the supplier an identifier names, through the engine's own client. */
async function holderOf(r: Rig, identifier: Record<string, string>): Promise<string | null> {
  const found = await r.engine.runtime(r.connectionId).client.findByIdentifier(identifier);
  return found.kind === 'ok' && found.value.found === 'one'
    ? String(found.value.supplier.platformTargetId)
    : null;
}

describe.each(['full', 'spec'] as const)("every kind of job against answers: '%s'", (answers) => {
  it('onboards with screening and validation (resumed after a no-wait run), then undoes it', async () => {
    rig = await rigFor(answers);
    const r = rig;
    // Suppliers that exist already: the check must recognise them from the list.
    expect(await r.engine.run(r.newJob(supplierRows(2)))).toBe('finished');
    const jobId = r.newJob(supplierRows(6), { screeningPeriod: 2, validate: true });
    expect(await r.engine.run(jobId, { mode: 'run', wait: false })).toBe('sent');
    expect(await r.engine.run(jobId)).toBe('finished');
    const rows = r.journal.pageRows(jobId).rows;
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.state, `row ${row.sourceRow}`).toBe('done');
      expect(row.platformId).toMatch(/^\d+$/);
      expect(['Finished', 'NoFindings', 'Skipped']).toContain(row.screeningStatus);
      expect(['COMPLETED', 'REJECTED']).toContain(row.validationStatus);
    }
    const created = rows.filter((row) => row.createdByJob);
    expect(created).toHaveLength(4);
    expect(duplicates(r.sandbox)).toEqual([]);

    // The undo: a deactivation of the suppliers the job created, named by platform id.
    const before = r.sandbox.stats().suppliers;
    const undo = r.newJob(
      created.map((row, i) => named(i + 2, { platformId: row.platformId })),
      { operation: 'deactivate', undoOf: jobId },
    );
    expect(await r.engine.run(undo)).toBe('finished');
    expect(r.journal.pageRows(undo).rows.map((row) => row.opResult)).toEqual(
      created.map(() => 'deactivated'),
    );
    expect(r.sandbox.stats().suppliers).toBe(before - 4);
    expect(await holderOf(r, { platformId: created[0]!.platformId! })).toBeNull();
  });

  it('adds and removes identifiers, and deactivates suppliers named by any identifier', async () => {
    rig = await rigFor(answers);
    const r = rig;
    const a = await holderOf(r, { supplierId: 'A-1', source: 'ERP' });
    expect(a).toMatch(/^\d+$/);
    const change = (sourceRow: number, ref: object, identifier: object, action?: string) =>
      named(sourceRow, { ...ref, identifier, ...(action ? { action } : {}) });
    const ids = r.newJob(
      [
        change(
          2,
          { supplierId: { id: 'A-1', source: 'ERP' } },
          { type: 'CUSTOMER_ID', id: 'C-NEW' },
        ),
        change(3, { ownId: 'OWN-B' }, { type: 'CUSTOMER_ID', id: 'C-A' }), // on A already
        change(4, { supplierId: { id: 'A-1', source: 'ERP' } }, { type: 'CUSTOMER_ID', id: 'C-A' }),
        change(5, { ownId: 'OWN-B' }, { type: 'OWN_ID', id: 'OWN-B' }, 'remove'),
      ],
      { operation: 'identifiers', identifierAction: 'add' },
    );
    expect(await r.engine.run(ids)).toBe('finished');
    expect(r.journal.pageRows(ids).rows.map((row) => [row.state, row.opResult])).toEqual([
      ['done', 'added'],
      ['needs_user', 'on_other_supplier'],
      ['done', 'already_present'],
      ['done', 'removed'],
    ]);
    expect(await holderOf(r, { customerId: 'C-NEW' })).toBe(a);
    expect(await holderOf(r, { ownId: 'OWN-B' })).toBeNull();

    const off = r.newJob(
      [
        named(2, { supplierId: { id: 'A-1', source: 'ERP' } }),
        named(3, { supplierId: { id: 'X-1' } }), // two suppliers
        named(4, { supplierId: { id: 'NOPE' } }),
      ],
      { operation: 'deactivate' },
    );
    expect(await r.engine.run(off)).toBe('finished');
    expect(r.journal.pageRows(off).rows.map((row) => [row.state, row.opResult])).toEqual([
      ['done', 'deactivated'],
      ['ambiguous', null],
      ['skipped', 'not_found'],
    ]);
    expect(await holderOf(r, { customerId: 'C-NEW' })).toBeNull();
  });

  it('exports the supplier base and reports drift', async () => {
    rig = await rigFor(answers);
    const r = rig;
    const api = r.engine.runtime(r.connectionId).api;
    const out = path.join(r.dir, 'base.xlsx');
    const exported = await exportSupplierBase({
      out,
      api,
      store: r.journal,
      connectionId: r.connectionId,
      pageSize: 3,
    });
    expect(exported).toMatchObject({ complete: true, suppliers: SEEDS.length, duplicates: 0 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const cells: unknown[][] = [];
    wb.getWorksheet('Suppliers')!.eachRow((row, n) => {
      if (n > 1) cells.push([row.getCell(1).value, row.getCell(7).value, row.getCell(8).value]);
    });
    // Every supplier with its platform id and its supplier id, whichever words the API used.
    expect(cells.every(([id]) => typeof id === 'string' && /^\d+$/.test(id))).toBe(true);
    expect(cells).toContainEqual([expect.any(String), 'A-1', 'ERP']);

    const list = path.join(r.dir, 'list.csv');
    await writeFile(
      list,
      [
        'Supplier ID,Source,Name,Street,City,Country',
        'A-1,ERP,A,1,B,DE',
        'X-1,SAP,D,4,Köln,DE',
        'ZZ9,ERP,Missing GmbH,Weg 9,Ulm,DE',
      ].join('\n'),
    );
    const headers = ['Supplier ID', 'Source', 'Name', 'Street', 'City', 'Country'];
    const usable = driftMapping(suggestMapping(headers).mapping);
    const report = await driftReport({
      file: list,
      mapping: usable.mapping,
      compare: usable.compare,
      out: path.join(r.dir, 'drift.xlsx'),
      api,
      details: api,
      store: r.journal,
      connectionId: r.connectionId,
    });
    expect(report.complete).toBe(true);
    expect(report.byStatus).toMatchObject({ same: 1, differs: 1, not_found: 1 });
    expect(report.byField).toMatchObject({ city: 1, name: 0 });
  });

  it('writes scores', async () => {
    rig = await rigFor(answers);
    const r = rig;
    const rows: NewRow[] = [1, 2, 99].map((k) => {
      const identifier = { supplierId: `S${String(k).padStart(8, '0')}`, source: 'ERP' };
      const payload: ScoresPayload = {
        kind: 'scores',
        identifier,
        scores: [
          { eventTypeKey: 'supplier_audit', value: k, cell: `C${k}` },
          { eventTypeKey: 'no_such_key', value: 5, cell: `D${k}` },
        ],
      };
      return {
        sourceRow: k + 1,
        cells: [identifier.supplierId, 'ERP'],
        payload: payload as unknown as Record<string, unknown>,
        identityKey: scoresIdentity(identifier),
        state: 'valid',
      };
    });
    const jobId = r.newJob(rows, scoresJobOptions('1', 'wide'));
    expect(await r.engine.run(jobId)).toBe('finished');
    const outcomes = r.journal
      .pageRows(jobId)
      .rows.map((row) => payloadOf(row)!.scores.map((s) => [s.outcome, s.reason ?? null]));
    expect(outcomes).toEqual([
      [
        ['written', null],
        ['rejected', 'UNKNOWN_EVENT_TYPE'],
      ],
      [
        ['written', null],
        ['rejected', 'UNKNOWN_EVENT_TYPE'],
      ],
      [
        ['rejected', 'TARGET_NOT_FOUND'],
        ['rejected', 'TARGET_NOT_FOUND'],
      ],
    ]);
  });
});

describe.each(['full', 'spec'] as const)(
  "an answer without the platform id (answers: '%s' behind a proxy)",
  (answers) => {
    it('pauses the job within seconds with the sentence, and resumes once the answers are whole', async () => {
      rig = await makeRig({ answers }, { checkStrategy: 'lookup' });
      const r = rig;
      // Two suppliers exist already; the next job's check finds them by identifier.
      expect(await r.engine.run(r.newJob(supplierRows(2)))).toBe('finished');
      let drop = true;
      proxy = await droppingProxy(r.sandbox.url, () => drop);
      r.journal.updateConnection(r.connectionId, { baseUrl: proxy.url });
      r.engine.resetConnection(r.connectionId);

      const jobId = r.newJob(supplierRows(4));
      const started = Date.now();
      expect(await r.engine.run(jobId)).toBe('access_denied');
      expect(Date.now() - started).toBeLessThan(5_000);
      const endpoint = 'GET /public/v2/suppliers/sites/find-by-identifier';
      const params = { endpoint, field: 'id (platformTargetId)' };
      const job = r.journal.getJob(jobId)!;
      expect(job.state).toBe('paused');
      expect(job.stateReason).toEqual({
        code: 'answer_lacks_field',
        params,
        message:
          "Paused: the API answered GET /public/v2/suppliers/sites/find-by-identifier without id (platformTargetId), which the app needs to go on. Nothing more was sent. Check the connection's field-name settings (or the proxy in front of the API), then resume the job; if it happens again, run the connection test and send its report to support.",
      });
      expect(word('de', 'reason.answer_lacks_field', params)).toMatch(
        /^Angehalten: Die API hat GET \/public\/v2\/suppliers\/sites\/find-by-identifier ohne id \(platformTargetId\) beantwortet/,
      );
      // Nothing was created on an answer the app could not read; the connection remembers it.
      expect(r.sandbox.stats().createRequestsAccepted).toBe(2);
      expect(lastAnswerProblem(r.journal, r.connectionId)).toMatchObject(params);

      drop = false;
      expect(await r.engine.run(jobId)).toBe('finished');
      expect(r.journal.counts(jobId).done).toBe(4);
      expect(r.journal.pageRows(jobId).rows.filter((row) => row.createdByJob)).toHaveLength(2);
      expect(duplicates(r.sandbox)).toEqual([]);
    });
  },
);
