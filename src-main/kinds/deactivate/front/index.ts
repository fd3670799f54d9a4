// The deactivate job's parts on the front doors (services/kindFronts.ts): the deactivation of the
// suppliers chosen among an audit's groups (base:deactivateAudited, the supplier-base screen's).
import type { KindFront } from '../../../services/kindFronts';
import { deactivateKind } from '..';
import { deactivateAudited } from './auditJob';

export const deactivateFront: KindFront = {
  kind: deactivateKind.name,
  handlers: (d) => ({ 'base:deactivateAudited': (input) => deactivateAudited(d, input) }),
};
