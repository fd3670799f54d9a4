// The sandbox's settings: their defaults, the checks every option passes (at start and when
// changed at run time), and the API users its tokens stand for.
import { IdentifierTypesSchema } from '../../src-shared/identifierTypes';
import { SYSTEM_MODES } from './specAnswers';
import {
  PERMISSIONS,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxTokenSpec,
} from './types';

export const DEFAULTS = {
  processingMs: 5000,
  vanishShare: 0,
  screeningMs: 5000,
  validationMs: 5000,
  screeningOdds: { Finished: 0.5, NoFindings: 0.4, Aborted: 0.1 },
  validationOdds: { COMPLETED: 0.8, REJECTED: 0.2, differentOutcomeId: 0.2 },
};

export type Settings = Required<
  Pick<
    SandboxOptions,
    | 'processingMs'
    | 'vanishShare'
    | 'screeningMs'
    | 'validationMs'
    | 'screeningOdds'
    | 'validationOdds'
    | 'limits'
    | 'window'
    | 'faults'
    | 'findByIdentifierForm'
    | 'answers'
    | 'system'
    | 'paging'
    | 'createFieldNames'
    | 'identifierTypes'
    | 'externalScores'
  >
> & {
  randomSeed: number | undefined;
  log: ((line: string) => void) | undefined;
  statusAnswers: SandboxOptions['statusAnswers'];
};

export interface Caller {
  user: string;
  permissions: Set<string>;
}

export const ALL_PERMISSIONS = new Set<string>(PERMISSIONS);

function checkNumber(name: string, value: number | undefined, min: number, max = Infinity): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`Sandbox option ${name} must be a number from ${min} to ${max}.`);
  }
}

function checkLimits(limits: SandboxLimits | undefined): void {
  if (!limits) return;
  for (const group of ['GET', 'WRITE'] as const) {
    const windows = limits[group];
    if (!Array.isArray(windows) || windows.length === 0) {
      throw new RangeError(`Sandbox option limits.${group} needs at least one window.`);
    }
    for (const w of windows) {
      if (!Number.isInteger(w.limit) || w.limit < 1) {
        throw new RangeError(
          `Sandbox option limits.${group}: each limit must be a whole number >= 1.`,
        );
      }
      if (!Number.isInteger(w.windowSeconds) || w.windowSeconds < 1) {
        throw new RangeError(
          `Sandbox option limits.${group}: each windowSeconds must be a whole number >= 1.`,
        );
      }
    }
  }
}

export function checkOptions(o: Partial<SandboxOptions>): void {
  checkNumber('processingMs', o.processingMs, 0);
  checkNumber('screeningMs', o.screeningMs, 0);
  checkNumber('validationMs', o.validationMs, 0);
  checkNumber('vanishShare', o.vanishShare, 0, 1);
  checkNumber('faults.before500', o.faults?.before500, 0, 1);
  checkNumber('faults.after500', o.faults?.after500, 0, 1);
  checkNumber('faults.drop', o.faults?.drop, 0, 1);
  if (o.faults?.latencyMs) {
    const [lo, hi] = o.faults.latencyMs;
    if (!(lo >= 0 && hi >= lo)) {
      throw new RangeError(
        'Sandbox option faults.latencyMs must be [min, max] with 0 <= min <= max.',
      );
    }
  }
  checkLimits(o.limits);
  if (o.window !== undefined && o.window !== 'fixed' && o.window !== 'sliding') {
    throw new RangeError("Sandbox option window must be 'fixed' or 'sliding'.");
  }
  if (
    o.findByIdentifierForm !== undefined &&
    o.findByIdentifierForm !== 'spec' &&
    o.findByIdentifierForm !== 'list'
  ) {
    throw new RangeError("Sandbox option findByIdentifierForm must be 'spec' or 'list'.");
  }
  if (o.answers !== undefined && o.answers !== 'full' && o.answers !== 'spec') {
    throw new RangeError("Sandbox option answers must be 'full' or 'spec'.");
  }
  if (o.paging !== undefined && o.paging !== 'counted' && o.paging !== 'uncounted') {
    throw new RangeError("Sandbox option paging must be 'counted' or 'uncounted'.");
  }
  if (o.system !== undefined && !SYSTEM_MODES.includes(o.system)) {
    throw new RangeError(
      "Sandbox option system must be 'kind', 'source-name' or 'source-name-only'.",
    );
  }
  if (
    o.createFieldNames !== undefined &&
    o.createFieldNames !== 'city-address' &&
    o.createFieldNames !== 'locality-addressLine'
  ) {
    throw new RangeError(
      "Sandbox option createFieldNames must be 'city-address' or 'locality-addressLine'.",
    );
  }
  if (
    o.identifierTypes !== undefined &&
    !IdentifierTypesSchema.safeParse(o.identifierTypes).success
  ) {
    throw new RangeError(
      'Sandbox option identifierTypes must be {CUSTOMER_ID, OWN_ID}: two different names of 1 to 40 uppercase letters, digits or underscores.',
    );
  }
  for (const t of o.tokens ?? []) {
    if (typeof t.token !== 'string' || t.token.trim() === '') {
      throw new RangeError('Every sandbox token must be non-blank text.');
    }
    for (const p of t.permissions ?? []) {
      if (!ALL_PERMISSIONS.has(p)) {
        throw new RangeError(
          `Unknown sandbox permission ${p}; known ones are ${[...ALL_PERMISSIONS].join(', ')}.`,
        );
      }
    }
  }
}

/** The token of a sandbox started without tokens (tests, benchmarks, `npm run sandbox`). The
 *  app's embedded sandbox never uses it: it gets a random token per launch. */
export const DEFAULT_TOKEN = 'sandbox';

export function tokenMap(tokens: SandboxTokenSpec[] | undefined): Map<string, Caller> {
  const map = new Map<string, Caller>();
  for (const t of tokens ?? [{ token: DEFAULT_TOKEN }]) {
    map.set(t.token, {
      user: t.user ?? t.token,
      permissions: new Set(t.permissions ?? ALL_PERMISSIONS),
    });
  }
  return map;
}
