// The summary before a start, as the command line prints it: the same figures as the app's
// "Before you start" (services/plan.ts), in sentences; and the question that confirms it.
import { createInterface } from 'node:readline/promises';
import type { JobPlanView } from '../../src-shared/contract';
import { formatDuration } from './progressView';

const n = (v: number) => v.toLocaleString('en-GB');
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

/** A duration as the progress line writes it; a moment under a second is not "0s". */
function short(ms: number): string {
  return ms > 0 && ms < 500 ? 'under 1s' : formatDuration(ms);
}

/** The summary's lines, first the heading. `sendHeld`: the rows another job holds are sent too
 *  (--send-held), instead of being left out. */
export function planLines(plan: JobPlanView, sendHeld: boolean): string[] {
  const r = plan.rows;
  const d = plan.duration;
  const lines = ['Before you start:'];
  lines.push(
    `  ${plural(r.new + r.unchecked, 'new supplier')} will be created; ${n(r.existing)} exist already.`,
  );
  if (r.unchecked > 0)
    lines.push(
      `  ${plural(r.unchecked, 'row is', 'rows are')} not checked yet: they are checked first, so the figures are the most it can be.`,
    );
  if (r.pending > 0)
    lines.push(
      `  ${plural(r.pending, 'supplier is', 'suppliers are')} already being created on the platform; the job follows them.`,
    );
  if (plan.skipExisting && r.existing > 0)
    lines.push('  Existing suppliers are skipped: they are neither screened nor validated.');
  if (plan.screening) {
    const s = plan.screening;
    lines.push(
      `  ${plural(s.suppliers, 'screening')} for ${s.periodInYears} years will be ordered. Each may cost money or quota.`,
    );
    if (s.existing > 0)
      lines.push(
        `  ${n(s.existing)} of them ${s.existing === 1 ? 'is' : 'are'} for suppliers that exist already and may have been screened before; add --skip-existing to leave them out.`,
      );
  } else lines.push('  No screening is ordered.');
  lines.push(
    plan.validation
      ? `  A validation is requested for ${plural(plan.validation.suppliers, 'supplier')} (${n(plan.validation.existing)} of them existing).`
      : '  No validation is requested.',
  );
  const parts: string[] = [];
  if (d.reads > 0) parts.push(`checking ${n(d.reads)} identifiers: ${short(d.checkMs)}`);
  if (d.writes > 0)
    parts.push(
      `sending ${plural(d.writes, 'request')} at up to ${n(Math.round(d.writesPerMinute))}/min: ${short(d.sendMs)}`,
    );
  if (d.platformMs > 0) parts.push(`then the platform's processing: ${short(d.platformMs)}`);
  lines.push(
    `  Expected duration: ${d.totalMs < 500 ? 'under 1s' : `about ${formatDuration(d.totalMs)}`}${parts.length ? ` (${parts.join('; ')})` : ''}.`,
  );
  if (d.sharedWithJobs > 0)
    lines.push(
      `  ${plural(d.sharedWithJobs, 'other job runs', 'other jobs run')} on this connection and share its limit.`,
    );
  for (const o of plan.overlaps) {
    lines.push(
      `  Warning: job ${o.jobId} "${o.jobName}" (${o.running ? 'running' : o.jobState.replace(/_/g, ' ')}) holds ${plural(o.rows, 'of these suppliers', 'of these suppliers')} (same supplier id and source), e.g. ${o.examples.join(', ')}.`,
    );
  }
  if (plan.heldRows > 0)
    lines.push(
      sendHeld
        ? `  --send-held: those ${plural(plan.heldRows, 'row is', 'rows are')} sent in this job as well; the suppliers may get two screenings or validations.`
        : `  Those ${plural(plan.heldRows, 'row is', 'rows are')} left out of this job (skipped, with the other job named in the results); add --send-held to send them anyway.`,
    );
  return lines;
}

/** What needs the user's yes, in one sentence (for the refusal without a terminal). */
export function whatNeedsConfirming(plan: JobPlanView): string {
  const parts: string[] = [];
  if (plan.screening && plan.screening.suppliers > 0)
    parts.push(
      `orders ${plural(plan.screening.suppliers, 'screening')} for ${plan.screening.periodInYears} years, which may cost money`,
    );
  if (plan.heldRows > 0)
    parts.push(
      `has ${plural(plan.heldRows, 'supplier')} another unfinished job is working on (${plan.overlaps.map((o) => o.jobId).join(', ')})`,
    );
  return `This start ${parts.join(' and ')}.`;
}

/** Asks a yes/no question on the terminal; Enter gives `byDefault`. */
export async function askYesNo(question: string, byDefault: boolean): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // The input ending, or Ctrl-C at the question, is a no.
  const closed = new Promise<string>((resolve) => rl.once('close', () => resolve('n')));
  rl.on('SIGINT', () => rl.close());
  try {
    const answer = (
      await Promise.race([rl.question(`${question} ${byDefault ? '[Y/n]' : '[y/N]'} `), closed])
    )
      .trim()
      .toLowerCase();
    if (!answer) return byDefault;
    return ['y', 'yes', 'j', 'ja'].includes(answer);
  } finally {
    rl.close();
  }
}
