// Every command goes through here: the answer is always a Result, even when the transport is
// missing or throws, so a screen only ever shows a sentence with a next step.
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/contract';
import type { AppError, Result } from '../../src-shared/errors';
import { api } from './api';
import { i18n, t, worded } from './i18n.svelte';

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
  // The services' English sentence may say more than the catalogue's (a name, a place).
  if (i18n.lang === 'en' && error.message.trim()) return error.message.trim();
  const details = error.details ?? {};
  const params = Object.fromEntries(
    Object.entries(details).filter(
      (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
    ),
  );
  const codes =
    typeof details.reason === 'string'
      ? [`${error.code}.${details.reason}`, error.code]
      : [error.code];
  for (const code of codes) {
    const text = worded('failure', { code, params });
    if (text !== undefined) return text;
  }
  return error.message.trim() || t('error.unexpected');
}
