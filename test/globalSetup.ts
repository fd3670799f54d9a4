// Before any test file: the command-line tools are built as `npm run onboard` and `npm run sandbox`
// build them (out/cli/*.mjs), so that the tests start the same files a user starts.
import { buildCli } from '../scripts/build-cli.mjs';

export default async function setup(): Promise<void> {
  await buildCli();
}
