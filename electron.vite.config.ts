import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';

// The page's Content-Security-Policy. Built pages get the strict one; the dev server injects
// styles and a module client inline, so only `npm start` relaxes styles.
const strictCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function cspPlugin(): Plugin {
  let dev = false;
  return {
    name: 'supplier-onboarding:csp',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml(html) {
      const policy = dev
        ? strictCsp.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        : strictCsp;
      return html.replace('%CSP%', policy);
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Dependencies stay in node_modules and are imported at run time, except the locale JSON
      // files of i18n-iso-countries: the source imports them `with { type: 'json' }`, an
      // attribute the bundler drops from an external import, and Node's ESM loader (Electron's
      // too) refuses a JSON import without it (ERR_IMPORT_ATTRIBUTE_MISSING). Bundled, the JSON
      // becomes plain code. The package itself stays external, so its Node entry (which loads its
      // locales by computed paths) runs as it does from source. `npm run test:desktop` starts the
      // built bundle under Node's ESM loader and fails on any such import.
      externalizeDeps: { exclude: ['i18n-iso-countries'] },
      rolldownOptions: {
        // The main process (index.js) and the services' own utility process (services.js).
        input: {
          index: resolve('src-main/electron/main.ts'),
          services: resolve('src-main/electron/servicesMain.ts'),
        },
        external: ['i18n-iso-countries'],
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be one CommonJS file with its few dependencies bundled in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    build: {
      rolldownOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
    plugins: [svelte(), cspPlugin()],
  },
});
