// What the client says about an answer besides its meaning: an endpoint the API deprecates or
// retires, and fields the published document lists but an answer lacks (or the other way round).
// Each is said once per client.
import type { AnswerInfo } from './answers';
import type { ApiWarning } from './client';
import type { FieldGroup } from './classify';
import { scrub } from './network';
import { HEADERS } from './wire';

export class AnswerWarnings {
  private readonly warned = new Set<string>();

  constructor(private readonly onWarning: ((warning: ApiWarning) => void) | undefined) {}

  /**
   * Says once per field (and client) that an answer lacks a field the published document
   * requires or carries one it does not name: the answer is used all the same, since the app's
   * own schema accepted it.
   */
  noteFields(endpoint: string, groups: FieldGroup[]): void {
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
        for (const r of fields.required) if (!(r in o)) absent.add(r);
      }
      for (const name of absent) fresh('missing', label + name, missing);
      for (const name of seen) if (!known.has(name)) fresh('unknown', label + name, unknown);
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
        `The API answered ${endpoint} with fields this app does not know (${unknown.join(', ')}). They are ignored; nothing to do.`,
      );
  }

  headerInfo(headers: Headers, endpoint: string, token: string): AnswerInfo {
    const info: AnswerInfo = {};
    const read = (name: string) => {
      const v = headers.get(name);
      return v === null ? null : scrub(v, token);
    };
    const location = read(HEADERS.location);
    const sunset = read(HEADERS.sunset);
    const deprecation = read(HEADERS.deprecation);
    if (location) info.location = location;
    if (sunset) info.sunset = sunset;
    if (deprecation) info.deprecation = deprecation;
    if ((sunset || deprecation) && this.onWarning && !this.warned.has(endpoint)) {
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
