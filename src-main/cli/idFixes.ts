// `--retry-from`: the rows whose id the platform had on another supplier, brought back with the
// id corrected (services/onboarding/idFixes.ts). The onboarding sends nothing for them; an
// identifiers job that adds the corrected ids does (kinds/identifiers/front/). It is offered, and made with --yes (or a yes
// on a terminal); beside a retry job made from the same file it is made at once and named with
// the command that runs it, since a later run would find the file used.
import { retryFollowUp } from '../services/kindFronts';
import type { Onboarding, ReadResults, RetryFromResults } from '../services/onboarding';
import type { Args } from './args';
import { askYesNo } from './planText';
import type { OutputMode } from './progressView';
import { resumeCommand } from './start';
import type { Words } from './words';

/**
 * Says the corrected ids a results file brings back, and makes their identifiers job when the
 * user agrees. Returns the job to run now: the identifiers job when the file made no retry job
 * of its own; else null (a made identifiers job is named with the command that runs it later).
 */
export async function idFixStep(
  onboarding: Onboarding,
  r: Pick<RetryFromResults, 'jobId' | 'idFixes' | 'idFixRows'>,
  c: {
    /** The results file as the retry read it. */
    read: ReadResults;
    args: Args;
    mode: OutputMode;
    view: { log(line: string, extra?: object): void };
    w: Words;
  },
): Promise<string | null> {
  const { args, mode, view, w } = c;
  if (r.idFixes === 0) return null;
  const rows = r.idFixRows.join(', ') + (r.idFixes > r.idFixRows.length ? ' …' : '');
  view.log(w.n('cli.retry.idFixes', r.idFixes, { rows }));
  // With a retry job made from the same file, the identifiers job is made beside it (nothing
  // is sent until it is resumed): the file, once used, is not taken again by a later run.
  const terminal = mode !== 'json' && process.stdin.isTTY === true;
  const yes =
    args.yes ||
    r.jobId !== null ||
    (terminal && (await askYesNo(w.t('cli.retry.idFixAsk'), false, w)));
  if (!yes) {
    view.log(w.t('cli.retry.idFixOffer'));
    return null;
  }
  // Made by the kind that brings it (kinds/identifiers/front/), through the registry.
  const made = retryFollowUp()(onboarding, c.read);
  if (!made.jobId) return null;
  view.log(w.n('cli.retry.idFixMade', made.rows, { job: made.jobId }), {
    idFixJob: { jobId: made.jobId, rows: made.rows },
  });
  if (!r.jobId) return made.jobId;
  view.log(w.t('cli.retry.idFixLater', { command: resumeCommand(args, made.jobId) }));
  return null;
}
