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
  'kind.identifiers.action': 'Each row’s identifier is (unless an Action column says otherwise)',
  'kind.identifiers.action.add': 'added to its supplier',
  'kind.identifiers.action.remove': 'removed from its supplier',
  'kind.deactivate': 'Deactivate suppliers',
  'kind.deactivate.help':
    'Each row names a supplier to deactivate. You see and confirm how many before anything is sent.',
  'kind.scores': 'Upload external scores',
  'kind.scores.help':
    "Your organisation's own scores per supplier (audits, delivery, sustainability) for the event types of a perspective.",
  'kind.undo': 'Undo onboarding',
  'kind.undoName': '{name} · undo',
  'kind.retryName': '{name} · retry',
  'kind.idFixName': '{name} · corrected ids',
  'kind.badge': 'Kind: {kind}',
  'map.introRef':
    'Choose the columns that name each supplier: any of its ids is enough (a supplier ID with its source is the most precise). Rows are checked against the platform before anything is sent.',
  'map.blockedRef':
    'Map at least one column that names the supplier: Supplier ID, Customer ID, Own ID or Platform ID.',
  'plan.deactivations':
    '{n, plural, one {# supplier} other {# suppliers}} will be deactivated on the platform.',
  'plan.undoOf':
    'These are exactly the suppliers the onboarding job created; suppliers that existed before it are left alone.',
  'plan.alreadyInactive':
    '{n, plural, one {# supplier is} other {# suppliers are}} inactive already (the check found no active one): done, nothing is sent for {n, plural, one {it} other {them}}.',
  'plan.typeCount': 'Type {n} to confirm the number',
  'run.checkIntro.deactivate':
    'Before anything is deactivated, each row’s supplier is looked up on the platform by the ids the row names.',
  'run.checkIntro.identifiers':
    'Before any identifier is added or removed, each row’s supplier is looked up by the ids the row names, then which supplier holds the identifier.',
  'run.kindCheck.toChange.deactivate': 'to deactivate',
  'run.kindCheck.toChange.identifiers': 'to add or remove',
  'run.kindCheck.already': 'already as the row asks: nothing to send',
  'run.kindCheck.onOther': 'identifier on another supplier: yours to decide',
  'run.kindCheck.ambiguous': 'ambiguous: several suppliers match',
  'run.startHint.deactivate':
    'Nothing is created: {n, plural, one {# supplier} other {# suppliers}} will be deactivated, and you confirm that number before anything is sent.',
  'run.startHint.identifiers':
    'Nothing is created: at most {n, plural, one {# identifier} other {# identifiers}} will be added or removed; the summary shows them before anything is sent.',
  'run.kindCheck.notFound': 'supplier not found: left out',
  'run.kindFound.deactivate':
    'Check finished: {toChange, plural, one {# supplier} other {# suppliers}} found to deactivate, {ambiguous} ambiguous, {notFound} not found (left out).',
  'run.kindFound.identifiers':
    'Check finished: {toChange, plural, one {# identifier} other {# identifiers}} to add or remove, {already} already as their rows ask, {onOther} on another supplier, {ambiguous} ambiguous, {notFound, plural, one {# supplier} other {# suppliers}} not found (left out).',
  'run.outcomes': 'Outcomes',
  'log.plan.deactivate':
    'Start confirmed: {n, plural, one {# supplier} other {# suppliers}} to deactivate.',
  'log.plan.identifiers':
    'Start confirmed: at most {adds, plural, one {# identifier} other {# identifiers}} to add and {removals} to remove.',
  'log.plan.scores': 'Start confirmed: {n, plural, one {# row} other {# rows}} of scores to send.',
  'plan.identifierAdds':
    'At most {n, plural, one {# identifier} other {# identifiers}} will be added (the check left out those already where their rows want them).',
  'plan.identifierRemovals':
    'At most {n, plural, one {# identifier} other {# identifiers}} will be removed: putting one back takes its type, id and source again.',
  'plan.scores':
    '{rows, plural, one {# row} other {# rows}} of scores will be sent, in at most {batches, plural, one {# request} other {# requests}}.',
  'plan.scoresNote':
    'Each score is checked by the platform as it is written: rejected ones are listed in the results with the reason.',
  'scoresMap.intro':
    'Enter the perspective the scores belong to: its event types are read from the platform, and the columns are matched to them. Nothing is sent before you start.',
  'scoresMap.perspective': 'Perspective ID',
  'scoresMap.layout': 'The sheet has',
  'scoresMap.layout.wide': 'a column per event type',
  'scoresMap.layout.long': 'a row per score',
  'scoresMap.layoutHelp.wide':
    'A row per supplier; each event type in a column named by its key or name; a cell holds a whole number from 1 to 100.',
  'scoresMap.layoutHelp.long':
    'A row per score: the supplier, an Event type column, a Score column and an optional Comment column.',
  'scoresMap.read': 'Read the event types and the first rows',
  'scoresMap.eventTypes':
    'The perspective has {n, plural, one {# event type} other {# event types}}:',
  'scoresMap.identifier.supplierId': 'Supplier ID',
  'scoresMap.identifier.source': 'Supplier ID source',
  'scoresMap.identifier.customerId': 'Customer ID',
  'scoresMap.identifier.ownId': 'Own ID',
  'scoresMap.identifier.platformId': 'Platform ID',
  'scoresMap.mapping': 'Which column holds what',
  'scoresMap.eventType': 'Event type',
  'scoresMap.score': 'Score',
  'scoresMap.comment': 'Comment',
  'scoresMap.rows': 'The first rows as the job reads them',
  'scoresMap.row': 'Row',
  'scoresMap.supplier': 'Supplier',
  'scoresMap.scores': 'Scores (cell)',
  'scoresMap.problems': 'Problems',
  'scoresMap.blocked':
    "Enter the perspective and read its event types: the columns must name the supplier and hold the perspective's scores.",
  'results.undo': 'Undo this onboarding…',
  'results.undoTitle': 'Undo the onboarding job "{name}"?',
  'results.undoText':
    'A new job will deactivate the suppliers this job created, and none that existed before it. You will see their number and confirm it before anything is sent.',
  'results.undoConfirm': 'Make the undo job',
  'results.undoNothing': 'This job created no supplier: there is nothing to undo.',
  // Each kind's own words where an onboarding speaks of uploading or creating suppliers: the
  // Map screen's connection line, the Review screen's next step, the run's start button, its
  // card and the log's line once started.
  'map.connection.identifiers': 'Identifiers will be changed on: {name}.',
  'map.connection.deactivate': 'Suppliers will be deactivated on: {name}.',
  'map.connection.scores': 'Scores will be sent to: {name}.',
  'review.next.scores': 'Next: to the upload',
  'run.start.identifiers': 'Start identifier changes',
  'run.start.deactivate': 'Start deactivation',
  'run.start.scores': 'Upload scores',
  'run.runTitle.identifiers': 'Identifier changes',
  'run.runTitle.deactivate': 'Deactivation',
  'log.started.identifiers': 'Identifier changes started.',
  'log.started.deactivate': 'Deactivation started.',
  'log.started.scores': 'Upload of the scores started.',
} as const;

