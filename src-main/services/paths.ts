// Where the app keeps its data. Every front door (desktop, browser host, command line) resolves the
// same folder, so a job started in one can be resumed in another. It matches Electron's userData
// folder for the product name, which the desktop app uses as well.
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Supplier Onboarding';
export const DATA_DIR_ENV = 'SUPPLIER_ONBOARDING_HOME';

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  const override = env[DATA_DIR_ENV];
  if (override) return path.resolve(override);
  const home = os.homedir();
  let appData: string;
  if (platform === 'win32') appData = env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  else if (platform === 'darwin') appData = path.join(home, 'Library', 'Application Support');
  else appData = env.XDG_CONFIG_HOME ?? path.join(home, '.config');
  return path.join(appData, PRODUCT_NAME);
}

export function journalPathFor(dataDir: string): string {
  return path.join(dataDir, 'journal.sqlite');
}
