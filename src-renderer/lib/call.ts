// Every command goes through here: the answer is always a Result, even when the transport is
// missing or throws, so a screen only ever shows a sentence with a next step.
import type { CommandInput, CommandName, CommandOutput } from '../../src-shared/contract';
import type { AppError, Result } from '../../src-shared/errors';
import { api } from './api';
import { i18n, t } from './i18n.svelte';
import { messages, type MessageKey } from './messages';

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

/** A service error as the user reads it: its sentence, never a code or a stack. The services
 *  speak English; where the catalogue has the code's sentence (`failure.<code>[.<reason>]`),
 *  another language gets it, filled in from the error's details. */
export function errorText(error: AppError): string {
  if (i18n.lang !== 'en') {
    const details = error.details ?? {};
    const reason = typeof details.reason === 'string' ? `.${details.reason}` : '';
    for (const key of [`failure.${error.code}${reason}`, `failure.${error.code}`]) {
      if (key in messages.en) {
        const params = Object.fromEntries(
          Object.entries(details).filter(
            (e): e is [string, string | number] =>
              typeof e[1] === 'string' || typeof e[1] === 'number',
          ),
        );
        return t(key as MessageKey, params);
      }
    }
  }
  return error.message.trim() || t('error.unexpected');
}
