// The words of a connection test: each check's result (`check.<code>`) and the summary
// (`checkSummary.<code>`).

export const en = {} as const;

export const de: Record<keyof typeof en, string> = {};
