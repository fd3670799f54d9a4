// --help names every option the command line parses (the import's, the supplier base's, a scores
// job's), the other commands, and says of each row outcome what its exit code says (issue 38).
import { describe, expect, it } from 'vitest';
import { HELP, importOptions } from '../../../src-main/cli/args';
import { BASE_HELP, BASE_OPTIONS } from '../../../src-main/cli/baseCommands';
import { SCORES_HELP, SCORES_OPTIONS } from '../../../src-main/kinds/scores/front/cli';
import { runCli } from './cli';

/** The options a help text names, as `--name` not followed by more of a name. */
const named = (help: string) =>
  new Set([...help.matchAll(/--([a-z][a-z-]*[a-z])/g)].map((m) => m[1]));

describe('--help', () => {
  it('names every option the import parses (and --resume, taken out before parsing)', () => {
    const missing = [...Object.keys(importOptions()), 'resume'].filter((o) => !named(HELP).has(o));
    expect(missing).toEqual([]);
  });

  it('names every option of the supplier base and of a scores job in their own help', () => {
    expect(Object.keys(BASE_OPTIONS).filter((o) => !named(BASE_HELP).has(o))).toEqual([]);
    expect(Object.keys(SCORES_OPTIONS).filter((o) => !named(SCORES_HELP).has(o))).toEqual([]);
  });

  it('names the other commands: --export-suppliers, --drift and --operation scores', () => {
    expect(HELP).toContain('--export-suppliers FILE.xlsx');
    expect(HELP).toContain('--drift LIST');
    expect(HELP).toMatch(/scores: upload external scores/);
    expect(HELP).toContain('--operation scores\n                            --help');
  });

  it('says a row whose supplier is not found needs the user, as its exit code 1 does', () => {
    const flat = HELP.replace(/\s+/g, ' ');
    expect(flat).not.toMatch(/not found,? is not a failure/);
    expect(flat).toContain(
      'a row whose supplier is not found changed nothing and needs you (exit code 1)',
    );
    expect(flat).toContain(
      'an identifier on another supplier, or a supplier not found, needs you (exit code 1)',
    );
  });

  it('each help is shown by the command, also right after an option that takes a value', async () => {
    const main = await runCli(['--help']);
    expect(main.code).toBe(0);
    expect(main.stdout).toBe(HELP);
    for (const args of [
      ['--export-suppliers', '--help'],
      ['--drift', '--help'],
    ]) {
      const r = await runCli(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(BASE_HELP);
    }
    const scores = await runCli(['--operation', 'scores', '--help']);
    expect(scores.code).toBe(0);
    expect(scores.stdout).toBe(SCORES_HELP);
    // Four processes of the command line, one after another: on a busy machine each takes seconds.
  }, 90_000);
});
