// In every test process, as at the app's roots (the services processes, the command line's
// entry): the kinds' parts on the front doors are registered (src-main/kinds/fronts.ts).
import { loadKindFronts } from '../src-main/kinds/fronts';

loadKindFronts();
