// The summary before a start and its confirmation, and the command that continues a job later.
import { typedChange } from '../../src-shared/contract';
import type { Onboarding } from '../services/onboarding';
import type { Args } from './args';
import { askCount, askYesNo, planLines, saidText, whatNeedsConfirming } from './planText';
import type { OutputMode, ProgressView } from './progressView';
import type { CliPluralKey, Words } from './words';

/** How many of a deactivation's suppliers the summary lists by name. */
const TARGETS_SHOWN = 20;

/** The suppliers a change confirmed by its typed count acts on (an identifiers job's removals:
 *  the identifier and its supplier), one line each, as the check matched them, under the
 *  heading its kind names (`typed.targets`: `cli.plan.<targets>`; else a kind-neutral one). */
export function targetLines(
  targets: ReturnType<Onboarding['targets']>,
  w: Words,
  heading: string | undefined,
): string[] {
  if (!targets.total) return [];
  const lines = [w.n(`cli.plan.${heading ?? 'matched'}` as CliPluralKey, targets.total)];
  for (const r of targets.rows) {
    const params = {
      row: r.sourceRow,
      name: r.name ?? '–',
      place: [r.city, r.countryCode].filter(Boolean).join(', ') || '–',
      platformId: r.platformId ?? '–',
    };
    const id = r.identifier;
    lines.push(
      id
        ? w.t('cli.plan.removal', {
            ...params,
            type: id.type,
            id: id.source ? `${id.id} (${id.source})` : id.id,
          })
        : w.t('cli.plan.target', params),
    );
  }
  const more = targets.total - targets.rows.length;
  if (more > 0) lines.push(w.n('cli.plan.targetsMore', more));
  return lines;
}

/**
 * Prints the summary before the start and gets it confirmed: --yes, or y on a terminal (a
 * deactivation: its number typed) (asked
 * before every first start, and before a resume only when it orders more than was confirmed or
 * meets another job's suppliers). Without a terminal the start goes on only when nothing needs
 * confirming; else it is refused with the sentence naming --yes. Rows another unfinished job
 * holds are left out unless --send-held.
 */
export async function confirmStart(
  onboarding: Onboarding,
  jobId: string,
  args: Args,
  mode: OutputMode,
  view: ProgressView,
  w: Words,
  stopped: () => boolean,
): Promise<'go' | 'declined' | 'refused'> {
  const plan = onboarding.plan(jobId);
  // A change confirmed by its number (a deactivation) names whom it changes before its number
  // is asked for or --yes is taken.
  const typed = typedChange(plan);
  const toType = typed?.typed && typed.count > 0 ? { ...typed.typed, count: typed.count } : null;
  const targets = toType ? onboarding.targets(jobId, TARGETS_SHOWN) : undefined;
  if (mode === 'json') view.log('Before you start', { plan, ...(targets ? { targets } : {}) });
  else {
    for (const line of planLines(plan, args.sendHeld, w)) view.log(line);
    if (targets) for (const line of targetLines(targets, w, toType?.targets)) view.log(line);
  }
  const leaveOutHeld = plan.heldRows > 0 && !args.sendHeld;
  const terminal = mode !== 'json' && process.stdin.isTTY === true;
  const firstStart = plan.rows.underway === 0;
  let confirmed = args.yes;
  // Such a change is confirmed by its number: the user types it (as in the app), or --yes.
  if (!confirmed && terminal && (firstStart || plan.needsConfirmation)) {
    confirmed = toType
      ? await askCount(
          saidText(
            { key: toType.ask, count: toType.count, params: { typed: String(toType.count) } },
            w,
          ),
          toType.count,
        )
      : plan.paidToConfirm > 0
        ? await askCount(
            w.n('cli.confirm.askPaid', plan.paidToConfirm, {
              typed: String(plan.paidToConfirm),
            }),
            plan.paidToConfirm,
          )
        : await askYesNo(w.t('cli.confirm.ask'), false, w);
    if (!confirmed || stopped()) return 'declined';
  } else if (!confirmed && plan.needsConfirmation) {
    // A job this command made is cancelled, so that running it again with --yes does not meet
    // it as another job holding the same suppliers; a resumed one stays as it was.
    const made = args.resume === undefined && args.retryFrom === undefined;
    if (made) await onboarding.cancel(jobId);
    console.error(
      w.t('cli.confirm.refused', {
        what: whatNeedsConfirming(plan, w),
        cancelled: made ? w.t('cli.confirm.cancelled', { job: jobId }) : '',
        held: plan.heldRows > 0 ? w.t('cli.confirm.addSendHeld') : '',
      }),
    );
    return 'refused';
  }
  if (stopped()) return 'declined';
  const { leftOut } = onboarding.confirmStart(jobId, {
    confirmed,
    leaveOutHeld,
    // The number typed (or --yes): the kind's typed change, or the paid orders (never both).
    ...(confirmed ? { confirmedCount: toType?.count || plan.paidToConfirm } : {}),
  });
  if (leftOut > 0) view.log(w.n('cli.confirm.leftOut', leftOut));
  return 'go';
}

/** The options a later `--resume` needs to find the same journal and token. */
export function resumeCommand(args: Args, jobId: string): string {
  const quote = (v: string) => (/^[\w./:@=+-]+$/.test(v) ? v : `"${v}"`);
  const parts = ['--resume', jobId];
  if (args.dataDirOption) parts.push('--data-dir', quote(args.dataDirOption));
  if (args.journal) parts.push('--journal', quote(args.journal));
  if (args.tokenEnv) parts.push('--token-env', quote(args.tokenEnv));
  if (args.sandboxProcessingMs !== undefined)
    parts.push('--sandbox-processing-ms', String(args.sandboxProcessingMs));
  if (args.json) parts.push('--json');
  return parts.join(' ');
}

/** What to run after a results file could not be written (`blocked`, before anything is sent) or
 *  to write it again elsewhere: a job is resumed from its journal; a dry run keeps no journal (its
 *  own is removed when it ends), so it is run again whole, never resumed. */
export function resultsNextStep(
  w: Words,
  args: Args,
  jobId: string,
  format: 'xlsx' | 'csv',
  blocked: boolean,
): string {
  if (args.dryRun) return w.t(blocked ? 'cli.run.exportBlockedDryRun' : 'cli.results.againDryRun');
  if (blocked) return w.t('cli.run.exportBlocked', { command: resumeCommand(args, jobId), format });
  return w.t(format === 'csv' ? 'cli.results.againCsv' : 'cli.results.againXlsx', {
    command: resumeCommand(args, jobId),
  });
}
