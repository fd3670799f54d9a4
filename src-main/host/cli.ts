// `npm run host`: the app in a browser, without Electron.
// The services run in a process of their own (servicesMain.ts), as on the desktop: however long
// an import, a bulk fix or an export works, this process keeps answering the page.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { langFromEnv, word } from '../../src-shared/i18n';
import { certificateChecksOff } from '../api/transport';
import { defaultDataDir } from '../services/paths';
import { startRemoteServices } from '../services/remote/client';
import { forkServices } from '../services/remote/nodeChild';
import { startBrowserHost } from './browserHost';

/** The services' entry beside this file: the bundle (out/cli/services.mjs), or the source when
 *  run from it. */
function servicesEntry(): { entry: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./services.mjs', import.meta.url));
  if (existsSync(built)) return { entry: built, execArgv: ['--enable-source-maps'] };
  return {
    entry: fileURLToPath(new URL('./servicesMain.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}

const HELP = `Usage: npm run host -- [options]

Serves the Supplier Onboarding app to a web browser on this computer only (127.0.0.1).
Open the printed address; it carries a one-time secret, so no other page or program can use it.

Options:
  --port N          port to listen on (default: 0, a free port)
  --data-dir DIR    where jobs and settings are kept (default: the app's data folder)
  --renderer DIR    folder of the built user interface (default: out/renderer; run "npm run build" first)
  --help            show this text
`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        renderer: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(
      `${e instanceof Error ? e.message : e}\nRun "npm run host -- --help" for the options.`,
    );
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
    return 2;
  }
  if (certificateChecksOff())
    console.error(word(langFromEnv(process.env), 'cli.network.certificateChecksOff'));
  const { entry, execArgv } = servicesEntry();
  const services = startRemoteServices({
    spawn: () => forkServices(entry, execArgv),
    start: {
      dataDir: values['data-dir'] ?? defaultDataDir(),
      transport: 'browser-host',
      // HTTPS_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS, as Node's tools honour them.
      network: 'environment',
    },
    log: (line) => console.error(line),
  });
  let host;
  try {
    host = await startBrowserHost({
      services,
      port,
      rendererDir: values.renderer ?? fileURLToPath(new URL('../../out/renderer', import.meta.url)),
      log: (line) => console.error(line),
    });
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    await services.close();
    return 2;
  }
  console.log(`browser host listening on ${host.origin}`);
  console.log(`open ${host.launchUrl}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await host.close();
  await services.close();
  return 0;
}

process.exitCode = await main();
