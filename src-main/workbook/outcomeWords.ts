// The words a results workbook says a row's state and its screening and validation outcomes in:
// the catalogue's, in the job's language, never the journal's or the API's code (the API's own
// word stands beside its word, so that the platform's screens and support can be matched).
import type { RowDuplicates } from '../../src-shared/duplicates';
import { errorCatalogue } from '../../src-shared/errors';
import { hasKey, word, wordFailure, type Lang, type MessageKey } from '../../src-shared/i18n';
import { OUTCOME_STATUSES, type OutcomeStage } from '../../src-shared/outcomes';

/** The Status of a done row whose screening found something (src-shared/outcomes.ts
 *  `hasScreeningFindings`): the user reviews the findings. */
export const FINDINGS_STATUS = 'screening_findings';
/** The Status of a done row whose screening or validation ended in a status the app does not
 *  know: a person reads it on the platform. */
export const REVIEW_STATUS = 'needs_review';

/** The export's own row states beside the journal's (src-main/services/onboarding/results.ts):
 *  a done row whose outcome needs the user. */
const EXPORT_STATUS_KEY: Record<string, MessageKey> = {
  [FINDINGS_STATUS]: 'results.status.screening_findings',
  [REVIEW_STATUS]: 'rowState.needs_review',
  validation_rejected: 'rowState.validation_rejected',
  screening_aborted: 'rowState.screening_aborted',
};

/** A row's Status: the state's word; a state the catalogue does not know as it was written. */
export function statusWord(status: string, lang: Lang): string {
  const own = EXPORT_STATUS_KEY[status];
  if (own) return word(lang, own);
  const key = `rowState.${status}`;
  return hasKey(key) ? word(lang, key) : word(lang, 'results.status.unknown', { status });
}

/** What a Status means and what to do, for the Summary sheet; '' for one that says enough. */
export function statusMeaning(status: string, lang: Lang): string {
  if (status === FINDINGS_STATUS) return word(lang, 'results.findings.next');
  if (Object.hasOwn(errorCatalogue, status)) return wordFailure(lang, { code: status });
  return '';
}

const known = (stage: OutcomeStage, status: string) =>
  (OUTCOME_STATUSES[stage] as readonly string[]).includes(status);

/** An outcome's word with the API's own beside it: "No findings (NoFindings)", "Keine Treffer
 *  (NoFindings)". `OnCreate` is the app's own mark, not the API's: its word alone. A status the
 *  app does not know is kept and flagged for review, never dropped. */
export function outcomeWord(stage: OutcomeStage, status: string, lang: Lang): string {
  if (!known(stage, status)) return word(lang, 'results.outcome.unknown', { status });
  const text = word(lang, `outcome.${stage}.${status}` as MessageKey);
  return status === 'OnCreate' ? text : `${text} (${status})`;
}

/** What an outcome means and what to do, for the Summary sheet. */
export function outcomeMeaning(stage: OutcomeStage, status: string, lang: Lang): string {
  return known(stage, status)
    ? word(lang, `outcome.${stage}.${status}.help` as MessageKey)
    : word(lang, `outcome.${stage}.unknown.help`, { status });
}

/** An error code's line on the Summary sheet: the first words of what it means, the code (as the
 *  Error code column has it) in brackets. */
export function errorCodeLabel(code: string, lang: Lang): string {
  // The export's own states are error codes too: their Status word names them.
  if (Object.hasOwn(EXPORT_STATUS_KEY, code)) return `${statusWord(code, lang)} (${code})`;
  // An invalid row's code: its values have problems (the code's own sentence is a request's).
  if (code === 'invalid_input') return word(lang, 'results.summary.invalidInput', { code });
  if (!Object.hasOwn(errorCatalogue, code))
    return word(lang, 'results.summary.otherError', { code });
  const meaning = wordFailure(lang, { code });
  // The first clause names the error; the rest says what to do (the Meaning column has it all).
  const head = /^[^.:;!?]+/.exec(meaning)?.[0]?.trim() ?? meaning;
  return `${head} (${code})`;
}

/** A Supplier outcome (resultColumns.ts SUPPLIER_OUTCOME, or a kind's own outcome) in the
 *  workbook's language: the catalogue's `results.supplier.<value>`, which the kind whose
 *  outcome it is gives; a value without words as it was written. */
export function supplierWord(value: string, lang: Lang): string {
  const key = `results.supplier.${value}`;
  return hasKey(key) ? word(lang, key as MessageKey) : value;
}

/** The Likely duplicate of cell in the workbook's language: the others of the row's group, the
 *  platform's suppliers it likely is, separated by `; `; empty when none. */
export function duplicateOfText(d: RowDuplicates | null | undefined, lang: Lang): string {
  if (!d) return '';
  return [
    ...(d.rows ?? []).map((r) => word(lang, 'results.duplicateOf.row', { row: r.sourceRow })),
    ...(d.moreRows ? [word(lang, 'results.duplicateOf.moreRows', { n: d.moreRows })] : []),
    ...(d.base ?? []).map((b) => word(lang, 'results.duplicateOf.platform', { id: b.platformId })),
  ].join('; ');
}
