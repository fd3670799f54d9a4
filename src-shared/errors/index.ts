// One catalogue of error codes for every boundary (IPC, WebSocket, CLI output, journal rows).
// Each area keeps its codes in its own file here; this index joins them. A message always says
// what happened and what the user can do next.
import { z } from 'zod';
import { coreErrors } from './core';
import { apiErrors } from './api';
import { workbookErrors } from './workbook';
import { fileErrors } from './files';
import { jobErrors } from './jobs';

export const errorCatalogue = {
  ...coreErrors,
  ...apiErrors,
  ...workbookErrors,
  ...fileErrors,
  ...jobErrors,
} as const;
export type ErrorCode = keyof typeof errorCatalogue;

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
