// The services' own process as a Node child process (the browser host, the benchmarks): both
// ends of its channel. The desktop uses Electron's utility process instead (electron/main.ts).
import { fork } from 'node:child_process';
import type { ServicesChild } from './client';
import type { MessagePortLike } from './protocol';

/** Starts `entry` (a module that calls serveServices with nodeParentPort) as a child process. */
export function forkServices(entry: string, execArgv: string[] = []): ServicesChild {
  const child = fork(entry, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    port: {
      post: (message) => {
        if (child.connected) child.send(message as never);
      },
      onMessage: (listener) => child.on('message', listener),
    },
    pid: () => child.pid,
    onExit: (listener) => {
      if (child.exitCode !== null || child.signalCode !== null) listener(child.exitCode);
      else child.once('exit', (code) => listener(code));
    },
    kill: () => void child.kill(),
  };
}

/**
 * The child's end: its IPC channel to the process that forked it. When that process is gone
 * (ended, killed, crashed) the channel closes and this process ends at once, whatever it was
 * doing, as if it had crashed with it: a new front door on the same data folder must never find
 * a second writer to the journal still running jobs.
 */
export function nodeParentPort(): MessagePortLike {
  if (!process.send) throw new Error('the services process must be started with an IPC channel');
  process.once('disconnect', () => process.exit(0));
  return {
    post: (message) => {
      if (process.connected) process.send!(message);
    },
    onMessage: (listener) => process.on('message', listener),
  };
}
