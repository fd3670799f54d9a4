// The scores job's words (docs/architecture.md, "The scores job"): the problems of a scores
// sheet, what the API's per-score errors mean and what to do, the results workbook, the command
// line's lines and the setup component.
export const en = {
  // ---- problems of a cell or a row, each naming the cell and the fix
  'problem.scores.no_identifier':
    'Row {row} names no supplier: {columns} are empty. Fill one of them, or delete the row.',
  'problem.scores.not_a_score':
    'Cell {cell}: "{value}" is not a score. Enter a whole number from 1 to 100 (85, not 85.5).',
  'problem.scores.score_out_of_range':
    'Cell {cell}: {value} is outside the scores the API takes. Enter a whole number from 1 to 100.',
  'problem.scores.unknown_event_type':
    'Cell {cell}: "{value}" is not an event type of perspective {perspectiveId}. Use one of: {keys}.',
  'problem.scores.no_event_type':
    'Cell {cell}: the event type is empty. Enter one of: {keys}, or delete the row.',
  'problem.scores.no_score':
    'Cell {cell}: the score is empty. Enter a whole number from 1 to 100, or delete the row.',
  'problem.scores.no_scores':
    'Row {row} has no score in any event type column ({columns}). Fill at least one, or delete the row.',
  'problem.scores.duplicate':
    'Cell {cell}: {eventTypeKey} for this supplier is also in cell {first}; the later would overwrite the earlier. Keep one of them.',
  'problem.scores.platform_id':
    'Cell {cell}: "{value}" is not a platform id. Enter the supplier\'s platform id as a whole number.',
  // ---- the API's reasons for a score it did not write
  'scores.rejected.TARGET_NOT_FOUND':
    'No supplier matches this identifier. Check the identifier in {cell}, or onboard the supplier first.',
  'scores.rejected.MULTIPLE_TARGETS_MATCHED':
    'Several suppliers match this identifier. Add the source, or name the supplier by its platform id.',
  'scores.rejected.INVALID_IDENTIFIER':
    'The identifier cannot be used. Fill the supplier id, customer id, own id or platform id.',
  'scores.rejected.UNKNOWN_EVENT_TYPE':
    "The organisation has no event type {eventTypeKey}. Pick one of the perspective's event types in {cell}.",
  'scores.rejected.other': 'The API did not write the score in {cell}: {message}',
  'scores.rejected.not_settled':
    "The answer to this score's request was lost and reading the supplier's history did not settle it. Retry the row.",
  // ---- results workbook
  'scores.results.sheet': 'Scores',
  'scores.results.summarySheet': 'Summary',
  'scores.results.sourceRow': 'Source row',
  'scores.results.supplier': 'Supplier',
  'scores.results.eventType': 'Event type',
  'scores.results.cell': 'Cell',
  'scores.results.score': 'Score',
  'scores.results.comment': 'Comment',
  'scores.results.outcome': 'Outcome',
  'scores.results.reason': 'Reason',
  'scores.results.outcome.written': 'written',
  'scores.results.outcome.rejected': 'rejected',
  'scores.results.outcome.invalid': 'to fix',
  'scores.results.outcome.unsent': 'not sent',
  'scores.results.summary.job': 'Job',
  'scores.results.summary.perspective': 'Perspective',
  'scores.results.summary.rows': 'Rows',
  'scores.results.summary.invalidRows': 'Rows to fix',
  'scores.results.summary.scores': 'Scores',
  'scores.results.summary.written': 'Written',
  'scores.results.summary.rejected': 'Rejected',
  'scores.results.summary.unsent': 'Not sent',
  // ---- command line
  'scores.cli.eventTypes':
    'Perspective {perspectiveId}: {count, plural, one {# event type} other {# event types}} ({keys}).',
  'scores.cli.noEventTypes':
    'Perspective {perspectiveId} has no event types. Check the perspective id, or configure its event types on the platform.',
  'scores.cli.mapped': 'Sheet layout {layout}: identifier {identifier}; scores {scores}.',
  'scores.cli.imported':
    '{rows, plural, one {# row} other {# rows}} read from {file}: {valid} ready with {scores, plural, one {# score} other {# scores}}, {invalid} to fix.',
  'scores.cli.problem': 'Row {row}: {problem}',
  'scores.cli.results': 'Results: {path}',
  'scores.cli.usage':
    'The scores job needs a file and --perspective ID (or --resume JOB). See --help.',
  'scores.cli.noIdentifierColumn':
    'No column names the supplier. Name one "Supplier ID", "Customer ID", "Own ID" or "Platform ID".',
  'scores.cli.noScoreColumns':
    'No column matches an event type of perspective {perspectiveId} ({keys}). Name the columns by event type key or name, or use --layout long.',
  'scores.cli.noLongColumns':
    'A long sheet needs an "Event type" and a "Score" column. Add them, or use --layout wide.',
  'scores.cli.notScoresJob': 'Job {job} is not a scores job. Resume it without --operation scores.',
  // ---- the setup component
  'scores.ui.title': 'Scores',
  'scores.ui.perspective': 'Perspective ID',
  'scores.ui.load': 'Show event types',
  'scores.ui.eventTypes': 'Event types of this perspective',
  'scores.ui.none': 'This perspective has no event types.',
  'scores.ui.layout': 'Sheet layout',
  'scores.ui.layout.wide': 'One column per event type, one row per supplier',
  'scores.ui.layout.long': 'One row per supplier, event type and score',
  // ---- the kinds of problems, as the Review and Results screens count and filter them
  'problemKind.scores.no_identifier': 'No supplier named',
  'problemKind.scores.not_a_score': 'Not a score',
  'problemKind.scores.score_out_of_range': 'Score outside 1 to 100',
  'problemKind.scores.unknown_event_type': 'Event type not in the perspective',
  'problemKind.scores.no_event_type': 'Event type missing',
  'problemKind.scores.no_score': 'Score missing',
  'problemKind.scores.no_scores': 'No score in the row',
  'problemKind.scores.duplicate': 'Event type twice for the supplier',
  'problemKind.scores.platform_id': 'Platform ID not a whole number',
} as const;

