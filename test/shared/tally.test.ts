// A row's outcome and the job's tally: each row once, findings never a clean result, a word the
// spec does not list never taken for one, validation and screening read side by side.
import { describe, expect, it } from 'vitest';
import {
  attentionReasons,
  isAttentionOutcome,
  isUnknownOutcome,
  type OutcomeFacts,
} from '../../src-shared/outcomes';
import { ROW_STATES } from '../../src-shared/rowStates';
import { addToTally, emptyTally, rowOutcome, tallyOf } from '../../src-shared/tally';

const done = (screening: string | null, validation: string | null): OutcomeFacts => ({
  state: 'done',
  screeningStatus: screening,
  validationStatus: validation,
});

describe('a row whose screening or validation ended', () => {
  it.each([
    // screening, validation, outcome, reasons
    ['NoFindings', 'COMPLETED', 'done', []],
    ['Skipped', null, 'done', []],
    [null, null, 'done', []],
    ['Finished', null, 'findings', ['screening_findings']],
    // A confirmed validation never hides findings.
    ['Finished', 'COMPLETED', 'findings', ['screening_findings']],
    ['Aborted', 'COMPLETED', 'platform', ['screening_aborted']],
    ['NoFindings', 'REJECTED', 'platform', ['validation_rejected']],
    // Both at once: counted once as a row, under its findings, with both reasons side by side.
    ['Finished', 'REJECTED', 'findings', ['validation_rejected', 'screening_findings']],
    // A status the spec does not list ("and further values not shown") needs a person.
    ['Flagged', 'COMPLETED', 'review', ['screening_unknown']],
    ['NoFindings', 'ON_HOLD', 'review', ['validation_unknown']],
  ] as const)('screening %s, validation %s: %s', (s, v, outcome, reasons) => {
    expect(rowOutcome(done(s, v))).toBe(outcome);
    expect(attentionReasons(done(s, v))).toEqual(reasons);
  });

  it('reads a running or known clean status as no attention, and any other word as attention', () => {
    for (const s of ['OnCreate', 'New', 'NoFindings', 'Skipped'])
      expect(isAttentionOutcome('screening', s)).toBe(false);
    for (const s of ['Finished', 'Aborted', 'finished', 'Hit'])
      expect(isAttentionOutcome('screening', s)).toBe(true);
    for (const v of ['OnCreate', 'PENDING', 'COMPLETED'])
      expect(isAttentionOutcome('validation', v)).toBe(false);
    for (const v of ['REJECTED', 'FAILED']) expect(isAttentionOutcome('validation', v)).toBe(true);
    expect(isUnknownOutcome('screening', 'Finished')).toBe(false);
    expect(isUnknownOutcome('screening', 'Hit')).toBe(true);
    expect(isAttentionOutcome('screening', null)).toBe(false);
  });

  it('an id on another supplier and a supplier not found need the user too', () => {
    expect(rowOutcome({ ...done('NoFindings', null), identifiers: [{ result: 'other' }] })).toBe(
      'to_fix',
    );
    expect(
      rowOutcome({
        state: 'done',
        screeningStatus: null,
        validationStatus: null,
        opResult: 'not_found',
      }),
    ).toBe('to_fix');
    expect(rowOutcome({ state: 'skipped', screeningStatus: null, validationStatus: null })).toBe(
      'left_out',
    );
    expect(rowOutcome({ state: 'cancelled', screeningStatus: null, validationStatus: null })).toBe(
      'not_sent',
    );
  });
});

describe('the tally of a job', () => {
  it('counts every row once, and its groups add up to the rows', () => {
    const counts = Object.fromEntries(ROW_STATES.map((s, i) => [s, i + 1]));
    const ended = [
      {
        state: 'done',
        screening: 'Finished',
        validation: 'COMPLETED',
        opResult: null,
        idOnOther: 0,
        n: 3,
      },
      {
        state: 'done',
        screening: 'NoFindings',
        validation: 'COMPLETED',
        opResult: null,
        idOnOther: 0,
        n: counts.done! - 3,
      },
      {
        state: 'skipped',
        screening: null,
        validation: null,
        opResult: null,
        idOnOther: 0,
        n: counts.skipped!,
      },
    ];
    const t = tallyOf(counts, ended);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(t.total).toBe(rows);
    expect(Object.values(t.outcomes).reduce((a, b) => a + b, 0)).toBe(rows);
    expect(Object.values(t.groups).reduce((a, b) => a + b, 0)).toBe(rows);
    expect(t.outcomes.findings).toBe(3);
    expect(t.attention.screening_findings).toBe(3);
    expect(t.outcomes.done).toBe(counts.done! - 3);
    expect(t.outcomes.left_out).toBe(counts.skipped);
    expect(t.outcomes.not_sent).toBe(counts.cancelled);
    // Findings need the user: in the "needs you" group with the rows to fix.
    expect(t.groups.to_fix).toBe(
      3 +
        ['invalid', 'ambiguous', 'duplicate', 'rejected', 'vanished', 'needs_user'].reduce(
          (a, s) => a + counts[s]!,
          0,
        ),
    );
  });

  it('adds rows one at a time as it adds them in groups', () => {
    const a = emptyTally();
    const b = emptyTally();
    for (let i = 0; i < 4; i++) addToTally(a, done('Finished', 'REJECTED'));
    addToTally(b, done('Finished', 'REJECTED'), 4);
    expect(a).toEqual(b);
    expect(a.attention.validation_rejected).toBe(4);
    expect(a.attention.screening_findings).toBe(4);
    expect(a.outcomes.findings).toBe(4);
  });
});
