// As at the app's roots (the services processes, the command line's entry): the kinds' parts on
// the front doors are registered (src-main/kinds/fronts.ts). Imported by the tests that build the
// services in their own process and use a kind's own commands (the scores job's); the others
// start the built command line or the host, which load them themselves.
import { loadKindFronts } from '../src-main/kinds/fronts';

loadKindFronts();
