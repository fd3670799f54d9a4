// Starts the real browser host as a process (the way a user would) and hands its address to a test.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface RunningHost {
  launchUrl: string;
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function startHost(): Promise<RunningHost> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/host/cli.ts', '--port', '0', '--data-dir', dataDir],
    { env: { ...process.env }, stdio: 'pipe' },
  );
  let output = '';
  const launchUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser host did not start:\n${output}`)),
      20_000,
    );
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /open (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`browser host exited (${code}):\n${output}`)));
  });
  return {
    launchUrl,
    origin: new URL(launchUrl).origin,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
