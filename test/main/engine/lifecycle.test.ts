// The engine's public controls and the job's life: lease, pause and resume, cancel, retry,
// no-wait and check-only runs, several jobs on one connection, progress events.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { isZombie, leaseIsStale, SyncEngine } from '../../../src-main/engine/syncEngine';
import type { Lease } from '../../../src-main/journal/journal';
import { AppFailure } from '../../../src-shared/errors';
import {
  duplicates,
  FAST,
  jobTransitions,
  makeRig,
  supplierRows,
  until,
  type Rig,
} from './support';
import { runnerFor } from '../../../src-main/kinds';

let rig: Rig | undefined;
const extra: SyncEngine[] = [];
afterEach(async () => {
  for (const e of extra.splice(0)) await e.close();
  await rig?.close();
  rig = undefined;
});

function secondEngine(r: Rig, settings = {}): SyncEngine {
  const e = new SyncEngine({
    runnerFor,
    journal: r.journal,
    secrets: r.secrets,
    settings: { ...FAST, ...settings },
  });
  extra.push(e);
  return e;
}

describe('job lease', () => {
  it('a second process is refused while the first runs the job, and may run it after', async () => {
    rig = await makeRig({ processingMs: 300 });
    const jobId = rig.newJob(supplierRows(3));
    expect(rig.engine.runningBy(jobId)).toBeUndefined();
    const running = rig.engine.run(jobId);
    const other = secondEngine(rig);
    expect(other.runningBy(jobId)?.owner).toBe(rig.engine.owner);
    const refused = await other.run(jobId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).error.details?.reason).toBe('job_in_use');
    expect((refused as AppFailure).error.message).toMatch(/another copy of the app/);
    expect(await running).toBe('finished');
    // Released at the end of the run: the other process may run it now.
    expect(await other.run(jobId)).toBe('finished');
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('a lease whose holder stopped beating is taken over', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(2));
    // Left behind by a process that died: this pid, but a heartbeat long expired.
    rig.journal.takeLease(
      `job:${jobId}`,
      { owner: 'gone', pid: process.pid, host: 'elsewhere', expiresAt: 1, takenAt: 0 },
      () => true,
    );
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.events.some((e) => e.type === 'warning' && e.code === 'job_taken_over')).toBe(true);
    expect(rig.journal.getLease(`job:${jobId}`)).toBeUndefined();
  });

  it('a lease held by a live process elsewhere with a fresh heartbeat is respected', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(1));
    rig.journal.takeLease(
      `job:${jobId}`,
      {
        owner: 'cli',
        pid: 1,
        host: 'another-host',
        expiresAt: Date.now() + 60_000,
        takenAt: Date.now(),
      },
      () => true,
    );
    await expect(rig.engine.run(jobId)).rejects.toBeInstanceOf(AppFailure);
    // Nor may it be cancelled from here under the other process.
    await expect(rig.engine.cancel(jobId)).rejects.toBeInstanceOf(AppFailure);
    expect(() => rig!.engine.retry(jobId)).toThrow(AppFailure);
    expect(rig.journal.counts(jobId).valid).toBe(1);
    expect(rig.sandbox.stats().requests.WRITE).toBe(0);
  });
});

