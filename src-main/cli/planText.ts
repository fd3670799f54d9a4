// The summary before a start, as the command line prints it: the same figures as the app's
// "Before you start" (services/plan.ts), in sentences; and the question that confirms it.
import { createInterface } from 'node:readline/promises';
import { typedChange, type JobPlanView } from '../../src-shared/contract';
import { formatDuration } from './progressView';
import { kindOf, type Said } from '../kinds';
import { cliWords, type CliKey, type CliPluralKey, type Words } from './words';

/** A duration as the progress line writes it; a moment under a second is not "0s". */
function short(ms: number, w: Words): string {
  return ms > 0 && ms < 500 ? w.t('cli.plan.under1s') : formatDuration(ms);
}

/** The summary's lines, first the heading. `sendHeld`: the rows another job holds are sent too
 *  (--send-held), instead of being left out. */
export function planLines(
  plan: JobPlanView,
  sendHeld: boolean,
  w: Words = cliWords('en'),
): string[] {
  const d = plan.duration;
  const lines = [w.t('cli.plan.heading')];
  lines.push(
    ...kindOf(plan)
      .planSaid(plan)
      .map((s) => saidText(s, w)),
  );
  const parts: string[] = [];
  if (d.reads > 0)
    parts.push(w.t('cli.plan.checking', { count: w.num(d.reads), time: short(d.checkMs, w) }));
  if (d.writes > 0)
    parts.push(
      w.n('cli.plan.sending', d.writes, {
        rate: w.num(Math.round(d.writesPerMinute)),
        time: short(d.sendMs, w),
      }),
    );
  if (d.platformMs !== null && d.platformMs > 0)
    parts.push(w.t('cli.plan.platform', { time: short(d.platformMs, w) }));
  const about = (ms: number) =>
    ms < 500 ? w.t('cli.plan.under1s') : w.t('cli.plan.about', { time: formatDuration(ms) });
  if (d.totalMs === null) {
    // A connection never measured: what is known (the check and the sending), and no guess
    // for the platform's part.
    lines.push(
      parts.length
        ? w.t('cli.plan.durationUnknown', {
            duration: about(d.checkMs + d.sendMs),
            parts: parts.join('; '),
          })
        : w.t('cli.plan.durationNotKnown'),
    );
  } else {
    const duration = about(d.totalMs);
    lines.push(
      parts.length
        ? w.t('cli.plan.durationParts', { duration, parts: parts.join('; ') })
        : w.t('cli.plan.duration', { duration }),
    );
  }
  if (d.sharedWithJobs > 0) lines.push(w.n('cli.plan.shared', d.sharedWithJobs));
  if (
    d.writes > 0 &&
    d.measuredWritesPerMinute !== null &&
    d.measuredWritesPerMinute === d.writesPerMinute
  )
    lines.push(
      w.t(d.measuredBy === 'connection' ? 'cli.plan.measuredConnection' : 'cli.plan.measured', {
        rate: w.num(Math.round(d.measuredWritesPerMinute)),
      }),
    );
  for (const o of plan.overlaps) {
    lines.push(
      w.n('cli.plan.overlap', o.rows, {
        job: o.jobId,
        name: o.jobName,
        state: o.running ? w.t('cli.plan.running') : o.jobState.replace(/_/g, ' '),
        examples: o.examples.join(', '),
      }),
    );
  }
  lines.push(...duplicatePlanLines(plan, w));
  if (plan.heldRows > 0)
    lines.push(w.n(sendHeld ? 'cli.plan.sendHeld' : 'cli.plan.leaveHeld', plan.heldRows));
  // Suppliers an earlier job ended: in the sentence of that job's kind.
  for (const d of plan.endedBefore)
    lines.push(
      saidText(
        {
          key: d.said,
          count: d.rows,
          params: {
            job: d.jobId,
            name: d.jobName,
            date: w.date(d.at),
            examples: d.examples.join(', '),
          },
        },
        w,
      ),
    );
  return lines;
}

/** What happens to the likely duplicates: the rows that wait are not created, the decisions
 *  made (created anyway, left out, attached to the platform's supplier), and the paid work
 *  those decisions saved. */
