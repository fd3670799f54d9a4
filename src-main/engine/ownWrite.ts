// A kind's own write stage (docs/architecture.md, "Kinds of job", "Adding a kind"): the request a
// kind sends for each matched row, how it settles a row whose answer was lost, and its policy's
// table. The kind's folder gives it (src-main/kinds/<kind>/write.ts); the row runner fills its
// lane and hands its rows in doubt to it without knowing which kind it is.
import type { JournalRow } from '../journal/journal';
import type { StageName, WriteStates } from '../journal/rowStates';
import type { RunContext } from './context';
import type { OwnPolicyCases } from './policy/table';

export interface KindWriteStage {
  /** Its stage and three states, as src-shared/kindWrites.ts declares them. */
  readonly states: WriteStates & { readonly stage: StageName };
  /** Sends one queued row's write under its intent (requests.ts sendWithIntent) and applies
   *  what its policy decided. */
  send(run: RunContext, row: JournalRow): Promise<void>;
  /** Settles a row in doubt: reads back once the request settled, and applies its policy. */
  reconcile(run: RunContext, row: JournalRow): Promise<void>;
  /** Its policy against every answer class and every evidence, for the policy table. */
  policyCases(): OwnPolicyCases;
}
