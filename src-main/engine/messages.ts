// What the engine reports, as data: job state reasons, warnings and row history reasons are
// codes of the catalogue (src-shared/i18n/engine.ts) with their params. The English `message`
// beside a code (for logs and the journal) is built from the same catalogue entry.
import type { en } from '../../src-shared/i18n/engine';
import { word, type MessageKey, type Params } from '../../src-shared/i18n';
import { paramsOf, type AppError } from '../../src-shared/errors';
import { said, type Said } from '../../src-shared/i18n/said';

type Keys = keyof typeof en;
type Suffix<P extends string> = Keys extends infer K
  ? K extends `${P}.${infer C}`
    ? C
    : never
  : never;

export type ReasonCode = Suffix<'reason'>;
export type WarningCode = Suffix<'warning'>;
export type { HistoryCode } from '../../src-shared/i18n/engine';

/** A code with its params and English sentence (see src-shared/i18n/said.ts). */
export type CodedMessage = Said;

export function reason(code: ReasonCode, params?: Params): CodedMessage {
  return said('reason', code, params);
}

export function warningOf(code: WarningCode, params?: Params): CodedMessage {
  return said('warning', code, params);
}

/** An error of the error catalogue as a job state reason: its details' plain values become
 *  the params its words are filled with. */
export function errorReason(error: AppError): CodedMessage {
  const params = paramsOf(error.details);
  return coded(error.code, Object.keys(params).length ? params : undefined, error.message);
}

function coded(code: string, params: Params | undefined, message: string): CodedMessage {
  return params ? { code, params, message } : { code, message };
}

/** An entry of the failure catalogue: `<code>` or `<code>.<reason>` (`failure.<entry>`). */
export type FailureEntry = MessageKey extends infer K
  ? K extends `failure.${infer E}`
    ? E
    : never
  : never;

/** A row's error as data: its code, the values of its sentence's placeholders (with `reason`
 *  for a case of the code) and the English sentence, from one catalogue entry. */
export interface RowError {
  errorCode: string;
  errorMessage: string;
  errorParams: Params | null;
}

export function rowError(entry: FailureEntry, params?: Params): RowError {
  const [code = entry, reason] = entry.split(/\.(.*)/s);
  const all: Params = { ...params, ...(reason ? { reason } : {}) };
  return {
    errorCode: code,
    errorMessage: word('en', `failure.${entry}`, params),
    errorParams: Object.keys(all).length ? all : null,
  };
}
