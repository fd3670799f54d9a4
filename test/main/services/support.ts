// Calling the services through their router as a front door does, in tests: the answer's value,
// or an error naming the command, the code and the message.
import type { CommandName, CommandOutput } from '../../../src-shared/contract';
import type { AppServices } from '../../../src-main/services/appServices';

/** `services` is read at call time: tests build their services in `beforeAll`. */
export function commandCaller(services: () => Pick<AppServices, 'router'>) {
  return async function call<C extends CommandName>(
    command: C,
    input: unknown,
  ): Promise<CommandOutput<C>> {
    const r = await services().router.dispatch(command, input);
    if (!r.ok) throw new Error(`${command}: ${r.error.code}: ${r.error.message}`);
    return r.value as CommandOutput<C>;
  };
}