export const de: Record<keyof typeof en, string> = {
  'kind.label': 'Was soll dieser Auftrag tun?',
  'kind.onboard': 'Lieferanten anlegen',
  'kind.onboard.help':
    'Legt die Lieferanten der Liste an, die es noch nicht gibt, hängt ihre Kennungen an und lässt sie auf Wunsch prüfen (Screening, Validierung).',
  'kind.identifiers': 'Kennungen anhängen oder entfernen',
  'kind.identifiers.help':
    'Jede Zeile nennt einen Lieferanten über eine seiner Kennungen und eine Kennung, die ihm angehängt oder entfernt werden soll.',
  'kind.identifiers.action':
    'Die Kennung jeder Zeile wird (sofern keine Spalte Aktion etwas anderes sagt)',
  'kind.identifiers.action.add': 'ihrem Lieferanten angehängt',
  'kind.identifiers.action.remove': 'von ihrem Lieferanten entfernt',
  'kind.deactivate': 'Lieferanten deaktivieren',
  'kind.deactivate.help':
    'Jede Zeile nennt einen Lieferanten, der deaktiviert werden soll. Sie sehen und bestätigen die Anzahl, bevor etwas gesendet wird.',
  'kind.scores': 'Externe Bewertungen hochladen',
  'kind.scores.help':
    'Die eigenen Bewertungen Ihrer Organisation je Lieferant (Audits, Lieferleistung, Nachhaltigkeit) für die Ereignistypen einer Perspektive.',
  'kind.undo': 'Anlage rückgängig machen',
  'kind.undoName': '{name} · rückgängig',
  'kind.retryName': '{name} · erneut',
  'kind.idFixName': '{name} · korrigierte Kennungen',
  'kind.badge': 'Art: {kind}',
  'map.introRef':
    'Wählen Sie die Spalten, die jeden Lieferanten nennen: eine seiner Kennungen genügt (eine Lieferanten-ID mit ihrer Quelle ist am genauesten). Die Zeilen werden mit der Plattform abgeglichen, bevor etwas gesendet wird.',
  'map.blockedRef':
    'Ordnen Sie mindestens eine Spalte zu, die den Lieferanten nennt: Lieferanten-ID, Kundennummer, Eigene Nummer oder Plattform-ID.',
  'plan.deactivations':
    '{n, plural, one {# Lieferant wird} other {# Lieferanten werden}} auf der Plattform deaktiviert.',
  'plan.undoOf':
    'Das sind genau die Lieferanten, die der Anlage-Auftrag angelegt hat; Lieferanten, die es vorher schon gab, bleiben unberührt.',
  'plan.alreadyInactive':
    '{n, plural, one {# Lieferant ist} other {# Lieferanten sind}} schon inaktiv (die Prüfung fand keinen aktiven): erledigt, dafür wird nichts gesendet.',
  'plan.typeCount': 'Geben Sie {n} ein, um die Anzahl zu bestätigen',
  'run.checkIntro.deactivate':
    'Bevor etwas deaktiviert wird, wird der Lieferant jeder Zeile anhand der Kennungen, die die Zeile nennt, auf der Plattform gesucht.',
  'run.checkIntro.identifiers':
    'Bevor eine Kennung hinzugefügt oder entfernt wird, wird der Lieferant jeder Zeile anhand der Kennungen der Zeile gesucht, dann der Lieferant, der die Kennung trägt.',
  'run.kindCheck.toChange.deactivate': 'zu deaktivieren',
  'run.kindCheck.toChange.identifiers': 'hinzuzufügen oder zu entfernen',
  'run.kindCheck.already': 'schon wie von der Zeile verlangt: nichts zu senden',
  'run.kindCheck.onOther': 'Kennung an einem anderen Lieferanten: Ihre Entscheidung',
  'run.kindCheck.ambiguous': 'mehrdeutig: mehrere Lieferanten passen',
  'run.startHint.deactivate':
    'Es wird nichts angelegt: {n, plural, one {# Lieferant wird} other {# Lieferanten werden}} deaktiviert, und Sie bestätigen diese Zahl, bevor etwas gesendet wird.',
  'run.startHint.identifiers':
    'Es wird nichts angelegt: höchstens {n, plural, one {# Kennung wird} other {# Kennungen werden}} hinzugefügt oder entfernt; die Übersicht zeigt sie, bevor etwas gesendet wird.',
  'run.kindCheck.notFound': 'Lieferant nicht gefunden: ausgelassen',
  'run.kindFound.deactivate':
    'Abgleich beendet: {toChange, plural, one {# Lieferant} other {# Lieferanten}} zum Deaktivieren gefunden, {ambiguous} mehrdeutig, {notFound} nicht gefunden (ausgelassen).',
  'run.kindFound.identifiers':
    'Abgleich beendet: {toChange, plural, one {# Kennung} other {# Kennungen}} hinzuzufügen oder zu entfernen, {already} schon wie von ihren Zeilen verlangt, {onOther} an einem anderen Lieferanten, {ambiguous} mehrdeutig, {notFound, plural, one {# Lieferant} other {# Lieferanten}} nicht gefunden (ausgelassen).',
  'run.outcomes': 'Ergebnisse',
  'log.plan.deactivate':
    'Start bestätigt: {n, plural, one {# Lieferant} other {# Lieferanten}} zu deaktivieren.',
  'log.plan.identifiers':
    'Start bestätigt: höchstens {adds, plural, one {# Kennung} other {# Kennungen}} hinzuzufügen und {removals} zu entfernen.',
  'log.plan.scores':
    'Start bestätigt: {n, plural, one {# Zeile} other {# Zeilen}} mit Bewertungen zu senden.',
  'plan.identifierAdds':
    'Höchstens {n, plural, one {# Kennung wird} other {# Kennungen werden}} hinzugefügt (der Abgleich hat die ausgelassen, die schon dort sind, wo ihre Zeilen sie wollen).',
  'plan.identifierRemovals':
    'Höchstens {n, plural, one {# Kennung wird} other {# Kennungen werden}} entfernt: Um eine zurückzubringen, braucht es wieder Typ, ID und Quelle.',
  'plan.scores':
    '{rows, plural, one {# Zeile mit Bewertungen wird} other {# Zeilen mit Bewertungen werden}} gesendet, in höchstens {batches, plural, one {# Anfrage} other {# Anfragen}}.',
  'plan.scoresNote':
    'Die Plattform prüft jede Bewertung beim Schreiben: Abgelehnte stehen mit dem Grund in den Ergebnissen.',
  'scoresMap.intro':
    'Geben Sie die Perspektive ein, zu der die Bewertungen gehören: Ihre Ereignistypen werden von der Plattform gelesen und den Spalten zugeordnet. Vor dem Start wird nichts gesendet.',
  'scoresMap.perspective': 'Perspektiven-ID',
  'scoresMap.layout': 'Das Blatt hat',
  'scoresMap.layout.wide': 'eine Spalte je Ereignistyp',
  'scoresMap.layout.long': 'eine Zeile je Bewertung',
  'scoresMap.layoutHelp.wide':
    'Eine Zeile je Lieferant; jeder Ereignistyp in einer Spalte, benannt nach seinem Schlüssel oder Namen; eine Zelle enthält eine ganze Zahl von 1 bis 100.',
  'scoresMap.layoutHelp.long':
    'Eine Zeile je Bewertung: der Lieferant, eine Spalte Ereignistyp, eine Spalte Bewertung und eine optionale Spalte Kommentar.',
  'scoresMap.read': 'Ereignistypen und erste Zeilen lesen',
  'scoresMap.eventTypes':
    'Die Perspektive hat {n, plural, one {# Ereignistyp} other {# Ereignistypen}}:',
  'scoresMap.identifier.supplierId': 'Lieferanten-ID',
  'scoresMap.identifier.source': 'Quelle der Lieferanten-ID',
  'scoresMap.identifier.customerId': 'Kundennummer',
  'scoresMap.identifier.ownId': 'Eigene Nummer',
  'scoresMap.identifier.platformId': 'Plattform-ID',
  'scoresMap.mapping': 'Welche Spalte was enthält',
  'scoresMap.eventType': 'Ereignistyp',
  'scoresMap.score': 'Bewertung',
  'scoresMap.comment': 'Kommentar',
  'scoresMap.rows': 'Die ersten Zeilen, wie der Auftrag sie liest',
  'scoresMap.row': 'Zeile',
  'scoresMap.supplier': 'Lieferant',
  'scoresMap.scores': 'Bewertungen (Zelle)',
  'scoresMap.problems': 'Probleme',
  'scoresMap.blocked':
    'Geben Sie die Perspektive ein und lesen Sie ihre Ereignistypen: Die Spalten müssen den Lieferanten nennen und die Bewertungen der Perspektive enthalten.',
  'results.undo': 'Diese Anlage rückgängig machen…',
  'results.undoTitle': 'Den Anlage-Auftrag „{name}“ rückgängig machen?',
  'results.undoText':
    'Ein neuer Auftrag deaktiviert die Lieferanten, die dieser Auftrag angelegt hat, und keinen, den es vorher schon gab. Sie sehen ihre Anzahl und bestätigen sie, bevor etwas gesendet wird.',
  'results.undoConfirm': 'Rückgängig-Auftrag anlegen',
  'results.undoNothing':
    'Dieser Auftrag hat keinen Lieferanten angelegt: Es gibt nichts rückgängig zu machen.',
  'map.connection.identifiers': 'Die Kennungen werden geändert auf: {name}.',
  'map.connection.deactivate': 'Die Lieferanten werden deaktiviert auf: {name}.',
  'map.connection.scores': 'Die Bewertungen werden gesendet an: {name}.',
  'review.next.scores': 'Weiter: zum Hochladen',
  'run.start.identifiers': 'Änderung der Kennungen starten',
  'run.start.deactivate': 'Deaktivierung starten',
  'run.start.scores': 'Bewertungen hochladen',
  'run.runTitle.identifiers': 'Änderung der Kennungen',
  'run.runTitle.deactivate': 'Deaktivierung',
  'log.started.identifiers': 'Änderung der Kennungen gestartet.',
  'log.started.deactivate': 'Deaktivierung gestartet.',
  'log.started.scores': 'Hochladen der Bewertungen gestartet.',
};
