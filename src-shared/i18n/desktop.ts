// The words of the desktop's notifications: a job finished, or needs the user. They are said in
// the language the job was made in.

export const en = {
  'notify.finished.title': 'Finished: {name}',
  'notify.attention.title': 'Needs your attention: {name}',
  'notify.noRows': 'The job had no rows to send.',
  'notify.suppliersDone.one': '{n} supplier done',
  'notify.suppliersDone.other': '{n} suppliers done',
  'notify.skipped': '{n} skipped',
  'notify.needYou.one': '{n} needs your attention',
  'notify.needYou.other': '{n} need your attention',
  'notify.suppliersNeedYou.one': '{n} supplier needs your attention',
  'notify.suppliersNeedYou.other': '{n} suppliers need your attention',
  'notify.needsAttention': 'The job needs your attention.',
} as const;

export const de: Record<keyof typeof en, string> = {
  'notify.finished.title': 'Fertig: {name}',
  'notify.attention.title': 'Braucht Ihre Aufmerksamkeit: {name}',
  'notify.noRows': 'Der Auftrag hatte keine Zeilen zu senden.',
  'notify.suppliersDone.one': '{n} Lieferant erledigt',
  'notify.suppliersDone.other': '{n} Lieferanten erledigt',
  'notify.skipped': '{n} übersprungen',
  'notify.needYou.one': '{n} braucht Ihre Aufmerksamkeit',
  'notify.needYou.other': '{n} brauchen Ihre Aufmerksamkeit',
  'notify.suppliersNeedYou.one': '{n} Lieferant braucht Ihre Aufmerksamkeit',
  'notify.suppliersNeedYou.other': '{n} Lieferanten brauchen Ihre Aufmerksamkeit',
  'notify.needsAttention': 'Der Auftrag braucht Ihre Aufmerksamkeit.',
};
