// The words of what an import finds: notes on the file (`note.<kind>`), row problems (`problem.<code>` and the next step `problem.<code>.fix`), and the reasons of mapping suggestions.

export const en = {} as const;

export const de: Record<keyof typeof en, string> = {};