export const de: Record<keyof typeof en, string> = {
  'problem.scores.no_identifier':
    'Zeile {row} nennt keinen Lieferanten: {columns} sind leer. Füllen Sie eine davon aus oder löschen Sie die Zeile.',
  'problem.scores.not_a_score':
    'Zelle {cell}: „{value}“ ist kein Score. Geben Sie eine ganze Zahl von 1 bis 100 ein (85, nicht 85,5).',
  'problem.scores.score_out_of_range':
    'Zelle {cell}: {value} liegt außerhalb der Scores, die die API annimmt. Geben Sie eine ganze Zahl von 1 bis 100 ein.',
  'problem.scores.unknown_event_type':
    'Zelle {cell}: „{value}“ ist kein Ereignistyp der Perspektive {perspectiveId}. Verwenden Sie einen von: {keys}.',
  'problem.scores.no_event_type':
    'Zelle {cell}: Der Ereignistyp ist leer. Geben Sie einen von {keys} ein oder löschen Sie die Zeile.',
  'problem.scores.no_score':
    'Zelle {cell}: Der Score ist leer. Geben Sie eine ganze Zahl von 1 bis 100 ein oder löschen Sie die Zeile.',
  'problem.scores.no_scores':
    'Zeile {row} hat in keiner Ereignistyp-Spalte ({columns}) einen Score. Füllen Sie mindestens eine aus oder löschen Sie die Zeile.',
  'problem.scores.duplicate':
    'Zelle {cell}: {eventTypeKey} für diesen Lieferanten steht auch in Zelle {first}; der spätere Wert würde den früheren überschreiben. Behalten Sie einen davon.',
  'problem.scores.platform_id':
    'Zelle {cell}: „{value}“ ist keine Plattform-ID. Geben Sie die Plattform-ID des Lieferanten als ganze Zahl ein.',
  'scores.rejected.TARGET_NOT_FOUND':
    'Kein Lieferant passt zu dieser Kennung. Prüfen Sie die Kennung in {cell} oder legen Sie den Lieferanten zuerst an.',
  'scores.rejected.MULTIPLE_TARGETS_MATCHED':
    'Mehrere Lieferanten passen zu dieser Kennung. Ergänzen Sie die Quelle oder nennen Sie den Lieferanten mit seiner Plattform-ID.',
  'scores.rejected.INVALID_IDENTIFIER':
    'Die Kennung ist nicht verwendbar. Füllen Sie Lieferanten-ID, Kunden-ID, eigene ID oder Plattform-ID aus.',
  'scores.rejected.UNKNOWN_EVENT_TYPE':
    'Die Organisation hat keinen Ereignistyp {eventTypeKey}. Wählen Sie in {cell} einen Ereignistyp der Perspektive.',
  'scores.rejected.other': 'Die API hat den Score in {cell} nicht geschrieben: {message}',
  'scores.rejected.not_settled':
    'Die Antwort auf die Anfrage dieses Scores ging verloren, und die Historie des Lieferanten hat es nicht geklärt. Wiederholen Sie die Zeile.',
  'scores.results.sheet': 'Scores',
  'scores.results.summarySheet': 'Zusammenfassung',
  'scores.results.sourceRow': 'Quellzeile',
  'scores.results.supplier': 'Lieferant',
  'scores.results.eventType': 'Ereignistyp',
  'scores.results.cell': 'Zelle',
  'scores.results.score': 'Score',
  'scores.results.comment': 'Kommentar',
  'scores.results.outcome': 'Ergebnis',
  'scores.results.reason': 'Grund',
  'scores.results.outcome.written': 'geschrieben',
  'scores.results.outcome.rejected': 'abgelehnt',
  'scores.results.outcome.invalid': 'zu korrigieren',
  'scores.results.outcome.unsent': 'nicht gesendet',
  'scores.results.summary.job': 'Auftrag',
  'scores.results.summary.perspective': 'Perspektive',
  'scores.results.summary.rows': 'Zeilen',
  'scores.results.summary.invalidRows': 'Zu korrigierende Zeilen',
  'scores.results.summary.scores': 'Scores',
  'scores.results.summary.written': 'Geschrieben',
  'scores.results.summary.rejected': 'Abgelehnt',
  'scores.results.summary.unsent': 'Nicht gesendet',
  'scores.cli.eventTypes':
    'Perspektive {perspectiveId}: {count, plural, one {# Ereignistyp} other {# Ereignistypen}} ({keys}).',
  'scores.cli.noEventTypes':
    'Die Perspektive {perspectiveId} hat keine Ereignistypen. Prüfen Sie die Perspektiven-ID oder richten Sie ihre Ereignistypen auf der Plattform ein.',
  'scores.cli.mapped': 'Tabellenform {layout}: Kennung {identifier}; Scores {scores}.',
  'scores.cli.imported':
    '{rows, plural, one {# Zeile} other {# Zeilen}} aus {file} gelesen: {valid} bereit mit {scores, plural, one {# Score} other {# Scores}}, {invalid} zu korrigieren.',
  'scores.cli.problem': 'Zeile {row}: {problem}',
  'scores.cli.results': 'Ergebnisse: {path}',
  'scores.cli.usage':
    'Der Scores-Auftrag braucht eine Datei und --perspective ID (oder --resume AUFTRAG). Siehe --help.',
  'scores.cli.noIdentifierColumn':
    'Keine Spalte nennt den Lieferanten. Nennen Sie eine „Supplier ID“, „Customer ID“, „Own ID“ oder „Platform ID“.',
  'scores.cli.noScoreColumns':
    'Keine Spalte passt zu einem Ereignistyp der Perspektive {perspectiveId} ({keys}). Benennen Sie die Spalten nach Schlüssel oder Name des Ereignistyps, oder verwenden Sie --layout long.',
  'scores.cli.noLongColumns':
    'Eine lange Tabelle braucht eine Spalte „Event type“ und eine Spalte „Score“. Ergänzen Sie sie oder verwenden Sie --layout wide.',
  'scores.cli.notScoresJob':
    'Auftrag {job} ist kein Scores-Auftrag. Setzen Sie ihn ohne --operation scores fort.',
  'scores.ui.title': 'Scores',
  'scores.ui.perspective': 'Perspektiven-ID',
  'scores.ui.load': 'Ereignistypen anzeigen',
  'scores.ui.eventTypes': 'Ereignistypen dieser Perspektive',
  'scores.ui.none': 'Diese Perspektive hat keine Ereignistypen.',
  'scores.ui.layout': 'Tabellenform',
  'scores.ui.layout.wide': 'Eine Spalte je Ereignistyp, eine Zeile je Lieferant',
  'scores.ui.layout.long': 'Eine Zeile je Lieferant, Ereignistyp und Score',
  'problemKind.scores.no_identifier': 'Kein Lieferant genannt',
  'problemKind.scores.not_a_score': 'Kein Score',
  'problemKind.scores.score_out_of_range': 'Score außerhalb von 1 bis 100',
  'problemKind.scores.unknown_event_type': 'Ereignistyp nicht in der Perspektive',
  'problemKind.scores.no_event_type': 'Ereignistyp fehlt',
  'problemKind.scores.no_score': 'Score fehlt',
  'problemKind.scores.no_scores': 'Kein Score in der Zeile',
  'problemKind.scores.duplicate': 'Ereignistyp doppelt für den Lieferanten',
  'problemKind.scores.platform_id': 'Plattform-ID keine ganze Zahl',
};
