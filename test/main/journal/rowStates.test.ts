import { describe, expect, it } from 'vitest';
import {
  canTransition,
  FIXABLE_STATES,
  PROBLEM_STATES,
  ROW_STATE_GROUP,
  ROW_STATES,
  ROW_TRANSITIONS,
  RowStateSchema,
  UNSENT_STATES,
  WRITE_INTENT_STATES,
  ALL_WRITES,
  type RowState,
} from '../../../src-main/journal/rowStates';

/** States reachable from `start` through the transition table. */
function reachable(start: RowState): Set<RowState> {
  const seen = new Set<RowState>([start]);
  const todo: RowState[] = [start];
  while (todo.length > 0) {
    for (const next of ROW_TRANSITIONS[todo.pop()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

describe('the row state machine', () => {
  it('names only known states, and groups every state', () => {
    for (const [from, targets] of Object.entries(ROW_TRANSITIONS)) {
      expect(RowStateSchema.safeParse(from).success).toBe(true);
      for (const to of targets) expect(ROW_STATES).toContain(to);
    }
    expect(Object.keys(ROW_TRANSITIONS).sort()).toEqual([...ROW_STATES].sort());
    expect(Object.keys(ROW_STATE_GROUP).sort()).toEqual([...ROW_STATES].sort());
    expect(RowStateSchema.safeParse('lost').success).toBe(false);
  });

  it('lets every imported row reach done, and every state reach an end', () => {
    expect(reachable('draft').size).toBe(ROW_STATES.length);
    const ends: RowState[] = ['done', 'skipped', 'cancelled', 'needs_user', 'rejected'];
    for (const state of ROW_STATES) {
      const r = reachable(state);
      expect(
        ends.some((end) => r.has(end)),
        state,
      ).toBe(true);
    }
  });

  it('never sends again without reconciling: an intent leads back to queued only through doubt or a sure answer', () => {
    for (const { queued, sending, inDoubt } of ALL_WRITES) {
      const stage = sending;
      expect(WRITE_INTENT_STATES, stage).toContain(sending);
      expect(ROW_TRANSITIONS[queued], stage).toContain(sending);
      expect(ROW_TRANSITIONS[sending], stage).toContain(inDoubt);
      expect(ROW_TRANSITIONS[inDoubt], stage).toContain(queued);
      // Only the queued state may start a request.
      for (const state of ROW_STATES) {
        if (state !== queued)
          expect(canTransition(state, sending), `${state} -> ${sending}`).toBe(state === sending);
      }
    }
    // A creation the platform has taken is never queued for creation again by the engine
    // (only a user's retry out of needs_user or vanished can).
    for (const state of ['pending', 'accepted', 'created', 'done'] as const) {
      expect(canTransition(state, 'queued'), state).toBe(false);
    }
  });

  it('keeps its state lists consistent', () => {
    for (const state of UNSENT_STATES) expect(canTransition(state, 'cancelled'), state).toBe(true);
    for (const state of PROBLEM_STATES) expect(ROW_STATE_GROUP[state]).toBe('to_fix');
    for (const state of FIXABLE_STATES) {
      expect(WRITE_INTENT_STATES as readonly RowState[]).not.toContain(state);
    }
    expect(canTransition('done', 'done')).toBe(true);
    expect(canTransition('done', 'queued')).toBe(false);
  });
});
