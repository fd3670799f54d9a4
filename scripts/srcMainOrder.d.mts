// The order of the folders inside src-main (srcMainOrder.mjs): a folder's rank.
export declare const SRC_MAIN_RANKS: Readonly<Record<string, number>>;
