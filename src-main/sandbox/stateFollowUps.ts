// Screening and validation requests in the sandbox state: each is decided when it is made (by the
// seed's odds) and shows its outcome once it comes due.
import { invalidRequest, notFound } from './apiError';
import { pick, unitHash } from './hashing';
import type { SandboxState } from './state';
import { isoInstant, REJECTION_REASONS } from './stateSchema';

export function insertScreening(
  state: SandboxState,
  platformId: number,
  user: string,
  period: number,
  at: number,
): number {
  const s = state.settings();
  const id = state.next('next_screening_id', 1);
  const outcome = pick(s.screeningOdds, unitHash(s.seed ?? 0, 'screening', id));
  state
    .stmt(
      'INSERT INTO screenings (id, platform_id, user, period, created_at, due_at, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(id, platformId, user, period, at, at + Math.max(0, s.screeningMs), outcome);
  return id;
}

/** Screened (a finished screening with or without findings), Pending (one running) or Required. */
export function screeningSummary(
  state: SandboxState,
  platformId: number,
  now: number,
): 'Screened' | 'Pending' | 'Required' {
  const rows = state
    .stmt('SELECT due_at, outcome FROM screenings WHERE platform_id = ?')
    .all(platformId) as { due_at: number; outcome: string }[];
  if (rows.some((r) => r.due_at <= now && r.outcome !== 'Aborted')) return 'Screened';
  if (rows.some((r) => r.due_at > now)) return 'Pending';
  return 'Required';
}

/** Requests a screening; none (an empty list) when the supplier is screened or one is running. */
export function requestScreening(
  state: SandboxState,
  user: string,
  platformId: number,
  period: number,
  now: number,
): number[] {
  return state.db.transaction(() => {
    if (screeningSummary(state, platformId, now) !== 'Required') return [];
    return [insertScreening(state, platformId, user, period, now)];
  })();
}

export function screeningStatus(
  state: SandboxState,
  user: string,
  platformId: number,
  now: number,
): Record<string, unknown> {
  const row = state
    .stmt(
      'SELECT id, period, due_at, outcome FROM screenings WHERE platform_id = ? AND user = ? ORDER BY id DESC LIMIT 1',
    )
    .get(platformId, user) as
    { id: number; period: number; due_at: number; outcome: string } | undefined;
  if (!row) {
    throw notFound(
      'No screening request of this API user exists for the supplier.',
      'Request a screening first (POST /public/v2/suppliers/sites/screening).',
    );
  }
  return {
    id: row.id,
    status: now < row.due_at ? 'New' : row.outcome,
    periodInYears: row.period,
  };
}

// ---- validation ---------------------------------------------------------------------------

export function insertValidation(
  state: SandboxState,
  platformId: number,
  user: string,
  at: number,
): string {
  const s = state.settings();
  const requestId = state.nextUuid();
  const seed = s.seed ?? 0;
  const outcome = pick(
    { COMPLETED: s.validationOdds.COMPLETED, REJECTED: s.validationOdds.REJECTED },
    unitHash(seed, 'validation', requestId),
  );
  let outcomeTargetId: number | null = null;
  let reason: string | null = null;
  if (outcome === 'COMPLETED') {
    // A different outcome id is a master record of the platform, not one of the organization's
    // own sites: it gets a fresh id and is not listed.
    outcomeTargetId =
      unitHash(seed, 'master', requestId) < s.validationOdds.differentOutcomeId
        ? state.nextPlatformId()
        : platformId;
  } else {
    const index = Math.floor(unitHash(seed, 'reason', requestId) * REJECTION_REASONS.length);
    reason = REJECTION_REASONS[index] ?? (REJECTION_REASONS[0] as string);
  }
  state
    .stmt(
      `INSERT INTO validations (request_id, platform_id, user, created_at, due_at, outcome,
         outcome_target_id, rejection_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      requestId,
      platformId,
      user,
      at,
      at + Math.max(0, s.validationMs),
      outcome,
      outcomeTargetId,
      reason,
    );
  return requestId;
}

/** Requests a validation; 400 when one is pending, the supplier is validated, or a screening runs. */
export function requestValidation(
  state: SandboxState,
  user: string,
  platformId: number,
  now: number,
): string {
  return state.db.transaction(() => {
    const rows = state
      .stmt('SELECT due_at, outcome FROM validations WHERE platform_id = ?')
      .all(platformId) as { due_at: number; outcome: string }[];
    if (rows.some((r) => r.due_at > now)) {
      throw invalidRequest(
        'A validation request is already pending for this supplier.',
        'Wait for its result (GET /public/v2/suppliers/sites/validation).',
      );
    }
    if (rows.some((r) => r.outcome === 'COMPLETED')) {
      throw invalidRequest(
        'The supplier is already validated.',
        'No further validation is needed.',
      );
    }
    if (screeningSummary(state, platformId, now) === 'Pending') {
      throw invalidRequest(
        'A screening request is still running for this supplier.',
        'Request the validation once the screening has finished.',
      );
    }
    return insertValidation(state, platformId, user, now);
  })();
}

export function validationStatus(
  state: SandboxState,
  user: string,
  platformId: number,
  now: number,
): Record<string, unknown> {
  const row = state
    .stmt(
      `SELECT request_id, created_at, due_at, outcome, outcome_target_id, rejection_reason
       FROM validations WHERE platform_id = ? AND user = ? ORDER BY seq DESC LIMIT 1`,
    )
    .get(platformId, user) as
    | {
        request_id: string;
        created_at: number;
        due_at: number;
        outcome: string;
        outcome_target_id: number | null;
        rejection_reason: string | null;
      }
    | undefined;
  if (!row) {
    throw notFound(
      'No validation request of this API user exists for the supplier.',
      'Request a validation first (POST /public/v2/suppliers/sites/validation).',
    );
  }
  const out: Record<string, unknown> = {
    requestId: row.request_id,
    status: 'PENDING',
    platformTargetId: platformId,
    createdAt: isoInstant(row.created_at),
  };
  if (now < row.due_at) return out;
  out.status = row.outcome;
  if (row.outcome_target_id !== null) out.outcomeTargetId = row.outcome_target_id;
  if (row.rejection_reason !== null) out.rejectionReason = row.rejection_reason;
  out.resolvedAt = isoInstant(row.due_at);
  return out;
}
