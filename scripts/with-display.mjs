// Runs a command where windows can open: as it is where there is a display (or not Linux), and
// under a virtual X server (`xvfb-run -a`) on a Linux machine without one, such as CI.
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-display.mjs <command> [arguments…]');
  process.exit(2);
}
const needsX = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const hasXvfb =
  needsX && spawnSync('xvfb-run', ['--help'], { stdio: 'ignore' }).error === undefined;
if (needsX && !hasXvfb) {
  console.log(
    'No display and no xvfb-run: the Electron smoke test will be skipped. Install xvfb (apt-get install xvfb) to run it here.',
  );
}
const r = hasXvfb
  ? spawnSync('xvfb-run', ['-a', '--server-args=-screen 0 1280x1024x24', command, ...args], {
      stdio: 'inherit',
    })
  : spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
if (r.error) {
  console.error(`Could not run ${command}: ${r.error.message}`);
  process.exit(1);
}
process.exit(r.status ?? 1);