export function duplicatePlanLines(plan: JobPlanView, w: Words = cliWords('en')): string[] {
  // A plan made before likely duplicates were found has none.
  const d = (plan as Partial<JobPlanView>).duplicates;
  const lines: string[] = [];
  if (!d) return lines;
  if (d.grouping === 'running') lines.push(w.t('cli.plan.duplicatesRunning'));
  if (d.grouping === 'pending') lines.push(w.t('cli.plan.duplicatesPending'));
  if (d.undecided > 0) lines.push(w.t('cli.plan.duplicatesWaiting', { count: d.undecided }));
  if (d.keep > 0) lines.push(w.t('cli.plan.duplicatesKept', { count: d.keep }));
  if (d.skip > 0) lines.push(w.t('cli.plan.duplicatesLeftOut', { count: d.skip }));
  if (d.attach > 0) lines.push(w.t('cli.plan.duplicatesAttached', { count: d.attach }));
  if (d.screeningsSaved > 0 || d.validationsSaved > 0)
    lines.push(
      w.t(
        d.validationsSaved === 0
          ? 'cli.plan.duplicatesSavedScreenings'
          : d.screeningsSaved === 0
            ? 'cli.plan.duplicatesSavedValidations'
            : 'cli.plan.duplicatesSaved',
        { screenings: d.screeningsSaved, validations: d.validationsSaved },
      ),
    );
  return lines;
}

/** A kind's sentence (kinds/ planSaid) in the command line's words: numbers as the language
 *  writes them. */
export function saidText(s: Said, w: Words): string {
  const params = Object.fromEntries(
    Object.entries(s.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? w.num(v) : v]),
  );
  return s.count === undefined
    ? w.t(s.key as CliKey, params)
    : w.n(s.key as CliPluralKey, s.count, params);
}

/** What needs the user's yes, in one sentence (for the refusal without a terminal). */
export function whatNeedsConfirming(plan: JobPlanView, w: Words = cliWords('en')): string {
  const parts: string[] = [];
  // Paid work: each period's screenings and the validations, in one clause.
  const paid = (plan.screening?.byPeriod ?? [])
    .filter((p) => p.suppliers > 0)
    .map((p) => w.n('cli.confirm.screening', p.suppliers, { years: p.years }));
  if (plan.validation && plan.validation.suppliers > 0)
    paid.push(w.n('cli.confirm.validation', plan.validation.suppliers));
  const last = paid.pop();
  if (last !== undefined) {
    const what = paid.length ? `${paid.join(', ')}${w.t('cli.confirm.and')}${last}` : last;
    parts.push(w.t('cli.confirm.paid', { what }));
  }
  const typed = typedChange(plan);
  if (typed?.typed && typed.count > 0)
    parts.push(saidText({ key: typed.typed.listed, count: typed.count }, w));
  if (plan.heldRows > 0)
    parts.push(
      w.n('cli.confirm.held', plan.heldRows, {
        jobs: plan.overlaps.map((o) => o.jobId).join(', '),
      }),
    );
  return w.t('cli.confirm.needs', { what: parts.join(w.t('cli.confirm.and')) });
}

/** Where a question is asked: the terminal, or the streams a test gives. */
export interface Prompt {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  terminal: boolean;
}
const TERMINAL: Prompt = { input: process.stdin, output: process.stdout, terminal: true };

/** Asks once and returns the answer, trimmed; the input ending, or Ctrl-C, is `onClose`. */
async function ask(question: string, onClose: string, where: Prompt): Promise<string> {
  const rl = createInterface(where);
  const closed = new Promise<string>((resolve) => rl.once('close', () => resolve(onClose)));
  rl.on('SIGINT', () => rl.close());
  try {
    return (await Promise.race([rl.question(`${question} `), closed])).trim();
  } finally {
    rl.close();
  }
}

/** Asks a question on the terminal and returns the answer, trimmed; the input ending, or
 *  Ctrl-C, gives `onClose`. */
export async function askText(
  question: string,
  onClose: string,
  where: Prompt = TERMINAL,
): Promise<string> {
  return ask(question, onClose, where);
}

/** Asks a yes/no question on the terminal; Enter gives `byDefault`. */
export async function askYesNo(
  question: string,
  byDefault: boolean,
  w: Words = cliWords('en'),
  where: Prompt = TERMINAL,
): Promise<boolean> {
  const hint = w.t(byDefault ? 'cli.confirm.defaultYes' : 'cli.confirm.defaultNo');
  const answer = (await ask(`${question} ${hint}`, 'n', where)).toLowerCase();
  if (!answer) return byDefault;
  return ['y', 'yes', 'j', 'ja'].includes(answer);
}

/** Asks the user to type a number to confirm it (the number of suppliers to deactivate): yes
 *  only when the typed number is that one (spaces and thousands separators allowed). */
export async function askCount(
  question: string,
  expected: number,
  where: Prompt = TERMINAL,
): Promise<boolean> {
  const answer = await ask(question, '', where);
  const digits = answer.replace(/[\s.,']/g, '');
  return /^\d+$/.test(digits) && Number(digits) === expected;
}
