import { afterEach, describe, expect, it } from 'vitest';
import { makeRig, supplierRows, transitions, until, type Rig } from './support';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('a creation that vanished while its answer was lost', () => {
  it('is said in the row history before it is sent again', async () => {
    rig = await makeRig({ faults: { after500: 1 }, vanishShare: 1 });
    const jobId = rig.newJob(supplierRows(1));
    const done = rig.engine.run(jobId);
    const row = () => rig!.journal.pageRows(jobId).rows[0]!;
    await until(() => row().attempts >= 2, 'a second send', 20_000);
    await rig.engine.pause(jobId);
    await done;
    const events = rig.journal.rowEvents(row().id, { limit: 100 });
    const reasons = events.map((e) =>
      e.kind !== 'request' && e.detail.to
        ? `${String(e.detail.from)}>${String(e.detail.to)}: ${String(e.detail.reasonCode)}`
        : e.kind,
    );
    const resend = reasons.indexOf('in_doubt>queued: reconciled_not_found');
    expect(resend).toBeGreaterThan(0);
    // The second request comes after that event, never before it.
    expect(reasons.indexOf('request', resend)).toBeGreaterThan(resend);
    expect(transitions(rig.journal, row().id).slice(0, 6)).toEqual([
      'valid>new',
      'new>queued',
      'queued>sending',
      'sending>in_doubt',
      'in_doubt>queued',
      'queued>sending',
    ]);
  });
});
