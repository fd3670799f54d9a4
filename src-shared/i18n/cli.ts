// The command line's own sentences (summary lines, prompts, the plan before a start), worded in the language of LANG or LC_ALL.

export const en = {} as const;

export const de: Record<keyof typeof en, string> = {};
