// What the services report, worded for the user: row problems, import notes, the reasons of a
// job's state, warnings, a row's errors and history, and the built-in practice connection's name.
// Each is data (`{code, params}`) worded by the catalogue of src-shared/i18n in the user's
// language; a report the catalogue has no words for yet shows the English sentence it came with.
import type { ConnectionView, RowView } from '../../src-shared/contract';
import { paramsOf } from '../../src-shared/errors';
import { hasKey, messages, wordFailure } from '../../src-shared/i18n';
import { reportedNoteText, reportedProblemText } from '../../src-shared/i18n/reported';
import { i18n, label, t, tm, type Params } from './i18n.svelte';

interface ProblemReport {
  code?: string | undefined;
  params?: Params | undefined;
  message: string;
  /** What to do, when the services give it apart from the sentence. */
  fix?: string | undefined;
}

/** A row problem and what to do about it (`problem.<code>` and `problem.<code>.fix`). */
export function problemText(p: ProblemReport): string {
  return reportedProblemText(i18n.lang, p);
}

/** A row problem in a line: its kind first, in the user's language, then the sentence. */
export function problemLine(p: ProblemReport): string {
  return p.code ? `${label('problemKind', p.code)}: ${problemText(p)}` : problemText(p);
}

/** A row's error (an error code of src-shared/errors, `failure.<code>`; for a scores row, the
 *  API's reason a score was not written, `scores.rejected.<reason>`). */
export function rowErrorText(
  row: Pick<RowView, 'errorCode' | 'errorMessage'> & { errorParams?: Params | null },
): string {
  if (!row.errorMessage) return '';
  if (!row.errorCode) return row.errorMessage;
  if (!hasKey(`failure.${row.errorCode}`)) {
    const rejected = scoreRejectionText(row.errorCode, row.errorMessage, row.errorParams);
    if (rejected) return rejected;
  }
  return wordFailure(i18n.lang, {
    code: row.errorCode,
    params: row.errorParams,
    message: row.errorMessage,
  });
}

/** The values an English sentence was filled with, read back against the catalogue entry it
 *  was built from; undefined when it was not built from that entry. */
function filledFrom(template: string, sentence: string): Params | undefined {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.*?)';
    })
    .join('');
  const m = new RegExp(`^${source}$`, 's').exec(sentence.trim());
  return m ? Object.fromEntries(names.map((name, i) => [name, m[i + 1] ?? ''])) : undefined;
}

/** A score the API did not write: the row's error carries the API's reason as its code and the
 *  English sentence of `scores.rejected.<reason>` (or `.other`, `.not_settled`), without its
 *  values, so they are read back from that sentence to word it in the user's language. */
function scoreRejectionText(
  code: string,
  message: string,
  params: Params | null | undefined,
): string | undefined {
  const keys = [`scores.rejected.${code}`, 'scores.rejected.other', 'scores.rejected.not_settled'];
  for (const key of keys) {
    if (!hasKey(key)) continue;
    const values = filledFrom(messages.en[key], message);
    if (values) return t(key, { ...values, ...params });
  }
  return undefined;
}

/** The reason of a job's state (`reason.<code>`). */
export function reasonText(reason: { code: string; params?: Params; message: string }): string {
  return tm('reason', reason);
}

/** A warning for the user (`warning.<code>`). */
export function warningText(w: { code?: string; params?: Params; message?: string }): string {
  return w.code ? tm('warning', { ...w, code: w.code }) : (w.message ?? '');
}

/** The connection's name: the built-in practice connection is named by the catalogue. */
export function connectionName(
  c: Pick<ConnectionView, 'name' | 'isSandbox'> | undefined,
  none = '',
): string {
  if (!c) return none;
  return c.isSandbox ? t('connection.practiceName') : c.name;
}

/** A job's connection by name, as the job view carries it. */
export function jobConnectionName(job: { connectionName: string; isSandbox: boolean }): string {
  return connectionName({ name: job.connectionName, isSandbox: job.isSandbox });
}

// ---- a row's history ------------------------------------------------------------------------

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/** An event's reason (`history.<code>`), or the English sentence of a journal written before
 *  reasons had codes (an older journal kept the code itself in `reason`). */
function reasonOf(kind: string, detail: Record<string, unknown>): string | undefined {
  const message = str(detail.reason);
  const legacy = message && /^[a-z_]+$/.test(message) ? message : undefined;
  const code =
    str(detail.reasonCode) ?? (kind === 'transition' ? (str(detail.code) ?? legacy) : undefined);
  if (code) return tm('history', { code, params: paramsOf(detail.params), message });
  return message;
}

/** One event of a row's history in words: what moved it, what was sent, what came back. */
export function historyText(kind: string, detail: Record<string, unknown>): string {
  const parts: string[] = [];
  const from = str(detail.from);
  const to = str(detail.to);
  switch (kind) {
    case 'request': {
      const endpoint = str(detail.endpoint) ?? [str(detail.method), str(detail.path)].join(' ');
      parts.push(endpoint.trim());
      const attempt = str(detail.attempt);
      if (attempt) parts.push(t('rowHistory.attempt', { n: attempt }));
      break;
    }
    case 'response': {
      const status = str(detail.status);
      if (status) parts.push(t('rowHistory.status', { status }));
      const found = str(detail.found);
      if (found) parts.push(t('rowHistory.found', { id: found }));
      for (const stage of ['screening', 'validation'] as const) {
        const s = str(detail[stage]);
        if (s)
          parts.push(
            `${t(stage === 'screening' ? 'rows.screening' : 'rows.validation')}: ${label(
              `outcome.${stage}`,
              s,
            )}`,
          );
      }
      if (detail.answer === 'lost') parts.push(t('rowHistory.lost'));
      break;
    }
    case 'fix': {
      const fields = Array.isArray(detail.fields)
        ? detail.fields.filter((f): f is string => typeof f === 'string')
        : [];
      if (fields.length) parts.push(fields.map((f) => label('field', f)).join(', '));
      break;
    }
  }
  if (from && to) parts.push(`${label('rowState', from)} → ${label('rowState', to)}`);
  else if (to) parts.push(label('rowState', to));
  const reason = reasonOf(kind, detail);
  if (reason) parts.push(reason);
  if (kind === 'error' || kind === 'note') {
    const message = str(detail.message);
    const code = str(detail.code);
    if (message) parts.push(code ? tm('failure', { code, message }) : message);
  }
  return parts.filter(Boolean).join(' · ');
}

/** A note of an import: on the file (`note.<kind>`) or on a row's cells (`rowNote.<kind>`). */
export function importNoteText(note: { kind: string; params?: Params; message: string }): string {
  return reportedNoteText(i18n.lang, note);
}

/** The fields whose value is a yes or a no (the payload holds true or false). */
const YES_NO_FIELDS: ReadonlySet<string> = new Set(['requestValidationOnCreate']);

/** A value as the Map screen's sample shows what is sent: a yes or a no in the user's language,
 *  any other value as it is. */
export function sentValueText(field: string, value: string): string {
  if (YES_NO_FIELDS.has(field) && (value === 'true' || value === 'false'))
    return t(value === 'true' ? 'map.value.true' : 'map.value.false');
  return value;
}
