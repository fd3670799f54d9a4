// The kinds' parts on the front doors, registered with the services (services/kindFronts.ts).
// Loaded only by the roots: the services processes (electron/servicesMain.ts,
// host/servicesMain.ts) and the command line's entry (src-main/onboard.ts). A kind with parts of
// its own on the front doors adds its line here (docs/architecture.md, "Adding a kind").
import { registerKindFront } from '../services/kindFronts';
import { deactivateFront } from './deactivate/front';
import { identifiersFront } from './identifiers/front';
import { scoresFront } from './scores/front';

let loaded = false;

/** Registers every built-in kind's front-door parts, once. */
export function loadKindFronts(): void {
  if (loaded) return;
  loaded = true;
  registerKindFront(scoresFront);
  registerKindFront(deactivateFront);
  registerKindFront(identifiersFront);
}
