// Command-line options of `npm run sandbox`, turned into SandboxOptions. Every mistake becomes a
// CliUsageError whose message says what to fix.
import { parseArgs } from 'node:util';
import { parseIdentifierTypes } from '../../src-shared/identifierTypes';
import { DEFAULT_LIMITS, PERMISSIONS } from './types';
import { SYSTEM_MODES } from './specAnswers';
import type {
  SandboxFaults,
  SandboxLimits,
  SandboxLimitWindow,
  SandboxOptions,
  SandboxTokenSpec,
} from './types';

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const HELP = `Usage: npm run sandbox -- [options]

A local server that behaves like the supplier API, for practice, tests and benchmarks.
It prints its tokens ("sandbox token: T"), then "sandbox listening on http://HOST:PORT" when
ready, and stops cleanly on Ctrl+C. Every request needs a token in X-Auth-Token, /__sandbox/*
included; a request addressed to another host name is answered 421, one from a web page (with
an Origin header) 403.

Options:
  --port N               Port to listen on; 0 picks a free one (default 0).
  --host H               Address to listen on (default 127.0.0.1). Requests must be addressed
                         to it (or to localhost for a loopback address); with 0.0.0.0 or ::
                         any host name is accepted and only the token guards the sandbox.
  --token T[:P,...]      An API token, repeatable. Optional permissions after a colon, from:
                         ${PERMISSIONS.join(',\n                         ')}.
                         Without permissions a token has all of them. Default: one token
                         "sandbox" with every permission and entitlement. Any token may call
                         /__sandbox/stats and /__sandbox/reset.
  --processing-ms N      Time a creation takes, New then Pending, until the supplier exists
                         (default 5000).
  --vanish-share X       Share (0..1) of creations that end without a supplier (default 0).
  --screening-ms N       Time a screening request takes to finish (default 5000).
  --validation-ms N      Time a validation request takes to resolve (default 5000).
  --screening-odds S     Weights of screening outcomes, e.g.
                         "Finished=0.5,NoFindings=0.4,Aborted=0.1" (the default).
  --validation-odds S    Weights of validation outcomes and the share of completions with a
                         different outcome id, e.g. "COMPLETED=0.8,REJECTED=0.2,differentOutcomeId=0.2"
                         (the default).
  --limits S             Rate limits per API user and method group, every window enforced, e.g.
                         "GET=100/10s,500/60s;WRITE=20/10s,100/60s" (the default). Units s, m, h.
                         WRITE covers POST, PUT, PATCH and DELETE. A group left out keeps its
                         default.
  --window fixed|sliding How requests are counted: fixed windows aligned to the clock, or exact
                         sliding windows (default fixed).
  --faults S             Injected faults, e.g. "500-before=0.02,500-after=0.02,drop=0.01,latency=20-200":
                         500-before: share of requests answered 500 without applying anything;
                         500-after: share of writes applied, then answered 500;
                         drop: share of requests whose connection is cut (writes: half of them
                         after applying); latency: extra delay range in milliseconds.
  --find-form spec|list  find-by-identifier answers as the spec says (one object; 404 none;
                         400 several) or as the published document does (a list) (default spec).
  --answers full|spec    Answer with every field of the published document, or with only what
                         api-spec.md shows, in its words (a supplier's id as id, identifiers
                         as foreignSystems; a leaner server, as the real API may be)
                         (default full).
  --system S             What foreignSystems' system holds in spec answers: kind (supplier,
                         customer, own), source-name (the source system's name, "SAP"), or
                         source-name-only (that, without source) (default kind).
  --paging P             counted: list pages say how many there are; uncounted: a page has
                         only content and number (default counted).
  --field-names N        How creates must spell city and address: city-address, or
                         locality-addressLine, which refuses city and address with a 400
                         naming them (default city-address).
  --identifier-types T   What identifier requests must call the customer id and the own id,
                         e.g. CUSTOMER_ID=CUST,OWN_ID=OWN; any other type is refused with a 400
                         naming it (default CUSTOMER_ID=CUSTOMER_ID,OWN_ID=OWN_ID).
  --seed-suppliers FILE  Suppliers to start with, from a .json or .csv file (see
                         src-main/sandbox/README.md); identifiers may be shared on purpose.
                         "sample" loads a small built-in practice base.
  --state FILE           Keep the state in this SQLite file so that a restart continues;
                         without it the state lives in memory.
  --random-seed N        Makes faults, outcomes and ids reproducible.
  --log                  Print one line per request to stderr (never the token).
  -h, --help             Show this help.
`;

export type CliCommand = { kind: 'help' } | { kind: 'run'; options: SandboxOptions; log: boolean };

