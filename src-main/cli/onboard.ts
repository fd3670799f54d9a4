// `npm run onboard`: the command-line front door. It calls the same services as the desktop app,
// directly, without a transport in between.
import { parseArgs } from 'node:util';
import { createAppServices } from '../services/appServices';
import { defaultDataDir } from '../services/paths';

const HELP = `Usage: npm run onboard -- [options]

Supplier Onboarding on the command line.

Options:
  --version         print the app's version and its data folder, then exit
  --help            show this text

Exit codes: 0 success, 2 usage error.
`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        version: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    console.error(
      `${e instanceof Error ? e.message : e}\nRun "npm run onboard -- --help" to see the options.`,
    );
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.version) {
    const services = createAppServices({ dataDir: defaultDataDir(), transport: 'direct' });
    const result = await services.router.dispatch('app:info', {});
    await services.close();
    if (!result.ok) {
      console.error(result.error.message);
      return 1;
    }
    const info = result.value as { name: string; version: string; dataDir: string };
    console.log(`${info.name} ${info.version}`);
    console.log(`data folder: ${info.dataDir}`);
    return 0;
  }
  process.stdout.write(HELP);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
