// The one place that reads the API's own English text. The API documents codes for few of its
// refusals; where it does not, what the app does next depends on the words of the message (or the
// name of a permission). Everything that reads them lives here, with its tests, so that the rest
// of the app works with classes of answers, never with sentences.

/** A 400 of find-by-identifier: several suppliers match, unless the server clearly says
 *  something else (the identifier sent is always well formed, validated before). */
export function saysAmbiguous(code: string, message: string): boolean {
  const text = `${code} ${message}`.toLowerCase();
  return (
    /several|multiple|more than one|ambiguous|matches/.test(text) || code !== 'invalid_request'
  );
}

/** The number of matches a message names ("3 suppliers match"), when it names one. */
export function countInMessage(message: string): number | undefined {
  const m = /\(?(\d+)\)?\s+(?:suppliers?|sites?|match(?:es)?|targets?)\b/i.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** Why a validation request was refused with 400, where the message says. */
export type ValidationRefusal = 'already_validated' | 'screening_running' | 'request_pending';

export function validationRefusal(message: string): ValidationRefusal | undefined {
  if (/already.*validated|fully validated/i.test(message)) return 'already_validated';
  if (/screening/i.test(message)) return 'screening_running';
  if (/pending/i.test(message)) return 'request_pending';
  return undefined;
}

/** What a 403's permission name is about: screening, validation, the entitlement to ask for
 *  them together with a creation, or (no name) unknown. */
export function permissionTopics(permission: string | undefined): {
  named: boolean;
  screening: boolean;
  validation: boolean;
  entitlement: boolean;
} {
  const p = (permission ?? '').toUpperCase();
  return {
    named: p !== '',
    screening: p.includes('SCREEN'),
    validation: p.includes('VALID'),
    entitlement: p.includes('ENTITLE'),
  };
}