const wholeNumber = (name: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
  const text = raw.trim();
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new CliUsageError(`--${name} needs a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return Number(text);
};

const share = (name: string, raw: string) => {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new CliUsageError(`${name} needs a share from 0 to 1 (such as 0.02), not "${raw}".`);
  }
  return value;
};

/** "a=1,b=2" into pairs, with the option's name in every error. */
function pairs(option: string, text: string): [string, string][] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      const at = p.indexOf('=');
      if (at < 1) {
        throw new CliUsageError(`--${option}: "${p}" must look like name=value.`);
      }
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    });
}

export function parseToken(raw: string): SandboxTokenSpec {
  const at = raw.indexOf(':');
  const token = (at < 0 ? raw : raw.slice(0, at)).trim();
  if (token === '')
    throw new CliUsageError('--token needs a token before any colon, e.g. --token mytoken.');
  if (at < 0) return { token };
  const permissions = raw
    .slice(at + 1)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of permissions) {
    if (!(PERMISSIONS as readonly string[]).includes(p)) {
      throw new CliUsageError(
        `--token ${token}: unknown permission ${p}. Use some of ${PERMISSIONS.join(', ')}.`,
      );
    }
  }
  return { token, permissions };
}

export function parseLimits(text: string): SandboxLimits {
  const limits: SandboxLimits = { GET: DEFAULT_LIMITS.GET, WRITE: DEFAULT_LIMITS.WRITE };
  const units: Record<string, number> = { s: 1, m: 60, h: 3600 };
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const at = part.indexOf('=');
    const group = part.slice(0, at).trim().toUpperCase();
    if (at < 0 || (group !== 'GET' && group !== 'WRITE')) {
      throw new CliUsageError(
        `--limits: "${part}" must start with GET= or WRITE=, e.g. "GET=100/10s,500/60s;WRITE=20/10s,100/60s".`,
      );
    }
    const windows: SandboxLimitWindow[] = part
      .slice(at + 1)
      .split(',')
      .map((w) => {
        const m = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh]?)\s*$/.exec(w);
        if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
          throw new CliUsageError(
            `--limits: "${w.trim()}" must look like 100/10s (requests per window; units s, m or h).`,
          );
        }
        return { limit: Number(m[1]), windowSeconds: Number(m[2]) * (units[m[3] || 's'] ?? 1) };
      });
    limits[group] = windows;
  }
  return limits;
}

export function parseFaults(text: string): SandboxFaults {
  const faults: SandboxFaults = {};
  for (const [name, value] of pairs('faults', text)) {
    switch (name) {
      case '500-before':
        faults.before500 = share('--faults 500-before', value);
        break;
      case '500-after':
        faults.after500 = share('--faults 500-after', value);
        break;
      case 'drop':
        faults.drop = share('--faults drop', value);
        break;
      case 'latency': {
        const m = /^(\d+)(?:-(\d+))?$/.exec(value);
        const lo = Number(m?.[1]);
        const hi = m?.[2] !== undefined ? Number(m[2]) : lo;
        if (!m || hi < lo) {
          throw new CliUsageError(
            `--faults latency needs a range in milliseconds such as 20-200, not "${value}".`,
          );
        }
        faults.latencyMs = [lo, hi];
        break;
      }
      default:
        throw new CliUsageError(
          `--faults: unknown fault "${name}". Use 500-before, 500-after, drop or latency.`,
        );
    }
  }
  return faults;
}

function parseOdds<K extends string>(option: string, text: string, keys: readonly K[]) {
  const odds: Partial<Record<K, number>> = {};
  for (const [name, value] of pairs(option, text)) {
    if (!(keys as readonly string[]).includes(name)) {
      throw new CliUsageError(`--${option}: unknown name "${name}". Use ${keys.join(', ')}.`);
    }
    odds[name as K] = share(`--${option} ${name}`, value);
  }
  return odds;
}

export function parseCli(argv: string[]): CliCommand {
  let values: ReturnType<typeof parse>['values'];
  function parse(args: string[]) {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string', multiple: true },
        'processing-ms': { type: 'string' },
        'vanish-share': { type: 'string' },
        'screening-ms': { type: 'string' },
        'validation-ms': { type: 'string' },
        'screening-odds': { type: 'string' },
        'validation-odds': { type: 'string' },
        limits: { type: 'string' },
        window: { type: 'string' },
        faults: { type: 'string' },
        'find-form': { type: 'string' },
        answers: { type: 'string' },
        system: { type: 'string' },
        paging: { type: 'string' },
        'field-names': { type: 'string' },
        'identifier-types': { type: 'string' },
        'seed-suppliers': { type: 'string' },
        state: { type: 'string' },
        'random-seed': { type: 'string' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  }
  try {
    values = parse(argv).values;
  } catch (e) {
    throw new CliUsageError(
      `${(e as Error).message.split('\n')[0]} Run with --help to see the options.`,
    );
  }
  if (values.help) return { kind: 'help' };

  const options: SandboxOptions = {};
  if (values.port !== undefined) options.port = wholeNumber('port', values.port, 0, 65535);
  if (values.host !== undefined) {
    if (values.host.trim() === '')
      throw new CliUsageError('--host needs an address such as 127.0.0.1.');
    options.host = values.host.trim();
  }
  if (values.token !== undefined) options.tokens = values.token.map(parseToken);
  if (values['processing-ms'] !== undefined) {
    options.processingMs = wholeNumber('processing-ms', values['processing-ms'], 0);
  }
  if (values['screening-ms'] !== undefined) {
    options.screeningMs = wholeNumber('screening-ms', values['screening-ms'], 0);
  }
  if (values['validation-ms'] !== undefined) {
    options.validationMs = wholeNumber('validation-ms', values['validation-ms'], 0);
  }
  if (values['vanish-share'] !== undefined) {
    options.vanishShare = share('--vanish-share', values['vanish-share']);
  }
  if (values['screening-odds'] !== undefined) {
    const o = parseOdds('screening-odds', values['screening-odds'], [
      'Finished',
      'NoFindings',
      'Aborted',
    ] as const);
    options.screeningOdds = { Finished: 0, NoFindings: 0, Aborted: 0, ...o };
  }
  if (values['validation-odds'] !== undefined) {
    const o = parseOdds('validation-odds', values['validation-odds'], [
      'COMPLETED',
      'REJECTED',
      'differentOutcomeId',
    ] as const);
    options.validationOdds = { COMPLETED: 0, REJECTED: 0, differentOutcomeId: 0, ...o };
  }
  if (values.limits !== undefined) options.limits = parseLimits(values.limits);
  if (values.window !== undefined) {
    if (values.window !== 'fixed' && values.window !== 'sliding') {
      throw new CliUsageError(`--window must be fixed or sliding, not "${values.window}".`);
    }
    options.window = values.window;
  }
  if (values.faults !== undefined) options.faults = parseFaults(values.faults);
  if (values['find-form'] !== undefined) {
    const form = values['find-form'];
    if (form !== 'spec' && form !== 'list') {
      throw new CliUsageError(`--find-form must be spec or list, not "${form}".`);
    }
    options.findByIdentifierForm = form;
  }
  if (values.answers !== undefined) {
    if (values.answers !== 'full' && values.answers !== 'spec') {
      throw new CliUsageError(`--answers must be full or spec, not "${values.answers}".`);
    }
    options.answers = values.answers;
  }
  if (values.system !== undefined) {
    const system = SYSTEM_MODES.find((m) => m === values.system);
    if (!system) {
      throw new CliUsageError(
        `--system must be kind, source-name or source-name-only, not "${values.system}".`,
      );
    }
    options.system = system;
  }
  if (values.paging !== undefined) {
    if (values.paging !== 'counted' && values.paging !== 'uncounted') {
      throw new CliUsageError(`--paging must be counted or uncounted, not "${values.paging}".`);
    }
    options.paging = values.paging;
  }
  if (values['field-names'] !== undefined) {
    const names = values['field-names'];
    if (names !== 'city-address' && names !== 'locality-addressLine') {
      throw new CliUsageError(
        `--field-names must be city-address or locality-addressLine, not "${names}".`,
      );
    }
    options.createFieldNames = names;
  }
  if (values['identifier-types'] !== undefined) {
    const types = parseIdentifierTypes(values['identifier-types']);
    if (!types) {
      throw new CliUsageError(
        `--identifier-types must look like CUSTOMER_ID=CUST,OWN_ID=OWN (two different names of uppercase letters, digits or underscores), not "${values['identifier-types']}".`,
      );
    }
    options.identifierTypes = types;
  }
  if (values['seed-suppliers'] !== undefined) options.seedSuppliers = values['seed-suppliers'];
  if (values.state !== undefined) {
    if (values.state.trim() === '') throw new CliUsageError('--state needs a file name.');
    options.statePath = values.state;
  }
  if (values['random-seed'] !== undefined) {
    options.randomSeed = wholeNumber('random-seed', values['random-seed'], 0, 2 ** 31 - 1);
  }
  return { kind: 'run', options, log: values.log === true };
}
