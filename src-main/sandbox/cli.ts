// `npm run sandbox -- [options]`: the sandbox API as a standalone command. Exit codes: 0 after a
// clean stop (SIGINT/SIGTERM), 2 for options or files to fix, 1 when the server cannot run.
import { CliUsageError, HELP, parseCli } from './cliOptions';
import { DEFAULT_TOKEN } from './options';
import { SeedError } from './seed';
import { StateFileError, startSandbox } from './server';
import type { SandboxHandle } from './types';

async function main(): Promise<number> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (e) {
    if (e instanceof CliUsageError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (command.kind === 'help') {
    process.stdout.write(HELP);
    return 0;
  }

  const options = command.log
    ? { ...command.options, log: (line: string) => process.stderr.write(`${line}\n`) }
    : command.options;
  let handle: SandboxHandle;
  try {
    handle = await startSandbox(options);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (e instanceof SeedError || e instanceof RangeError || e instanceof StateFileError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    if (err.code === 'EADDRINUSE') {
      process.stderr.write(
        `Port ${options.port} is in use. Choose another with --port, or 0 for a free one.\n`,
      );
      return 2;
    }
    process.stderr.write(`The sandbox could not start: ${err.message}\n`);
    return 1;
  }
  // The tokens were given on the command line (or are the default): print them so that the
  // caller knows what to send, /__sandbox/* included. The ready line stays the last one.
  for (const t of options.tokens ?? [{ token: DEFAULT_TOKEN }]) {
    process.stdout.write(`sandbox token: ${t.token} (send it in the X-Auth-Token header)\n`);
  }
  process.stdout.write(`sandbox listening on ${handle.url}\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal while closing: stop at once.
        resolve(130);
        return;
      }
      stopping = true;
      process.stderr.write(`sandbox stopping (${signal})\n`);
      handle.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(
      `The sandbox stopped on an unexpected error: ${(e as Error).stack ?? String(e)}\n`,
    );
    process.exit(1);
  },
);
