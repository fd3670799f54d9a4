// The one message catalogue: every sentence the user reads, in English and German, for the
// renderer, the command line and the results workbook alike. Each area keeps its words in its own
// file here; German must carry every English key of each area (the type says so), so a missing
// translation is a compile error. Placeholders are written {name}.
//
// Counts: a sentence with a count says it in the form of its language's plural rules, written as
// ICU plural syntax, `{n, plural, one {# row} other {# rows}}` (German `{n, plural, one {# Zeile}
// other {# Zeilen}}`); `=0 {no rows}` picks an exact value first. The form is chosen with
// Intl.PluralRules of the language. The rule for the value of a count: pass the number itself,
// and `#` shows it as the language writes numbers (1,234 or 1.234). A count already formatted by
// the caller (`num(n)`, "1,234") is shown as given and its form chosen from its digits, so a
// formatted whole number works too; any other text takes the `other` form. The count the noun
// follows decides its form ("{done} of {total, plural, …}"); a verb that agrees with a count goes
// inside its plural ("{n, plural, one {# row has} other {# rows have}}"). Inside a plural `#` is
// always the count, so a literal # stays outside it. test/shared/plurals.test.ts fills every
// sentence of the catalogue with 0, 1 and 2 and fails on "1 rows" or "1 Zeilen".
//
// The services never hand the user a sentence of their own: they return data, `{code, params}`
// (an error, a row problem, a note, a reason, a warning), and whoever shows it words it here in
// the user's language. The English sentence the services may still carry beside the code is for
// logs, and for journals written before a code had words.
import * as base from './base';
import * as cli from './cli';
import * as connection from './connection';
import * as desktop from './desktop';
import * as duplicates from './duplicates';
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
  ...duplicates.en,
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
  ...duplicates.de,
};

export const messages: Record<Lang, Record<MessageKey, string>> = { en, de };

export type Params = Record<string, string | number>;

/** What the services say, as data: a catalogue code and the values of its placeholders. */
export interface Message {
  code: string;
  params?: Params;
}

const LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-DE' };
const pluralRules = new Map<Lang, Intl.PluralRules>();
const numberFormats = new Map<Lang, Intl.NumberFormat>();

function rules(lang: Lang): Intl.PluralRules {
  let r = pluralRules.get(lang);
  if (!r) pluralRules.set(lang, (r = new Intl.PluralRules(LOCALES[lang])));
  return r;
}

/** A number as the language writes it (1,234 or 1.234). */
export function formatCount(lang: Lang, value: number): string {
  let f = numberFormats.get(lang);
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(LOCALES[lang])));
  return f.format(value);
}

/** The numeric value of a count: the number, or the whole number a formatted count shows. */
function countValue(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const digits = value.replace(/[^\d]/g, '');
  if (!digits || /[^\d\s.,'\u00a0\u202f-]/.test(value.trim())) return undefined;
  return (value.trim().startsWith('-') ? -1 : 1) * Number(digits);
}

/** The index of the brace that closes the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The options of a plural (`one {…} other {…}`) by their selector. */
function pluralOptions(body: string): Map<string, string> | undefined {
  const options = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const m = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!m) return body.slice(i).trim() ? undefined : options;
    const open = i + m[0].length - 1;
    const end = closing(body, open);
    if (end < 0) return undefined;
    options.set(m[1]!, body.slice(open + 1, end));
    i = end + 1;
  }
  return options;
}

/** Replaces each `{name, plural, …}` by its form for the value of `name`; one without a value
 *  becomes `{name}`, a placeholder without a value. */
function plurals(text: string, params: Params, lang: Lang): string {
  let out = '';
  let from = 0;
  const start = /\{(\w+),\s*plural,/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const end = closing(text, m.index);
    if (end < 0) break;
    const name = m[1]!;
    const options = pluralOptions(text.slice(m.index + m[0].length, end));
    if (!options) continue;
    out += text.slice(from, m.index);
    from = end + 1;
    start.lastIndex = end + 1;
    const raw = params[name];
    if (raw === undefined) {
      out += `{${name}}`;
      continue;
    }
    const value = countValue(raw);
    const shown = typeof raw === 'number' ? formatCount(lang, raw) : raw;
    const form =
      (value === undefined ? undefined : options.get(`=${value}`)) ??
      options.get(value === undefined ? 'other' : rules(lang).select(value)) ??
      options.get('other') ??
      '';
    out += plurals(form, params, lang).replace(/#/g, shown);
  }
  return out + text.slice(from);
}

/** Fills `{name}` placeholders and `{name, plural, …}` counts (see the top of this file); a
 *  placeholder without a value stays as written. */
export function fill(text: string, params?: Params, lang: Lang = 'en'): string {
  if (!text.includes('{')) return text;
  const values = params ?? {};
  return plurals(text, values, lang).replace(/\{(\w+)\}/g, (m, name: string) =>
    values[name] !== undefined ? String(values[name]) : m,
  );
}

export function hasKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A registered kind's words (src-main/kinds/registry.ts registerKind): new keys only, each in
 *  English and German. Keys added so are read as every other (`word`, `wordCode`, `hasKey`). */
export function addWords(words: Record<Lang, Record<string, string>>): void {
  const keys = Object.keys(words.en);
  const missing = keys.filter((k) => words.de[k] === undefined);
  const extra = Object.keys(words.de).filter((k) => words.en[k] === undefined);
  if (missing.length || extra.length)
    throw new Error(`words in one language only: ${[...missing, ...extra].join(', ')}`);
  const known = keys.filter(hasKey);
  if (known.length) throw new Error(`words known already: ${known.join(', ')}`);
  for (const lang of LANGS) Object.assign(messages[lang], words[lang]);
}

/** A catalogue entry in a language, filled in. */
export function word(lang: Lang, key: MessageKey, params?: Params): string {
  const text = messages[lang][key];
  return text !== undefined ? fill(text, params, lang) : fill(messages.en[key] ?? key, params);
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
