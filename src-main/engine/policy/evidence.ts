// The policy of the reading stages: what the evidence read about a row (the pending list, find by
// identifier, a screening or validation status) does to it. Pure, like the write policies.
import type { RowState } from '../../journal/rowStates';
import {
  MISSING_MARK,
  NOT_VISIBLE_MARK,
  ON_CREATE,
  SCREENING_END,
  UNKNOWN_STATUS_MARK,
  VALIDATION_END,
  isKnownStatus,
  requestedState,
  stageStates,
  type FollowUpStage,
} from '../stages';
import {
  afterCreate,
  afterScreening,
  type FollowUpMarks,
  type FollowUpOptions,
} from './progression';
import { rowError } from '../messages';
import { durationText } from '../stall';
import { NO_EFFECT, needsUser, type Decision, type Outcome } from './types';

/** What reading about a row found. */
export const EVIDENCE_CLASSES = [
  'not_settled', // a lost request is read about only once its answer plus the settle delay passed
  'pending', // the creation is on the pending list
  'found', // find by identifier: one supplier
  'ambiguous', // find by identifier: several suppliers
  'none', // neither pending nor found; a status: not found
  'running', // a status that has not ended
  'ended', // a status that has ended
] as const;
export type EvidenceClass = (typeof EVIDENCE_CLASSES)[number];

export interface Evidence {
  class: EvidenceClass;
  uuid?: string;
  platformTargetId?: number | string;
  /** A screening's or validation's status and what came with it. */
  status?: string;
  id?: number | null;
  requestId?: string | null;
  outcomeTargetId?: number | null;
  rejectionReason?: string | null;
}

/** The row as the reading policies see it. */
export interface EvidenceRow extends FollowUpMarks {
  state: RowState;
  attempts: number;
  errorCode: string | null;
  /** With the unknown-status mark: since when (`since`, ms) and which `status`. */
  errorParams?: Record<string, string | number> | null;
}

export interface EvidenceContext {
  options: FollowUpOptions;
  maxWriteAttempts: number;
  /** The creation found is this job's (not someone else's made after a 409). */
  ours?: boolean;
  /** What the lost create asked for with it (screening, validation). */
  sent?: { screening: boolean; validation: boolean };
  /** Now, and how long a status the documentation does not list is followed (polling). */
  now?: number;
  unknownStatusMs?: number;
}

const AMBIGUOUS = () => rowError('api_ambiguous');

/** The supplier was found: the row is created, its platform id kept. */
function createdOutcome(
  e: Evidence,
  extra: Pick<Outcome, 'patch' | 'response' | 'reason'>,
): Outcome {
  return {
    to: 'created',
    retry: 'none',
    ...extra,
    patch: {
      platformId: String(e.platformTargetId),
      ...extra.patch,
      errorCode: null,
      errorMessage: null,
    },
  };
}

export function statusClass(stage: FollowUpStage, status: string): EvidenceClass {
  return (stage === 'screening' ? SCREENING_END : VALIDATION_END).has(status) ? 'ended' : 'running';
}

