// `npm run onboard`: the command line's entry, a root of the app (docs/architecture.md, "Import
// order inside src-main"). It loads the kinds' parts on the front doors (kinds/fronts.ts), then
// runs the command line (cli/onboard.ts) with the arguments it was given.
import { main } from './cli/onboard';
import { loadKindFronts } from './kinds/fronts';

loadKindFronts();
process.exitCode = await main(process.argv.slice(2));
