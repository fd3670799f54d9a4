// The state the command line's last lines say after a run: the journal's, unless the run was
// stopped while the journal could not take the new state (a full disk): then paused.
import { expect, it } from 'vitest';
import { stateAfterRun } from '../../../src-main/cli/summary';

it('a run stopped by a full disk says paused, even where the journal still says running', () => {
  expect(stateAfterRun('running', 'disk_full')).toBe('paused');
  expect(stateAfterRun('waiting_network', 'paused')).toBe('paused');
  expect(stateAfterRun('paused', 'disk_full')).toBe('paused');
  expect(stateAfterRun('finished', 'finished')).toBe('finished');
  expect(stateAfterRun('needs_attention', 'finished')).toBe('needs_attention');
  // A no-wait run leaves the job running on the platform: that is its state.
  expect(stateAfterRun('running', 'sent')).toBe('running');
});
