// Every command goes through here: the answer is always a Result, even when the transport is
// missing or throws, so a screen only ever shows a sentence with a next step.
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/contract';
import type { AppError, Result } from '../../src-shared/errors';
import { api } from './api';
import { t } from './i18n.svelte';

export async function call<C extends CommandName>(
  command: C,
  input: CommandInput<C>,
): Promise<Result<CommandOutput<C>>> {
  if (!api)
    return { ok: false, error: { code: 'unauthorized_transport', message: t('error.noApi') } };
  try {
    return await api.invoke(command, input);
  } catch {
    return { ok: false, error: { code: 'internal', message: t('error.unexpected') } };
  }
}

/** A service error as the user reads it: its sentence, never a code or a stack. */
export function errorText(error: AppError): string {
  return error.message.trim() || t('error.unexpected');
}
