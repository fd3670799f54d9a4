// The one place where a command crosses into the services: its name is checked against the
// contract, its input parsed with the contract's schema, and every outcome, including a thrown
// error, comes back as a Result. Nothing throws across a transport.
import {
  commands,
  isCommandName,
  type CommandName,
  type CommandOutput,
} from '../../src-shared/contract';
import { appError, err, failure, ok, toAppError, type Result } from '../../src-shared/errors';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * Answers built field by field to the contract's shape, and large: a grid page of 500 rows is a
 * few hundred KB, and checking it against the contract cost the services more than building it
 * (3 ms of each page while the user scrolls). These pass as built. Under the test runner the
 * check still runs and must change nothing, so every test that reads one holds its builder to
 * the contract.
 */
const BUILT_TO_SHAPE: ReadonlySet<CommandName> = new Set<CommandName>(['rows:page']);

function asBuilt(command: CommandName, output: unknown): unknown {
  if (process.env.VITEST) {
    const checked: unknown = commands[command].output.parse(output);
    if (!isDeepStrictEqual(checked, output))
      throw new Error(`${command}: the answer as built is not the contract's shape`);
  }
  return output;
}

export type Handler<C extends CommandName> = (
  input: z.output<(typeof commands)[C]['input']>,
) => Promise<CommandOutput<C>> | CommandOutput<C>;

export type Handlers = { [C in CommandName]: Handler<C> };

export interface CommandRouter {
  dispatch(command: unknown, input: unknown): Promise<Result<unknown>>;
}

export function createRouter(
  handlers: Handlers,
  onInternalError?: (e: unknown) => void,
): CommandRouter {
  return {
    async dispatch(command, input) {
      if (!isCommandName(command)) {
        return err(
          appError('unknown_command', undefined, {
            command: typeof command === 'string' ? command.slice(0, 100) : typeof command,
          }),
        );
      }
      const spec = commands[command];
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: i.message,
        }));
        const first = issues[0];
        return err(
          failure('invalid_input', {
            reason: 'request',
            command,
            field: first?.path || 'input',
            problem: first?.message ?? 'unknown problem',
            issues,
          }),
        );
      }
      try {
        const handler = handlers[command] as Handler<typeof command>;
        const output = await handler(parsed.data as never);
        return ok(
          BUILT_TO_SHAPE.has(command) ? asBuilt(command, output) : spec.output.parse(output),
        );
      } catch (e) {
        const error = toAppError(e);
        if (error.code === 'internal') onInternalError?.(e);
        return err(error);
      }
    },
  };
}
