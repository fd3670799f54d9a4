// The retry policy's table with every kind's own write (engine/policy/table.ts gives the
// pipeline's stages; each kind's own write gives its lines, engine/ownWrite.ts, and a kind that
// writes in batches its own, JobKind.policyCases).
// `npm run docs:policy` writes it into docs/architecture.md.
import {
  policyTable as pipelineTable,
  readCases as pipelineReads,
  withPolicyTable as withTable,
  writeCases as pipelineWrites,
  type OwnPolicyCases,
  type PolicyCase,
} from '../engine/policy/table';
import { KINDS } from './registry';

/** The lines of the kinds' own writes, in the registry's order. */
function ownCases(): OwnPolicyCases[] {
  return Object.values(KINDS).flatMap((k) => {
    const own = k.ownWrite?.policyCases() ?? k.policyCases?.();
    return own ? [own] : [];
  });
}

export const writeCases = (): PolicyCase[] => pipelineWrites(ownCases());
export const readCases = (): PolicyCase[] => pipelineReads(ownCases());
export const policyTable = (): string => pipelineTable(ownCases());
export const withPolicyTable = (doc: string): string => withTable(doc, ownCases());
