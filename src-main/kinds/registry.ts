// The kinds of job, one line each (docs/architecture.md, "Kinds of job", "Adding a kind"): the
// one place that goes from a job's stored kind to its module. The four built in are listed
// below; another kind is registered at run time with registerKind (its name, traits, write
// stage, fields and words), as test/main/kinds/fifthKind.test.ts does.
import {
  operationOf,
  registerOperation,
  type KindTraits,
  type Operation,
} from '../../src-shared/operations';
import { failWith } from '../../src-shared/errors';
import { addKindWrite } from '../../src-shared/rowStates';
import { addWords, type Lang } from '../../src-shared/i18n';
import type { Runner } from '../engine/runSkeleton';
import type { JobRunnerDeps } from '../engine/runTypes';
import type { Job } from '../journal/journal';
import { deactivateKind } from './deactivate';
import { identifiersKind } from './identifiers';
import { onboardKind } from './onboard';
import { scoresKind } from './scores';
import type { JobKind } from './types';

const BUILT_IN = {
  onboard: onboardKind,
  identifiers: identifiersKind,
  deactivate: deactivateKind,
  scores: scoresKind,
};

export const KINDS: Readonly<Record<Operation, JobKind>> = { ...BUILT_IN };

/** A kind registered at run time: its module (JobKind), and what the layers below the kinds
 *  read of it before any of its jobs exists. */
export interface KindRegistration {
  /** Its module: the runner, its own write, its plan, summary and results. */
  kind: JobKind;
  /** The stage its own write is stored under (src-shared/kindWrites.ts): its rows' states are
   *  `<stage>_queued`, `_sending`, `_in_doubt`. Absent for a kind without a write of its own. */
  writeStage?: string;
  /** Its words, English and German (new keys only): `kind.<name>`, `rowState.<stage>_*`, its
   *  plan's, summary's and results' sentences. */
  words?: Record<Lang, Record<string, string>>;
}

/** Registers a kind: its name and traits (fields, validation) become known to the shared
 *  layers, its write's states to the state machine and the engine, its module to the registry.
 *  Its words join the catalogue (src-shared/i18n addWords). Once per process, before any of
 *  its jobs is read. */
export function registerKind(registration: KindRegistration): JobKind {
  const { kind, writeStage, words } = registration;
  registerOperation(kind.name, kind.traits satisfies KindTraits);
  if (words) addWords(words);
  if (writeStage !== undefined) {
    const w = addKindWrite(kind.name, writeStage);
    const own = kind.ownWrite?.states;
    if (!own || own.queued !== w.queued || own.sending !== w.sending || own.inDoubt !== w.inDoubt)
      throw new Error(`the write of ${kind.name} does not use the states of ${writeStage}`);
  }
  (KINDS as Record<Operation, JobKind>)[kind.name] = kind;
  return kind;
}

/** The kinds as the command line lists them (its help, its summary's counts): the default kind
 *  first, then the others by name. Read when asked: a kind may be registered at run time. */
export function kindsByName(): JobKind[] {
  const first = kindOf({});
  const others = (Object.values(KINDS) as JobKind[]).filter((k) => k !== first);
  return [first, ...others.sort((a, b) => a.name.localeCompare(b.name))];
}

/** The kind of a job from its stored options (absent: an onboarding, as every job before). */
export function kindOf(options: { operation?: Operation | undefined }): JobKind {
  const kind = KINDS[operationOf(options)];
  if (!kind) failWith('not_found', { reason: 'job_kind', kind: String(options.operation) });
  return kind;
}

/** The runner of a job: its kind's (the sync engine is given this). */
export function runnerFor(job: Pick<Job, 'options'>, deps: JobRunnerDeps): Runner {
  return kindOf(job.options).runner(deps);
}
