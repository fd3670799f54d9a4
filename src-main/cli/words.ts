// The command line's words: its own sentences from the catalogue (src-shared/i18n/cli.ts), and
// what the services report (notes, row problems, reasons, warnings, errors) worded from their
// codes, in the language of LANG or LC_ALL. The key=value figures of the summary line are not
// words: they stay the same in every language.
import {
  appError,
  AppFailure,
  paramsOf,
  type AppError,
  type ErrorCode,
} from '../../src-shared/errors';
import {
  langFromEnv,
  word,
  wordFailure,
  wordMessage,
  type Lang,
  type MessageKey,
  type Params,
} from '../../src-shared/i18n';
import { reportedNoteText, reportedProblemText } from '../../src-shared/i18n/reported';

/** A sentence of the command line's own. */
export type CliKey = Extract<MessageKey, `cli.${string}`>;

/** A sentence with a form for one and one for several: `<base>.one` and `<base>.other`. */
export type CliPluralKey = {
  [K in CliKey]: K extends `${infer B}.one` ? (`${B}.other` extends CliKey ? B : never) : never;
}[CliKey];

/**
 * An error of the command line's own: an AppFailure (its code decides the exit code), with the
 * English sentence as its message and the catalogue key that words it where it is shown.
 */
export class CliFailure extends AppFailure {
  constructor(
    code: ErrorCode,
    readonly key: CliKey,
    readonly params?: Params,
    details?: Record<string, unknown>,
  ) {
    super(appError(code, word('en', key, params), details));
  }
}

/** A usage error: the options or the files named on the command line do not fit. */
export class UsageError extends CliFailure {
  constructor(key: CliKey, params?: Params) {
    super('invalid_input', key, params);
  }
}

/** What the services report, as the contract carries it. */
interface Reported {
  code: string;
  params?: Params | undefined;
  message?: string | undefined;
}

export interface Words {
  lang: Lang;
  /** A sentence of the command line. */
  t(key: CliKey, params?: Params): string;
  /** A sentence in the form for `count` (`{count}` is filled with it, as a number of the language). */
  n(base: CliPluralKey, count: number, params?: Params): string;
  /** A number as the language writes it (1,234 or 1.234). */
  num(value: number): string;
  /** A day as the language writes it (27 Nov 2026, 27.11.2026). */
  date(ms: number): string;
  /** An import note (its `kind` is the code). */
  note(note: { kind: string; params?: Params | undefined; message: string }): string;
  /** A row problem and, when the catalogue has one, the sentence that says how to fix it. */
  problem(problem: Reported): string;
  /** Why a job stopped or waits. */
  reason(reason: Reported): string;
  warning(warning: {
    code?: string | undefined;
    params?: Params | undefined;
    message: string;
  }): string;
  /** An error of the services (or the command line's own), with its reason from the details. */
  failure(error: AppError): string;
}

/** The language of this process's user: LC_ALL, LC_MESSAGES, LANG. */
export const cliLang = (): Lang => langFromEnv(process.env);

export function cliWords(lang: Lang = cliLang()): Words {
  const numbers = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB');
  const num = (value: number) => numbers.format(value);
  const days = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' });
  return {
    lang,
    t: (key, params) => word(lang, key, params),
    n: (base, count, params) =>
      word(lang, `${base}.${count === 1 ? 'one' : 'other'}` as CliKey, {
        ...params,
        count: num(count),
      }),
    num,
    date: (ms) => days.format(ms),
    note: (note) => reportedNoteText(lang, note),
    problem: (problem) => reportedProblemText(lang, problem),
    reason: (reason) => wordMessage(lang, 'reason', reason),
    warning: (warning) =>
      warning.code
        ? wordMessage(lang, 'warning', { ...warning, code: warning.code })
        : warning.message,
    failure: (error) =>
      wordFailure(lang, {
        code: error.code,
        params: paramsOf(error.details),
        message: error.message,
      }),
  };
}
