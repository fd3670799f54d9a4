// One catalogue of error codes for every boundary (IPC, WebSocket, CLI output, journal rows).
// Each area keeps its codes in its own file here; this index joins them. A message always says
// what happened and what the user can do next.
//
// The sentences are worded in src-shared/i18n/errors.ts (`failure.<code>`, and
// `failure.<code>.<reason>` for the cases of a code that say more): the general English sentence
// of each code is the one in this folder, the cases' English and every German sentence are there.
// An error carries its code and, in `details`, the case (`reason`) and the placeholders' values,
// so each front door words it in its user's language; its `message` is the English wording.
import { z } from 'zod';
import { word, type MessageKey, type Params } from '../i18n';
import type { FailureKey } from '../i18n/errors';
import { errorCatalogue, type ErrorCode } from './catalogue';

export { errorCatalogue, type ErrorCode } from './catalogue';

export const AppErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AppError = z.infer<typeof AppErrorSchema> & { code: ErrorCode | (string & {}) };

/** Builds an error from the catalogue; `message` overrides the default sentence when the case knows more. */
export function appError(
  code: ErrorCode,
  message?: string,
  details?: Record<string, unknown>,
): AppError {
  const err: AppError = { code, message: message ?? errorCatalogue[code] };
  if (details !== undefined) err.details = details;
  return err;
}

/** An exception that carries an AppError; services throw it, boundaries turn it back into data. */
export class AppFailure extends Error {
  readonly error: AppError;
  constructor(error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
    this.error = error;
  }
}

export function fail(code: ErrorCode, message?: string, details?: Record<string, unknown>): never {
  throw new AppFailure(appError(code, message, details));
}

/** The cases of a code that the catalogue words on their own (`failure.<code>.<reason>`). */
export type FailureReason<C extends ErrorCode> = FailureKey extends infer K
  ? K extends `failure.${C}.${infer R}`
    ? R
    : never
  : never;

/** What an error's details hold: its case, and the values of its sentence's placeholders. */
export type FailureDetails<C extends ErrorCode> = { reason?: FailureReason<C> } & Record<
  string,
  unknown
>;

/** The details' values a sentence may show: strings and numbers (none of anything else). */
export function paramsOf(details: unknown): Params {
  const params: Params = {};
  if (!details || typeof details !== 'object') return params;
  for (const [k, v] of Object.entries(details))
    if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  return params;
}

/**
 * An error worded by the catalogue: `failure.<code>.<reason>` when the details name a case, else
 * `failure.<code>`, filled in from the details. `english` gives the English wording other values
 * than the details (numbers written for English readers, say).
 */
export function failure<C extends ErrorCode>(
  code: C,
  details?: FailureDetails<C>,
  english?: Params,
): AppError {
  const key = (
    details?.reason ? `failure.${code}.${details.reason}` : `failure.${code}`
  ) as MessageKey;
  const err: AppError = { code, message: word('en', key, { ...paramsOf(details), ...english }) };
  if (details !== undefined) err.details = details;
  return err;
}

/** Throws `failure(code, details)`. */
export function failWith<C extends ErrorCode>(
  code: C,
  details?: FailureDetails<C>,
  english?: Params,
): never {
  throw new AppFailure(failure(code, details, english));
}

/** Anything thrown becomes an AppError; unexpected errors never leak a stack to the user. */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppFailure) return e.error;
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    const parsed = AppErrorSchema.safeParse(e);
    if (parsed.success && parsed.data.code in errorCatalogue) return parsed.data;
  }
  const detail = e instanceof Error ? e.message : String(e);
  return appError('internal', undefined, { cause: detail });
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = (error: AppError): Result<never> => ({ ok: false, error });
