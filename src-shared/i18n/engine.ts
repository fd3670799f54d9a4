// The words of what the engine reports: job state reasons (`reason.<code>`), warnings (`warning.<code>`), and the row history's reasons (`history.<code>`).

export const en = {} as const;

export const de: Record<keyof typeof en, string> = {};