describe('controls', () => {
  it('pause stops sending; resume goes on without sending anything twice', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(30));
    const running = rig.engine.run(jobId);
    await until(() => (rig!.journal.counts(jobId).accepted ?? 0) >= 3, 'some creations');
    await rig.engine.pause(jobId);
    expect(await running).toBe('paused');
    const job = rig.journal.getJob(jobId)!;
    expect(job.state).toBe('paused');
    const sent = rig.sandbox.stats().createRequestsAccepted;
    // Writes in flight were let finish: nothing is left mid-request or in doubt.
    const counts = rig.journal.counts(jobId);
    expect(counts.sending + counts.in_doubt).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(sent);
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(30);
    expect(rig.sandbox.stats().createRequestsAccepted).toBe(30);
    expect(duplicates(rig.sandbox)).toEqual([]);
  });

  it('pause during the check leaves the unchecked rows to check later', async () => {
    rig = await makeRig({}, { checkStrategy: 'lookup' });
    const jobId = rig.newJob(supplierRows(40));
    const running = rig.engine.run(jobId, { mode: 'check', wait: true });
    await until(() => rig!.sandbox.stats().requests.GET >= 3, 'check under way');
    await rig.engine.pause(jobId);
    expect(await running).toBe('paused');
    expect(rig.sandbox.stats().requests.WRITE).toBe(0);
    expect(await rig.engine.run(jobId, { mode: 'check', wait: true })).toBe('checked');
    expect(rig.journal.counts(jobId).new).toBe(40);
  });

  it('cancel: rows not sent yet stay unsent, rows sent are followed no further', async () => {
    rig = await makeRig();
    const jobId = rig.newJob(supplierRows(40));
    const running = rig.engine.run(jobId);
    await until(() => (rig!.journal.counts(jobId).accepted ?? 0) >= 2, 'some creations');
    await rig.engine.cancel(jobId);
    expect(await running).toBe('cancelled');
    const counts = rig.journal.counts(jobId);
    expect(counts.cancelled).toBeGreaterThan(0);
    expect(counts.queued + counts.new + counts.valid + counts.sending).toBe(0);
    const created = Object.keys(rig.sandbox.stats().creationsByIdentity).length;
    expect(created + counts.cancelled).toBeLessThanOrEqual(40);
    expect(rig.journal.getJob(jobId)?.state).toBe('cancelled');
    // Nothing more leaves for the cancelled rows.
    const writes = rig.sandbox.stats().requests.WRITE;
    await new Promise((r) => setTimeout(r, 150));
    expect(rig.sandbox.stats().requests.WRITE).toBe(writes);
  });

  it('retry puts failed rows through the check again; a fixed job finishes them', async () => {
    rig = await makeRig();
    // A country code no country has: the API refuses both rows.
    const rows = supplierRows(2).map((r) => ({
      ...r,
      payload: { ...r.payload, countryCode: 'XX' },
    }));
    const jobId = rig.newJob(rows);
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).rejected).toBe(2);
    // The retry puts both through the check again; the user fixes their country first.
    expect(rig.engine.retry(jobId)).toBe(2);
    expect(rig.journal.counts(jobId).valid).toBe(2);
    for (const r of rig.journal.eachRow(jobId)) {
      rig.journal.applyUserFix(r.id, {
        edits: { countryCode: 'DE' },
        payload: { ...r.payload, countryCode: 'DE' },
        identityKey: r.identityKey,
        state: 'valid',
      });
    }
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(2);
    expect(rig.journal.getJob(jobId)?.state).toBe('finished');
  });

  it('a no-wait run stops once every create is answered; a later run follows them to the end', async () => {
    rig = await makeRig({ processingMs: 400 });
    const jobId = rig.newJob(supplierRows(5));
    expect(await rig.engine.run(jobId, { mode: 'run', wait: false })).toBe('sent');
    const counts = rig.journal.counts(jobId);
    expect(counts.queued + counts.sending + counts.in_doubt + counts.valid).toBe(0);
    expect(rig.journal.getJob(jobId)?.stateReason?.code).toBe('not_waiting');
    expect(await rig.engine.run(jobId)).toBe('finished');
    expect(rig.journal.counts(jobId).done).toBe(5);
  });

  it('rows not validated yet do not keep a job running', async () => {
    rig = await makeRig();
    const rows = supplierRows(3);
    rows[2] = { ...rows[2]!, state: 'draft' };
    const jobId = rig.newJob(rows);
    expect(await rig.engine.run(jobId)).toBe('finished');
    const job = rig.journal.getJob(jobId)!;
    expect(job.state).toBe('needs_attention');
    expect(job.stateReason?.message).toMatch(/not validated/);
    expect(rig.journal.counts(jobId)).toMatchObject({ done: 2, draft: 1 });
  });

  it('several jobs on one connection share it and all finish, each supplier created once', async () => {
    rig = await makeRig();
    const a = rig.newJob(supplierRows(10, 'A'));
    const b = rig.newJob(supplierRows(10, 'B'));
    const c = rig.newJob(supplierRows(10, 'A')); // the same suppliers as job a
    const exits = await Promise.all([a, b, c].map((j) => rig!.engine.run(j)));
    expect(exits).toEqual(['finished', 'finished', 'finished']);
    for (const j of [a, b, c]) expect(rig.journal.counts(j).done).toBe(10);
    expect(duplicates(rig.sandbox)).toEqual([]);
    expect(Object.keys(rig.sandbox.stats().creationsByIdentity)).toHaveLength(20);
    // Job c met a's suppliers as existing, pending or by a 409, never by creating them again.
    expect(jobTransitions(rig.journal, c).length).toBeGreaterThan(0);
  });

  it('progress events are throttled per job and end with the final counts', async () => {
    rig = await makeRig({}, { progressIntervalMs: 200 });
    const jobId = rig.newJob(supplierRows(20));
    const started = Date.now();
    expect(await rig.engine.run(jobId)).toBe('finished');
    const elapsed = Date.now() - started;
    const progress = rig.events.filter((e) => e.type === 'progress');
    // At most one per interval, plus the forced ones at state changes and at the end.
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 4);
    const last = progress[progress.length - 1]!;
    expect(last.type === 'progress' && last.progress.counts.done).toBe(20);
    expect(last.type === 'progress' && last.progress.total).toBe(20);
  });
});

