// Every command goes through here: the answer is always a Result, even when the transport is
// missing or throws, so a screen only ever shows a sentence with a next step.
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/contract';
import { paramsOf, type AppError, type Result } from '../../src-shared/errors';
import { hasKey, wordFailure } from '../../src-shared/i18n';
import { api } from './api';
import { i18n, t } from './i18n.svelte';

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

/** A service error as the user reads it: its sentence, never a code or a stack. The catalogue
 *  words it (`failure.<code>.<reason>`, else `failure.<code>`), filled in from the error's
 *  details; an error it has no words for yet shows the English sentence it came with. */
export function errorText(error: AppError): string {
  // An error with neither a sentence nor words in the catalogue is said in general terms.
  if (!error.message.trim() && !hasKey(`failure.${error.code}`)) return t('error.unexpected');
  // English keeps the services' sentence, which may say more (a name, a place).
  return wordFailure(i18n.lang, {
    code: error.code,
    params: paramsOf(error.details),
    message: error.message,
  });
}
