// The language of the interface: English or German from the one catalogue in src-shared/i18n,
// chosen from the system language, switchable, and remembered on this computer.
import {
  messages,
  pickLang as pick,
  word,
  wordCode,
  type Lang,
  type MessageKey,
  type Params,
} from '../../src-shared/i18n';

const STORAGE_KEY = 'supplier-onboarding.lang';

function stored(): Lang | undefined {
  try {
    return pick(localStorage.getItem(STORAGE_KEY) ?? undefined);
  } catch {
    return undefined;
  }
}

class I18n {
  #lang = $state<Lang>(stored() ?? pick(navigator.language) ?? 'en');
  #chosen = stored() !== undefined;

  get lang(): Lang {
    return this.#lang;
  }
  /** A BCP 47 tag for Intl formatting. */
  get locale(): string {
    return this.#lang === 'de' ? 'de-DE' : 'en-GB';
  }

  /** The system language the services report, unless the user chose one. */
  adoptSystem(tag: string | undefined): void {
    const lang = pick(tag);
    if (!this.#chosen && lang && !pick(navigator.language)) this.#lang = lang;
  }

  set(lang: Lang): void {
    this.#lang = lang;
    this.#chosen = true;
    document.documentElement.lang = lang;
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this page only.
    }
  }
}

export const i18n = new I18n();

export type { Params };

/** The message in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params?: Params): string {
  return word(i18n.lang, key, params);
}

/** A label for a value from an open set (row states, check keys): its message, or the value. */
export function label(prefix: string, value: string): string {
  const key = `${prefix}.${value}` as MessageKey;
  return key in messages.en ? t(key) : value.replaceAll('_', ' ');
}

type Reported = { code: string; params?: Params | undefined; message?: string | undefined };

/** The catalogue's words for what the services reported (`<prefix>.<code>`, the first prefix
 *  that has the code), in the current language; undefined when the catalogue has no entry, or
 *  when its entry needs a value the report does not carry (an older journal's report). */
export function worded(prefix: string | readonly string[], message: Reported): string | undefined {
  return wordCode(i18n.lang, prefix, message.code, message.params);
}

/** What the services reported (`{code, params}`, see src-shared/i18n), in the current language:
 *  the catalogue's `<prefix>.<code>`, else the English sentence it came with. */
export function tm(prefix: string | readonly string[], message: Reported): string {
  return worded(prefix, message) ?? (message.message?.trim() || message.code.replaceAll('_', ' '));
}
