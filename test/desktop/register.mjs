// Started with `node --import ./register.mjs <main bundle>`: what Electron's runtime gives its main
// process before the app's code runs, as far as this app needs it. It maps the `electron` module to
// the stand-in beside this file (an ESM resolve hook), sets `process.resourcesPath` where a
// packaged app has it, and records every native module loaded (`process.dlopen`), so the test can
// tell where better-sqlite3 and @napi-rs/keyring were loaded from.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);

if (process.env.STAND_IN_RESOURCES_PATH)
  process.resourcesPath = process.env.STAND_IN_RESOURCES_PATH;

const dlopens = [];
globalThis.__standInDlopens = dlopens;
const dlopen = process.dlopen.bind(process);
process.dlopen = (module, filename, ...rest) => {
  dlopens.push(filename);
  return dlopen(module, filename, ...rest);
};