describe('engine construction', () => {
  it('an unknown job is refused without touching anything', async () => {
    rig = await makeRig();
    const e = new SyncEngine({ runnerFor, journal: rig.journal, secrets: new MemorySecretStore() });
    extra.push(e);
    await expect(e.run('no-such-job')).rejects.toThrow(/not found/);
  });
});

describe('who may take a lease over', () => {
  const now = 1_000_000;
  const ttl = 30_000;
  const lease = (o: Partial<Lease>): Lease => ({
    owner: 'x',
    pid: process.ppid,
    host: os.hostname(),
    expiresAt: now + ttl,
    takenAt: now - 1_000,
    ...o,
  });

  it('another machine: only once its heartbeat expired', () => {
    expect(leaseIsStale(lease({ host: 'elsewhere' }), now, ttl)).toBe(false);
    expect(leaseIsStale(lease({ host: 'elsewhere', expiresAt: now - 1 }), now, ttl)).toBe(true);
  });

  it('this machine: a process that is gone at once, a live one only when late by far', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    expect(leaseIsStale(lease({ pid: child.pid! }), now, ttl)).toBe(true);
    // A live process whose heartbeat is late (suspended, blocked) may still send.
    expect(leaseIsStale(lease({ expiresAt: now - 1 }), now, ttl)).toBe(false);
    expect(leaseIsStale(lease({ expiresAt: now - 11 * ttl }), now, ttl)).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'this machine: a killed holder left a zombie (not reaped by its parent) is gone',
    async () => {
      // A short `sleep` runs in the background of a shell that then becomes a long `sleep`,
      // which never reaps it: once it ends it stays a zombie, whose pid still answers the
      // signal check, until the long sleep ends. (It must end after the shell's exec: a child
      // that ended before is reaped by the shell itself.)
      const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const pid = await new Promise<number>((resolve) =>
          parent.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
        );
        await until(() => isZombie(pid), 'the zombie', 20_000);
        expect(() => process.kill(pid, 0)).not.toThrow();
        expect(leaseIsStale(lease({ pid }), now, ttl)).toBe(true);
        // Its parent, alive, is not.
        expect(isZombie(parent.pid!)).toBe(false);
        expect(leaseIsStale(lease({ pid: parent.pid! }), now, ttl)).toBe(false);
      } finally {
        parent.kill('SIGKILL');
      }
    },
    30_000,
  );
});

describe('journal leases', () => {
  it('one holder at a time; renewed and released only by their holder', async () => {
    rig = await makeRig();
    const j = rig.journal;
    const a: Lease = { owner: 'a', pid: 1, host: 'h', expiresAt: 10, takenAt: 0 };
    const b: Lease = { ...a, owner: 'b' };
    expect(j.takeLease('job:x', a, () => false)).toMatchObject({
      taken: true,
      tookOver: undefined,
    });
    expect(j.takeLease('job:x', b, () => false)).toEqual({ taken: false, held: a });
    expect(j.renewLease('job:x', 'b', 99)).toBe(false);
    expect(j.renewLease('job:x', 'a', 99)).toBe(true);
    expect(j.getLease('job:x')?.expiresAt).toBe(99);
    j.releaseLease('job:x', 'b');
    expect(j.getLease('job:x')?.owner).toBe('a');
    expect(j.takeLease('job:x', b, (held) => held.owner === 'a')).toMatchObject({
      taken: true,
      tookOver: { owner: 'a' },
    });
    j.releaseLease('job:x', 'b');
    expect(j.getLease('job:x')).toBeUndefined();
  });
});
