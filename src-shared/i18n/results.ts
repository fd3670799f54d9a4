// The words of the results workbook: sheet names, column headers, statuses and the Summary sheet. A results workbook is worded in the language its job was made in.

export const en = {} as const;

export const de: Record<keyof typeof en, string> = {};
