// The kinds of job (src-shared/operations.ts) by name, for the New import screen, the Jobs
// list, the command line's summaries and the results workbooks.

export const en = {
  'kind.label': 'What should this job do?',
  'kind.onboard': 'Onboard suppliers',
  'kind.onboard.help':
    'Create the suppliers of the list that do not exist yet, attach their ids, and screen or validate them if you ask.',
  'kind.identifiers': 'Attach or remove identifiers',
  'kind.identifiers.help':
    'Each row names a supplier by any of its ids and an identifier to add to it or remove from it.',
  'kind.deactivate': 'Deactivate suppliers',
  'kind.deactivate.help':
    'Each row names a supplier to deactivate. You see and confirm how many before anything is sent.',
  'kind.scores': 'Upload external scores',
  'kind.scores.help':
    "Your organisation's own scores per supplier (audits, delivery, sustainability) for the event types of a perspective.",
  'kind.undo': 'Undo onboarding',
  'kind.badge': 'Kind: {kind}',
} as const;

export const de: Record<keyof typeof en, string> = {
  'kind.label': 'Was soll dieser Auftrag tun?',
  'kind.onboard': 'Lieferanten anlegen',
  'kind.onboard.help':
    'Legt die Lieferanten der Liste an, die es noch nicht gibt, hängt ihre Kennungen an und lässt sie auf Wunsch prüfen (Screening, Validierung).',
  'kind.identifiers': 'Kennungen anhängen oder entfernen',
  'kind.identifiers.help':
    'Jede Zeile nennt einen Lieferanten über eine seiner Kennungen und eine Kennung, die ihm angehängt oder entfernt werden soll.',
  'kind.deactivate': 'Lieferanten deaktivieren',
  'kind.deactivate.help':
    'Jede Zeile nennt einen Lieferanten, der deaktiviert werden soll. Sie sehen und bestätigen die Anzahl, bevor etwas gesendet wird.',
  'kind.scores': 'Externe Bewertungen hochladen',
  'kind.scores.help':
    'Die eigenen Bewertungen Ihrer Organisation je Lieferant (Audits, Lieferleistung, Nachhaltigkeit) für die Ereignistypen einer Perspektive.',
  'kind.undo': 'Anlage rückgängig machen',
  'kind.badge': 'Art: {kind}',
};
