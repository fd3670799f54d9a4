// The command/event contract between the UI and the services, declared once. Every transport
// (Electron IPC, the browser host's WebSocket, direct calls from the CLI) validates what crosses
// it with these schemas; nothing else crosses.
import { z } from 'zod';
import type { Result } from './errors';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  journalPath: z.string(),
  transport: z.enum(['electron', 'browser-host', 'direct']),
  locale: z.string(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const commands = {
  'app:info': {
    input: z.object({}).strict(),
    output: AppInfoSchema,
  },
  /** A demonstration of request/response plus an event stream: answers at once with a run id,
   *  then emits `demo:progress` `steps` times, `intervalMs` apart. */
  'demo:ping': {
    input: z
      .object({
        steps: z.number().int().min(1).max(50).default(5),
        intervalMs: z.number().int().min(0).max(5_000).default(200),
      })
      .strict(),
    output: z.object({ runId: z.string(), steps: z.number().int() }),
  },
} as const;

export const events = {
  'demo:progress': z.object({
    runId: z.string(),
    step: z.number().int(),
    steps: z.number().int(),
    done: z.boolean(),
  }),
  /** Something the user should know that is not an error of one request (a deprecated API
   *  endpoint, a slowed-down throttle, ...). */
  'app:warning': z.object({ code: z.string(), message: z.string() }),
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>;
export type CommandOutput<C extends CommandName> = z.output<Commands[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const commandNames = Object.keys(commands) as CommandName[];
export const eventNames = Object.keys(events) as EventName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** What the renderer sees as `window.api`, whatever the transport. */
export interface WindowApi {
  invoke<C extends CommandName>(
    command: C,
    input: CommandInput<C>,
  ): Promise<Result<CommandOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The browser host's WebSocket frames. */
export const WsClientFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  command: z.string(),
  input: z.unknown(),
});
export type WsClientFrame = z.infer<typeof WsClientFrameSchema>;
export type WsServerFrame =
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; event: EventName; payload: unknown };

/** WebSocket subprotocols: the app's protocol, and the per-launch secret carried as a second one. */
export const WS_PROTOCOL = 'supplier-onboarding.v1';
export const WS_SECRET_PREFIX = 'secret.';