/** A create in doubt: the pending list first, then find by identifier. */
export function reconcileCreatePolicy(
  e: Evidence,
  row: EvidenceRow,
  ctx: EvidenceContext,
): Decision {
  const onCreate = {
    ...(ctx.sent?.screening ? { screeningStatus: ON_CREATE } : {}),
    ...(ctx.sent?.validation ? { validationStatus: ON_CREATE } : {}),
  };
  const ours = ctx.ours ?? true;
  const created = { kind: 'created' } as const;
  switch (e.class) {
    case 'not_settled':
      // A row made due early: reading now would only have to be repeated.
      return { outcome: { to: 'in_doubt', retry: 'settled' }, effect: NO_EFFECT };
    case 'pending':
      return {
        outcome: {
          to: 'accepted',
          retry: 'track',
          patch: {
            creationUuid: e.uuid ?? null,
            createdByJob: ours,
            errorCode: null,
            errorMessage: null,
            ...onCreate,
          },
          response: { reconciled: 'pending list', uuid: e.uuid },
          reason: 'reconciled_pending',
        },
        effect: created,
      };
    case 'found':
    case 'ended':
      return {
        outcome: createdOutcome(e, {
          patch: { createdByJob: ours, ...onCreate },
          response: { reconciled: 'find by identifier', platformId: e.platformTargetId },
          reason: 'reconciled_exists',
        }),
        effect: created,
      };
    case 'ambiguous':
      return {
        outcome: {
          to: 'needs_user',
          retry: 'none',
          patch: AMBIGUOUS(),
          reason: 'reconciled_ambiguous',
        },
        effect: NO_EFFECT,
      };
    case 'none':
    case 'running':
      if (row.attempts >= ctx.maxWriteAttempts) {
        const error = rowError('api_maybe_processed.creation_cap', { attempts: row.attempts });
        return {
          outcome: needsUser(error, { reason: 'reconcile_cap' }),
          effect: NO_EFFECT,
        };
      }
      // Without the creation's uuid, a request that never arrived and a creation the platform
      // ended without a supplier (vanished) look the same: both leave nothing behind to find.
      return {
        outcome: {
          to: 'queued',
          retry: 'now',
          response: { reconciled: 'not pending, not found' },
          reason: 'reconciled_not_found',
        },
        effect: NO_EFFECT,
      };
  }
}

/** A tracked creation that left the pending list: created, or (after a second look) vanished. */
export function trackPolicy(e: Evidence, row: EvidenceRow, ctx: EvidenceContext): Decision {
  const from = row.state;
  switch (e.class) {
    case 'found':
    case 'ended':
      // Created, and moved on to its follow-up in the same commit (as promotion would a moment
      // later): the row's pages and index entries are written once instead of twice.
      return {
        outcome: createdOutcome(e, { response: { found: e.platformTargetId } }),
        then: { to: afterCreate(ctx.options, row), retry: 'poll', patch: { attempts: 0 } },
        effect: NO_EFFECT,
      };
    case 'ambiguous':
      return {
        outcome: { to: 'needs_user', retry: 'none', patch: AMBIGUOUS() },
        effect: NO_EFFECT,
      };
    case 'pending':
    case 'not_settled':
      // Still pending: nothing is written (tracking keeps its pace in memory).
      return { outcome: { to: from, retry: 'keep' }, effect: NO_EFFECT };
    case 'none':
    case 'running':
      if (row.errorCode !== MISSING_MARK) {
        // Processing may finish a moment after the entry leaves the list: look again later.
        return {
          outcome: {
            to: from,
            retry: 'settle',
            patch: { errorCode: MISSING_MARK, errorMessage: null },
          },
          effect: NO_EFFECT,
        };
      }
      return {
        outcome: {
          to: 'vanished',
          retry: 'none',
          patch: rowError('creation_vanished'),
          reason: 'vanished',
        },
        effect: NO_EFFECT,
      };
  }
}

/** A screening or validation request in doubt: its status says whether it took effect. */
export function reconcileFollowUpPolicy(
  stage: FollowUpStage,
  e: Evidence,
  row: EvidenceRow,
  ctx: EvidenceContext,
): Decision {
  if (e.class === 'none' || e.class === 'not_settled') {
    if (row.attempts >= ctx.maxWriteAttempts) {
      const error = rowError(`api_maybe_processed.${stage}_cap`, { attempts: row.attempts });
      return { outcome: needsUser(error), effect: NO_EFFECT };
    }
    return {
      outcome: {
        to: stageStates(stage).queued,
        retry: 'now',
        reason: 'reconciled_request_missing',
      },
      effect: NO_EFFECT,
    };
  }
  return {
    outcome: {
      to: requestedState(stage),
      retry: 'now',
      patch: statusPatch(stage, e),
      reason: 'reconciled_request_exists',
    },
    effect: NO_EFFECT,
  };
}

function statusPatch(stage: FollowUpStage, e: Evidence): Outcome['patch'] {
  const status = e.status ?? null;
  return stage === 'screening'
    ? { screeningStatus: status, ...(e.id != null ? { screeningIds: [e.id] } : {}) }
    : { validationStatus: status, ...(e.requestId ? { validationRequestId: e.requestId } : {}) };
}

