// What the client says about an answer besides its meaning: an endpoint the API deprecates or
// retires, and fields the published document lists but an answer lacks (or the other way round).
// Each is said once per client. What the server wrote is never repeated whole: a date header is
// read as a date and said in the app's own form, field names are cut short and scrubbed.
import type { AnswerInfo } from './answers';
import type { ApiWarning } from './client';
import type { FieldGroup } from './classify';
import { clip, Redactor } from './network';
import { HEADERS } from './wire';

/** Field names said in one warning, at most, each at most this long. */
const MAX_NAMES = 10;
const MAX_NAME_LENGTH = 60;

/** An HTTP date (`Sunset`, RFC 8594), in the app's own form; undefined when it is not one. */
export function headerDate(value: string): string | undefined {
  const text = value.trim();
  // A structured date (`Deprecation`, RFC 9745): @ and seconds since 1970.
  const epoch = /^@(-?\d{1,12})$/.exec(text);
  const ms = epoch ? Number(epoch[1]) * 1000 : /[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toUTCString() : undefined;
}

export class AnswerWarnings {
  private readonly warned = new Set<string>();

  constructor(private readonly onWarning: ((warning: ApiWarning) => void) | undefined) {}

  /**
   * Says once per field (and client) that an answer lacks a field the published document
   * requires or carries one it does not name: the answer is used all the same, since the app's
   * own schema accepted it.
   */
  noteFields(endpoint: string, groups: FieldGroup[], redactor = new Redactor(undefined)): void {
    if (!this.onWarning) return;
    const missing: string[] = [];
    const unknown: string[] = [];
    const fresh = (kind: string, name: string, into: string[]) => {
      const key = `${endpoint}|${kind}|${name}`;
      if (this.warned.has(key)) return;
      this.warned.add(key);
      into.push(name);
    };
    for (const { objects, fields, label = '' } of groups) {
      const known = new Set<string>(fields.known);
      const seen = new Set<string>();
      const absent = new Set<string>();
      for (const o of objects) {
        if (!o || typeof o !== 'object' || Array.isArray(o)) continue;
        for (const k of Object.keys(o)) seen.add(k);
        for (const r of fields.required) {
          const specName = fields.specNames?.[r];
          if (!(r in o) && !(specName !== undefined && specName in o)) absent.add(r);
        }
      }
      for (const name of absent) fresh('missing', label + name, missing);
      // A field name of an answer is the server's text: cut short and scrubbed.
      for (const name of seen)
        if (!known.has(name))
          fresh('unknown', label + clip(redactor.scrub(name), MAX_NAME_LENGTH), unknown);
    }
    const say = (message: string) => {
      try {
        this.onWarning?.({ code: 'api_answer_fields', endpoint, message });
      } catch {
        // A listener's failure is not the request's failure.
      }
    };
    if (missing.length > 0)
      say(
        `The API answered ${endpoint} without ${missing.join(', ')}, which the published API document lists. The app does not need them and carries on; nothing to do.`,
      );
    if (unknown.length > 0)
      say(
        `The API answered ${endpoint} with fields this app does not know (${namesOf(unknown)}). They are ignored; nothing to do.`,
      );
  }

  /**
   * The headers the app reads: Location (where a created supplier waits), scrubbed; Sunset and
   * Deprecation read as dates and said in the app's own words, never the server's text.
   */
  headerInfo(headers: Headers, endpoint: string, redactor: Redactor): AnswerInfo {
    const info: AnswerInfo = {};
    const location = headers.get(HEADERS.location);
    const sunsetHeader = headers.get(HEADERS.sunset);
    const deprecationHeader = headers.get(HEADERS.deprecation);
    if (location) info.location = redactor.scrub(location);
    const sunset = sunsetHeader ? headerDate(sunsetHeader) : undefined;
    // `Deprecation: true` (earlier drafts) or a date; anything else still says "deprecated".
    const deprecation = deprecationHeader ? (headerDate(deprecationHeader) ?? 'true') : undefined;
    if (sunset) info.sunset = sunset;
    if (deprecation) info.deprecation = deprecation;
    if ((sunsetHeader || deprecation) && this.onWarning && !this.warned.has(endpoint)) {
      this.warned.add(endpoint);
      const warning: ApiWarning = {
        code: 'api_deprecated',
        endpoint,
        message: sunset
          ? `The API will retire ${endpoint} on ${sunset}. Update the app before then.`
          : `The API marks ${endpoint} as deprecated. Update the app when a new version is available.`,
      };
      if (sunset) warning.sunset = sunset;
      if (deprecation) warning.deprecation = deprecation;
      try {
        this.onWarning(warning);
      } catch {
        // A listener's failure is not the request's failure.
      }
    }
    return info;
  }
}

function namesOf(names: string[]): string {
  const shown = names.slice(0, MAX_NAMES).join(', ');
  return names.length > MAX_NAMES ? `${shown} and ${names.length - MAX_NAMES} more` : shown;
}
