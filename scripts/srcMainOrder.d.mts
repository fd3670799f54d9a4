// What each folder inside src-main may import, and the Electron processes' own rules
// (srcMainOrder.mjs).
export declare const SRC_MAIN_ALLOWED: Readonly<Record<string, readonly string[]>>;
export declare const ELECTRON_PROCESSES: Readonly<
  Record<string, { may?: readonly string[]; mayNot?: readonly string[] }>
>;
export declare function mayImport(from: string, to: string): boolean;
export declare function processMayImport(file: string, target: string): boolean;
export declare function orderFolder(parts: readonly string[]): string | undefined;
