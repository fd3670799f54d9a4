// The identifiers job's parts on the front doors (services/kindFronts.ts): the job made from a
// results file's corrected ids (`jobs:idFixJob`, and the command line's --retry-from).
import type { KindFront } from '../../../services/kindFronts';
import { identifiersKind } from '..';
import { idFixJobFromResults, makeIdFixJob } from './idFixJob';

export const identifiersFront: KindFront = {
  kind: identifiersKind.name,
  handlers: (d) => ({
    'jobs:idFixJob': async ({ path: p, jobId }) =>
      idFixJobFromResults(await d.readable(p), p, jobId),
  }),
  retryFollowUp: makeIdFixJob,
};
