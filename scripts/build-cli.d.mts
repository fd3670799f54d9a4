/** Where the command-line bundles are written (out/cli). */
export const CLI_OUT: string;
/** The bundles and the source file each starts from. */
export const ENTRIES: Readonly<Record<'onboard' | 'sandbox' | 'host' | 'services', string>>;
/** The esbuild options every bundle of the app's Node code outside Electron is built with. */
export const BUNDLE_OPTIONS: Readonly<{
  bundle: true;
  platform: 'node';
  format: 'esm';
  target: 'node22';
  packages: 'external';
}>;
/** Builds the bundles that are missing or older than a source; resolves with their names. */
export function buildCli(options?: { force?: boolean }): Promise<string[]>;
