// The version is read from package.json at build time by the bundlers and at run time under tsx;
// both resolve this JSON import.
import pkg from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;
