// How a running job looks on the command line: a live line with a bar on a terminal, plain log
// lines when the output is a file or a pipe, JSON lines with --json.
import type { JobProgressView } from '../../src-shared/contract';
import { PROBLEM_STATES, SETTLED_STATES } from '../../src-shared/rowStates';
import type { JobTally, RowOutcome } from '../../src-shared/tally';
import { cliWords, type CliKey, type Words } from './words';

export type OutputMode = 'tty' | 'plain' | 'json';

const GROUPS: Array<[CliKey, readonly string[]]> = [
  ['cli.count.checking', ['draft', 'valid', 'new', 'exists']],
  ['cli.count.queued', ['queued', 'identifiers_queued', 'screening_queued', 'validation_queued']],
  [
    'cli.count.sending',
    ['sending', 'identifiers_sending', 'screening_sending', 'validation_sending'],
  ],
  [
    'cli.count.inDoubt',
    ['in_doubt', 'identifiers_in_doubt', 'screening_in_doubt', 'validation_in_doubt'],
  ],
  ['cli.count.pending', ['accepted', 'pending', 'created']],
  ['cli.count.screening', ['screening_requested']],
  ['cli.count.validation', ['validation_requested']],
  ['cli.count.done', ['done', 'skipped']],
  ['cli.count.toFix', PROBLEM_STATES],
];

/** With the job's tally, the rows that ended are counted by what they came to (each once, as on
 *  every screen): done, left out, findings to review, rejected or stopped on the platform, a
 *  status to review, to fix. */
const ENDED: Array<[CliKey, RowOutcome]> = [
  ['cli.count.done', 'done'],
  ['cli.count.leftOut', 'left_out'],
  ['cli.count.notSent', 'not_sent'],
  ['cli.count.findings', 'findings'],
  ['cli.count.platform', 'platform'],
  ['cli.count.review', 'review'],
  ['cli.count.toFix', 'to_fix'],
];
const ENDED_GROUPS = new Set<CliKey>(['cli.count.done', 'cli.count.toFix']);

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export function summarizeCounts(
  counts: Record<string, number>,
  w: Words = cliWords('en'),
  tally?: JobTally | null,
): string {
  const onTheWay = GROUPS.filter(([key]) => !tally || !ENDED_GROUPS.has(key)).map(
    ([key, states]) => [w.t(key), states.reduce((a, s) => a + (counts[s] ?? 0), 0)] as const,
  );
  const ended = tally
    ? ENDED.map(([key, outcome]) => [w.t(key), tally.outcomes[outcome]] as const)
    : [];
  return [...onTheWay, ...ended]
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label} ${n}`)
    .join(' · ');
}

/** Rows that ended, of the tally (or, without one, of the settled states). */
function endedRows(p: JobProgressView): number {
  if (p.tally) return p.tally.groups.finished + p.tally.groups.to_fix;
  return SETTLED_STATES.reduce((a, s) => a + (p.counts[s] ?? 0), 0);
}

export class ProgressView {
  private lastPlain = 0;
  private lastJson = 0;
  private lastLine = '';
  private liveShown = false;

  constructor(
    private readonly mode: OutputMode,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly w: Words = cliWords('en'),
  ) {}

  /** A notable event, on its own line (warnings, state changes). */
  log(message: string, fields: Record<string, unknown> = {}): void {
    if (this.mode === 'json') {
      this.out.write(`${JSON.stringify({ type: 'log', message, ...fields })}\n`);
      return;
    }
    this.clearLive();
    this.out.write(`${message}\n`);
  }

  progress(p: JobProgressView): void {
    const now = Date.now();
    if (this.mode === 'json') {
      if (now - this.lastJson < 1_000 && p.state === 'running') return;
      this.lastJson = now;
      this.out.write(`${JSON.stringify({ type: 'progress', ...p })}\n`);
      return;
    }
    const done = endedRows(p);
    const pct = p.total ? Math.floor((done / p.total) * 100) : 0;
    const w = p.throttle.WRITE;
    const throttle = w.throttledUntil
      ? this.w.t('cli.progress.throttled', { time: formatDuration(w.throttledUntil - now) })
      : this.w.t('cli.progress.writes', {
          sent: w.sentInWindow,
          ceiling: w.ceiling,
          window: w.windowSeconds,
        });
    const rate = p.ratePerMinute ? `${Math.round(p.ratePerMinute)}/min` : '–/min';
    // The platform's part not known yet on this connection: the sending's time, and no guess.
    const parts = p.etaParts;
    const eta =
      parts && parts.etaMs === null
        ? this.w.t('cli.progress.etaSending', {
            time: formatDuration(parts.checkMs + parts.sendMs),
          })
        : this.w.t('cli.progress.eta', { time: formatDuration(p.etaMs) });
    const status = `${summarizeCounts(p.counts, this.w, p.tally)} | ${rate} ${eta} | ${throttle}${p.offline ? ` | ${this.w.t('cli.progress.offline')}` : ''}`;
    if (this.mode === 'tty') {
      const width = 24;
      const filled = Math.round((pct / 100) * width);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${status}`;
      const cols = this.out.columns || 120;
      this.out.write(`\r\x1b[2K${line.slice(0, cols - 1)}`);
      this.liveShown = true;
      return;
    }
    const line = `${pct}% ${status}`;
    if (line === this.lastLine || now - this.lastPlain < 5_000) return;
    this.lastPlain = now;
    this.lastLine = line;
    this.out.write(`${new Date(now).toISOString()} ${line}\n`);
  }

  clearLive(): void {
    if (this.mode === 'tty' && this.liveShown) {
      this.out.write('\r\x1b[2K');
      this.liveShown = false;
    }
  }
}