/** A requested screening or validation, polled until its status ends. */
export function pollPolicy(
  stage: FollowUpStage,
  e: Evidence,
  row: EvidenceRow,
  ctx: EvidenceContext,
): Decision {
  const from = row.state;
  if (e.class === 'none' || e.class === 'not_settled') {
    if (row.errorCode !== NOT_VISIBLE_MARK) {
      return {
        outcome: { to: from, retry: 'settle', patch: { errorCode: NOT_VISIBLE_MARK } },
        effect: NO_EFFECT,
      };
    }
    const onCreate =
      (stage === 'screening' ? row.screeningStatus : row.validationStatus) === ON_CREATE;
    if (onCreate) {
      // Asked for with the creation but never visible: ask for it explicitly.
      return {
        outcome: {
          to: stageStates(stage).queued,
          retry: 'now',
          patch: {
            errorCode: null,
            ...(stage === 'screening' ? { screeningStatus: null } : { validationStatus: null }),
          },
          reason: 'on_create_not_visible',
        },
        effect: NO_EFFECT,
      };
    }
    return { outcome: needsUser(rowError(`api_not_found.${stage}_gone`)), effect: NO_EFFECT };
  }
  const unknown = unknownStatus(stage, e, row, ctx);
  if (unknown) return unknown;
  const ended = e.class === 'ended';
  if (stage === 'screening') {
    // The spec shows only the status; an id, when given, is kept with the row.
    const patch = { ...statusPatch(stage, e), errorCode: null };
    return ended
      ? {
          outcome: {
            to: afterScreening(ctx.options, row),
            retry: 'now',
            patch,
            response: { screening: e.status },
          },
          effect: NO_EFFECT,
        }
      : { outcome: { to: from, retry: 'poll_later', patch }, effect: NO_EFFECT };
  }
  if (ended) {
    return {
      outcome: {
        to: 'done',
        retry: 'none',
        patch: {
          ...statusPatch(stage, e),
          outcomeTargetId: e.outcomeTargetId != null ? String(e.outcomeTargetId) : null,
          rejectionReason: e.rejectionReason ?? null,
          errorCode: null,
        },
        response: { validation: e.status },
      },
      effect: NO_EFFECT,
    };
  }
  return {
    outcome: {
      to: from,
      retry: 'poll_later',
      patch: { ...statusPatch(stage, e), errorCode: null },
    },
    effect: NO_EFFECT,
  };
}

/**
 * A running status the documentation does not list: shown as it came (kept in the row's status)
 * and followed for `ctx.unknownStatusMs` from when it was first seen (the mark's `since`); then
 * the row needs the user, its problem naming the status. Never polled forever. Undefined for a
 * listed status (the usual policy applies).
 */
function unknownStatus(
  stage: FollowUpStage,
  e: Evidence,
  row: EvidenceRow,
  ctx: EvidenceContext,
): Decision | undefined {
  const status = e.status;
  if (e.class !== 'running' || status === undefined || isKnownStatus(stage, status)) return;
  const now = ctx.now ?? 0;
  const marked =
    row.errorCode === UNKNOWN_STATUS_MARK && row.errorParams?.status === status
      ? Number(row.errorParams.since)
      : undefined;
  const since = marked !== undefined && Number.isFinite(marked) ? marked : now;
  const patch = statusPatch(stage, e);
  if (marked !== undefined && now - since >= (ctx.unknownStatusMs ?? Number.POSITIVE_INFINITY)) {
    const duration = durationText(now - since);
    const error = rowError(`api_unexpected_response.${stage}_status`, { status, duration });
    const outcome = needsUser(error, { response: { [stage]: status }, reason: 'unknown_status' });
    // The status stays on the row as it came.
    return { outcome: { ...outcome, patch: { ...patch, ...error } }, effect: NO_EFFECT };
  }
  return {
    outcome: {
      to: row.state,
      retry: 'poll_later',
      patch: {
        ...patch,
        errorCode: UNKNOWN_STATUS_MARK,
        errorMessage: null,
        errorParams: { since, status },
      },
    },
    effect: NO_EFFECT,
  };
}
