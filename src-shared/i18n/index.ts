// The one message catalogue: every sentence the user reads, in English and German, for the
// renderer, the command line and the results workbook alike. Each area keeps its words in its own
// file here; German must carry every English key of each area (the type says so), so a missing
// translation is a compile error. Placeholders are written {name}.
//
// The services never hand the user a sentence of their own: they return data, `{code, params}`
// (an error, a row problem, a note, a reason, a warning), and whoever shows it words it here in
// the user's language. The English sentence the services may still carry beside the code is for
// logs, and for journals written before a code had words.
import * as base from './base';
import * as cli from './cli';
import * as connection from './connection';
import * as desktop from './desktop';
import * as engine from './engine';
import * as errors from './errors';
import * as importWords from './import';
import * as kinds from './kinds';
import * as results from './results';
import * as scores from './scores';
import * as ui from './ui';

export type Lang = 'en' | 'de';
export const LANGS: readonly Lang[] = ['en', 'de'];

const en = {
  ...ui.en,
  ...errors.en,
  ...connection.en,
  ...desktop.en,
  ...importWords.en,
  ...engine.en,
  ...results.en,
  ...cli.en,
  ...base.en,
  ...kinds.en,
  ...scores.en,
};
export type MessageKey = keyof typeof en;
const de: Record<MessageKey, string> = {
  ...ui.de,
  ...errors.de,
  ...connection.de,
  ...desktop.de,
  ...importWords.de,
  ...engine.de,
  ...results.de,
  ...cli.de,
  ...base.de,
  ...kinds.de,
  ...scores.de,
};

export const messages: Record<Lang, Record<MessageKey, string>> = { en, de };

export type Params = Record<string, string | number>;

/** What the services say, as data: a catalogue code and the values of its placeholders. */
export interface Message {
  code: string;
  params?: Params;
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] !== undefined ? String(params[name]) : m,
  );
}

export function hasKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A catalogue entry in a language, filled in. */
export function word(lang: Lang, key: MessageKey, params?: Params): string {
  return fill(messages[lang][key] ?? messages.en[key] ?? key, params);
}

/**
 * The entry `<prefix>.<code>` of the first prefix that has one, filled in; none when no prefix
 * has it, or when a placeholder has no value (a report from before its code had those words
 * would otherwise show a raw `{name}`).
 */
export function wordCode(
  lang: Lang,
  prefix: string | readonly string[],
  code: string,
  params?: Params,
): string | undefined {
  for (const p of typeof prefix === 'string' ? [prefix] : prefix) {
    const key = p ? `${p}.${code}` : code;
    if (!hasKey(key)) continue;
    const text = word(lang, key, params);
    return /\{\w+\}/.test(text) ? undefined : text;
  }
  return undefined;
}

/**
 * A message the services reported, in a language: the entry `<prefix>.<code>` (or the first of
 * several prefixes that has one), else the English sentence it came with, else its code.
 */
export function wordMessage(
  lang: Lang,
  prefix: string | readonly string[],
  message: { code: string; params?: Params | undefined; message?: string | undefined },
): string {
  // The English sentence a report came with is built from this catalogue, or says more (a name,
  // a line number): English keeps it; another language words the code.
  if (lang === 'en' && message.message?.trim()) return message.message.trim();
  return (
    wordCode(lang, prefix, message.code, message.params) ??
    (message.message?.trim() || message.code.replaceAll('_', ' '))
  );
}

/**
 * An error the services recorded (a row's, a history event's), in a language: the case
 * `failure.<code>.<reason>` when its params name a reason the catalogue has, else
 * `failure.<code>`, else the English sentence it came with.
 */
export function wordFailure(
  lang: Lang,
  error: { code: string; params?: Params | null | undefined; message?: string | undefined },
): string {
  if (lang === 'en' && error.message?.trim()) return error.message.trim();
  const params = error.params ?? undefined;
  const reason = params?.reason;
  return (
    (reason === undefined
      ? undefined
      : wordCode(lang, 'failure', `${error.code}.${String(reason)}`, params)) ??
    wordMessage(lang, 'failure', { ...error, params })
  );
}

/** The language of a command line: German for a `de_*` locale, English otherwise. As POSIX
 *  orders them, LC_ALL wins over LC_MESSAGES, which wins over LANG. */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^de([_.@-]|$)/i.test(tag) ? 'de' : 'en';
}

/** A language tag from a user's choice or the system (en-GB, de_DE.UTF-8, de): ours, or none. */
export function pickLang(tag: string | undefined | null): Lang | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_.@]/)[0];
  return base === 'de' ? 'de' : base === 'en' ? 'en' : undefined;
}
