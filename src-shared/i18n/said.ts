// What the services and the engine say to the user, as data: a catalogue code and its values,
// with the English wording beside it (for logs and for readers without the catalogue). The code
// must have words in the catalogue (src-shared/i18n): a typo is a compile error.
import { word, type MessageKey, type Params } from './index';

export interface Said {
  code: string;
  params?: Params;
  message: string;
}

/** `<prefix>.<code>` worded in English, with the code and params to word it in any language. */
export function said<P extends string, C extends string>(
  prefix: P,
  code: C & (`${P}.${C}` extends MessageKey ? unknown : never),
  params?: Params,
): Said {
  const message = word('en', `${prefix}.${code}` as MessageKey, params);
  return params ? { code, params, message } : { code, message };
}
