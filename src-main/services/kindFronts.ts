// A kind's parts on the front doors (docs/architecture.md, "Adding a kind"): its own commands of
// the app, the making of its jobs when it reads a sheet of its own, and its command line. They
// live in the kind's folder (`kinds/<kind>/front/`, the order's `kinds/front` layer, above the
// services and the command line) and are registered here by `kinds/fronts.ts`, which only the
// roots load (the services processes, the command line's entry). The services and the command
// line reach them only through this registry, by the kind's name or by what they ask for.
import { commands, type CommandName, type CommandOutput } from '../../src-shared/contract';
import { failWith } from '../../src-shared/errors';
import { hasOwnSheet, kindTraits } from '../../src-shared/operations';
import type { HandlerDeps } from './handlers/deps';
import type { Onboarding, ReadResults } from './onboarding';
import type { Handlers } from './router';

export interface KindFront {
  /** The kind's registered name (kinds/registry.ts). */
  kind: string;
  /** Its own commands of the app: channels of src-shared/contract.ts under its own area. */
  handlers?: (d: HandlerDeps) => Partial<Handlers>;
  /** `jobs:create` for a job of this kind, when the kind reads a sheet of its own and makes its
   *  jobs itself (its traits' `ownSheet`); otherwise the onboarding's import makes them. */
  createJob?: (
    d: HandlerDeps,
    input: Parameters<Handlers['jobs:create']>[0],
  ) => Promise<CommandOutput<'jobs:create'>>;
  /** A job of this kind made from a results file brought back with a retry (`--retry-from`),
   *  of the rows the retry does not send, from the file as the retry read it; null when the
   *  file asks for none. */
  retryFollowUp?: (
    onboarding: Onboarding,
    read: ReadResults,
  ) => { jobId: string | null; rows: number };
  /** Its command line, when it has one of its own: whether the arguments ask for it, and its
   *  run, which gives the exit code. */
  command?: {
    asks(argv: readonly string[]): boolean;
    main(argv: string[]): Promise<number>;
  };
}

const FRONTS = new Map<string, KindFront>();

/** Makes a kind's front-door parts known; a kind registers them once. */
export function registerKindFront(front: KindFront): void {
  const known = FRONTS.get(front.kind);
  if (known && known !== front)
    throw new Error(`the front-door parts of the kind "${front.kind}" are registered already`);
  FRONTS.set(front.kind, front);
}

/** The front-door parts of every registered kind, in the order they were registered. */
export function kindFronts(): readonly KindFront[] {
  return [...FRONTS.values()];
}

/** The handlers the kinds' front doors bring, each under its own name. */
export function kindHandlers(d: HandlerDeps): Partial<Handlers> {
  return Object.assign({}, ...kindFronts().map((f) => f.handlers?.(d) ?? {}));
}

/**
 * `jobs:create` for a kind that makes its jobs itself, or undefined for a kind whose jobs the
 * onboarding's import makes. A kind with a sheet of its own whose front was not loaded is refused
 * with the sentence for a kind this version does not know, never read as an onboarding's sheet.
 */
export async function createOwnJob(
  d: HandlerDeps,
  input: Parameters<Handlers['jobs:create']>[0],
): Promise<CommandOutput<'jobs:create'> | undefined> {
  const operation = input.options.operation;
  const front = FRONTS.get(operation ?? 'onboard');
  if (front?.createJob) return front.createJob(d, input);
  if (hasOwnSheet(kindTraits(operation)))
    failWith('not_found', { reason: 'job_kind', kind: String(operation) });
  return undefined;
}

/** The kind's command line that `argv` asks for, if any. */
export function kindCommand(argv: readonly string[]): KindFront['command'] | undefined {
  return kindFronts().find((f) => f.command?.asks(argv))?.command;
}

/** The job a retry from a results file is followed by, made by the kind that brings one; refused
 *  with a sentence when no loaded kind brings it. */
export function retryFollowUp(): NonNullable<KindFront['retryFollowUp']> {
  const front = kindFronts().find((f) => f.retryFollowUp);
  return (
    front?.retryFollowUp ?? failWith('unknown_command', undefined, { command: 'jobs:idFixJob' })
  );
}

/** The whole table of handlers: `table` and, for each command of the contract it lacks (a kind's
 *  own command whose kind was not loaded), a handler that refuses it as a command this version
 *  does not have: a sentence, never a crash. */
export function completeHandlers(table: Partial<Handlers>): Handlers {
  const out: Partial<Record<CommandName, unknown>> = { ...table };
  for (const name of Object.keys(commands) as CommandName[])
    out[name] ??= () => failWith('unknown_command', undefined, { command: name });
  return out as Handlers;
}
