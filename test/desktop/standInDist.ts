// A stand-in for the unpacked Electron distribution electron-builder copies into a package, for
// the desktop test (no Electron download here). Its `electron` executable is a script that says
// what it is and exits; after its code it carries Electron's fuse sentinel and a fuse wire with
// Electron's defaults, where @electron/fuses finds and flips them, so the fuses the package ends
// up with can be read back (readFuses).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @electron/fuses' sentinel: the fuse wire follows it (version, length, one byte per fuse). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const WIRE_VERSION = 1;

/** The fuses of wire version 1, in order. */
export const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;

/** Electron's defaults: what an unfused binary does. */
const DEFAULTS: Record<(typeof FUSES)[number], boolean> = {
  runAsNode: true,
  enableCookieEncryption: false,
  enableNodeOptionsEnvironmentVariable: true,
  enableNodeCliInspectArguments: true,
  enableEmbeddedAsarIntegrityValidation: false,
  onlyLoadAppFromAsar: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
};

export function writeStandInDist(dir: string): void {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const script = Buffer.from(
    '#!/bin/sh\necho "This is the stand-in Electron of the desktop test, not an Electron binary." >&2\nexit 1\n# ',
  );
  const wire = Buffer.from([
    ...Buffer.from(SENTINEL),
    WIRE_VERSION,
    FUSES.length,
    ...FUSES.map((f) => (DEFAULTS[f] ? 49 : 48)),
    10,
  ]);
  const exe = path.join(dir, 'electron');
  writeFileSync(exe, Buffer.concat([script, wire]));
  chmodSync(exe, 0o755);
  writeFileSync(path.join(dir, 'LICENSE'), 'Stand-in Electron distribution of the desktop test.\n');
}

/** The fuses as set in a binary, or undefined when it carries no fuse wire. */
export function readFuses(binary: string): Record<string, boolean> | undefined {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(SENTINEL);
  if (at < 0) return undefined;
  const wire = at + SENTINEL.length;
  if (bytes[wire] !== WIRE_VERSION) return undefined;
  const length = bytes[wire + 1]!;
  const fuses: Record<string, boolean> = {};
  FUSES.slice(0, length).forEach((name, i) => {
    fuses[name] = bytes[wire + 2 + i] === 49;
  });
  return fuses;
}
