// The words of the supplier base: its export workbook, the drift report workbook, and the
// Supplier base screen.

export const en = {
  // ---- export workbook
  'base.sheet.suppliers': 'Suppliers',
  'base.sheet.summary': 'Summary',
  'base.column.platformId': 'Platform ID',
  'base.column.name': 'Name',
  'base.column.address': 'Address',
  'base.column.city': 'City',
  'base.column.postalCode': 'Postal code',
  'base.column.country': 'Country',
  'base.column.supplierId': 'Supplier ID',
  'base.column.source': 'Supplier ID source',
  'base.column.moreIds': 'More supplier IDs',
  'base.summary.title': 'Export of the supplier base',
  'base.summary.exportedAt': 'Exported at',
  'base.summary.suppliers': 'Suppliers',
  'base.summary.pages': 'Pages read',
  'base.summary.pagesHelp': 'Pages of {size, plural, one {# supplier} other {# suppliers}} each.',
  'base.summary.sheets': 'Supplier sheets',
  'base.summary.sheetsHelp': 'More suppliers than one Excel sheet holds: they go on in {sheets}.',
  'base.summary.duplicates': 'Suppliers met twice',
  'base.summary.duplicatesHelp':
    'The list shifted between two pages (or a page was read again): each supplier is in the export once.',
  'base.summary.listChanged': 'The list changed during the export',
  'base.summary.listChangedHelp':
    'Suppliers were added or removed while the pages were read: those may or may not be in this export. Export again for an exact picture.',
  'base.summary.noPostalCodes': 'Postal codes',
  'base.summary.noPostalCodesHelp':
    'The supplier list of the API carries no postal codes, so the column is empty.',
  'base.summary.cut': 'Cells cut',
  'base.summary.cutHelp': 'Texts longer than the 32,767 characters an Excel cell holds were cut.',
  // ---- drift report workbook
  'base.drift.sheet.rows': 'Drift',
  'base.drift.sheet.unmatched': 'Not matched',
  'base.drift.column.sourceRow': 'Source row',
  'base.drift.column.status': 'Status',
  'base.drift.column.differsIn': 'Differs in',
  'base.drift.column.file': '{field} (file)',
  'base.drift.column.platform': '{field} (platform)',
  'base.drift.column.reason': 'Reason',
  'base.drift.status.same': 'same',
  'base.drift.status.differs': 'differs',
  'base.drift.status.not_found': 'not found',
  'base.drift.status.ambiguous': 'ambiguous',
  'base.drift.status.no_identifier': 'no supplier ID',
  'base.drift.reason.not_found': 'No active supplier on the platform has this supplier ID.',
  'base.drift.reason.ambiguous':
    '{count, plural, one {# supplier on the platform has} other {# suppliers on the platform have}} this supplier ID.',
  'base.drift.reason.no_identifier': 'The row has no supplier ID to look the supplier up by.',
  'base.drift.summary.title': 'Drift report: the supplier list against the platform',
  'base.drift.summary.file': 'Supplier list',
  'base.drift.summary.madeAt': 'Made at',
  'base.drift.summary.rows': 'Rows',
  'base.drift.summary.status': 'Rows by status',
  'base.drift.summary.field': 'Differences by field',
  'base.drift.summary.compared':
    'Values are compared as the import reads them: spaces collapsed, upper and lower case alike, country names as their ISO codes.',
  'base.drift.summary.postalNotCompared':
    'Postal codes were not compared: the supplier list of the API carries none.',
  'base.drift.summary.suppliers': 'Suppliers on the platform',
  // ---- the screen
  'base.nav': 'Supplier base',
  'base.title': 'Supplier base',
  'base.intro':
    "Export every active supplier of the platform with its platform ID and identifiers, compare a supplier list with what the platform holds, or find the likely duplicates among the platform's own suppliers.",
  'base.connection': 'Connection',
  'base.export.title': 'Export the supplier base',
  'base.export.help':
    'Reads the whole list at the API read limit. An export that stops continues where it stopped when started again with the same file.',
  'base.export.start': 'Export to a workbook…',
  'base.export.resume':
    'Continue the export ({pages, plural, one {# page} other {# pages}}, {suppliers, plural, one {# supplier} other {# suppliers}} read)',
  'base.export.done':
    '{suppliers, plural, one {# supplier} other {# suppliers}} exported to {file} from the connection "{connection}".',
  'base.export.stopped':
    'The export from the connection "{connection}" stopped after {pages, plural, one {# page} other {# pages}}; start it again to continue.',
  'base.drift.title': 'Drift report',
  'base.drift.help':
    'Compares the name, address, city, postal code and country of each row of a supplier list with the supplier of the same supplier ID on the platform.',
  'base.drift.listTitle':
    '{n, plural, one {The row that is not the same on the platform} other {The # rows that are not the same on the platform}}',
  'base.drift.show': 'Show',
  'base.drift.showAll': 'All of them ({n})',
  'base.drift.showStatus': '{status} ({n})',
  'base.drift.column.what': 'What differs, or why not matched',
  'base.drift.inFile': 'in the file',
  'base.drift.onPlatform': 'on the platform',
  'base.drift.empty': '(empty)',
  'base.drift.shownOf': 'Showing the first {shown} of {n}. The report workbook lists every one.',
  'base.drift.none': 'Every row of the list is the same on the platform.',
  'base.drift.start': 'Choose a supplier list…',
  'base.drift.done':
    '{rows, plural, one {# row} other {# rows}}: {same} the same, {differs, plural, one {# differs} other {# differ}}, {notFound} not found, {ambiguous} ambiguous (connection "{connection}"). Report: {file}.',
  'base.progress':
    '{pages} of {totalPages, plural, one {# page} other {# pages}} · {suppliers, plural, one {# supplier} other {# suppliers}} · {rate} reads/min · {eta} left',
  'base.progress.rows': '{rows, plural, one {# row} other {# rows}} compared',
  'base.stop': 'Stop',
  'base.back': 'Back to jobs',
  'base.download': 'Download the workbook',
  'base.audit.sheet.groups': 'Likely duplicates',
  'base.audit.sheet.deactivate': 'To deactivate',
  'base.audit.column.group': 'Group',
  'base.audit.column.supplierIds': 'Supplier IDs',
  'base.audit.column.why': 'Why',
  'base.audit.column.decision': 'Decision',
  'base.audit.decision.keep': 'keep',
  'base.audit.decision.deactivate': 'deactivate',
  'base.audit.summary.title': "Likely duplicates among the platform's active suppliers",
  'base.audit.summary.madeAt': 'Made at',
  'base.audit.summary.suppliers': 'Active suppliers compared',
  'base.audit.summary.groups': 'Groups of likely duplicates',
  'base.audit.summary.inGroups': 'Suppliers in a group',
  'base.audit.summary.toDeactivate': 'Suppliers to deactivate',
  'base.audit.jobName':
    'Deactivate {count, plural, one {# likely duplicate} other {# likely duplicates}} from the audit',
  'base.audit.title': 'Likely duplicates on the platform',
  'base.audit.help':
    'Reads every active supplier of the connection and groups those that are likely one company site, with the reasons. Tick the suppliers to deactivate (the first of each group is kept unless you choose otherwise): the deactivation job checks them, asks you to type their number, and writes results of its own.',
  'base.audit.start': 'Audit the supplier base',
  'base.audit.done':
    '{suppliers, plural, one {# active supplier} other {# active suppliers}} compared (connection "{connection}"): {groups, plural, =0 {no likely duplicates} one {# group of likely duplicates} other {# groups of likely duplicates}}, {inGroups, plural, one {# supplier} other {# suppliers}} in all. Workbook: {file}.',
  'base.audit.more':
    '{shown, plural, one {The first group is shown} other {The first # groups are shown}}; the workbook lists all {groups}.',
  'base.audit.group': 'Group {n}',
  'base.audit.choose': 'Deactivate {name} (platform {id})',
  'base.audit.kept': 'kept',
  'base.audit.deactivateChosen':
    'Deactivate {count, plural, one {the # chosen supplier} other {the # chosen suppliers}}…',
  'base.audit.keptAll':
    'Every supplier of group {n} is ticked: the group would be gone from the platform. Keep at least one.',
  'base.audit.summary.toDeactivateHelp':
    'The first supplier of each group (the lowest platform ID) is kept; the others are listed on the sheet "{sheet}". Remove the rows of those you keep, then deactivate the rest with the deactivation job: npm run onboard -- FILE --sheet "{sheet}" --operation deactivate (it asks for their number, writes its own results and can be checked before it starts).',
} as const;

export const de: Record<keyof typeof en, string> = {
  'base.sheet.suppliers': 'Lieferanten',
  'base.sheet.summary': 'Übersicht',
  'base.column.platformId': 'Plattform-ID',
  'base.column.name': 'Name',
  'base.column.address': 'Adresse',
  'base.column.city': 'Ort',
  'base.column.postalCode': 'Postleitzahl',
  'base.column.country': 'Land',
  'base.column.supplierId': 'Lieferanten-ID',
  'base.column.source': 'Quelle der Lieferanten-ID',
  'base.column.moreIds': 'Weitere Lieferanten-IDs',
  'base.summary.title': 'Export des Lieferantenstamms',
  'base.summary.exportedAt': 'Exportiert am',
  'base.summary.suppliers': 'Lieferanten',
  'base.summary.pages': 'Gelesene Seiten',
  'base.summary.pagesHelp':
    'Seiten mit je {size, plural, one {# Lieferanten} other {# Lieferanten}}.',
  'base.summary.sheets': 'Lieferanten-Blätter',
  'base.summary.sheetsHelp':
    'Mehr Lieferanten, als ein Excel-Blatt fasst: Sie gehen weiter in {sheets}.',
  'base.summary.duplicates': 'Doppelt gelesene Lieferanten',
  'base.summary.duplicatesHelp':
    'Die Liste hat sich zwischen zwei Seiten verschoben (oder eine Seite wurde erneut gelesen): Jeder Lieferant steht nur einmal im Export.',
  'base.summary.listChanged': 'Die Liste hat sich während des Exports geändert',
  'base.summary.listChangedHelp':
    'Während die Seiten gelesen wurden, kamen Lieferanten hinzu oder fielen weg: Diese können im Export fehlen oder enthalten sein. Exportieren Sie erneut für ein genaues Bild.',
  'base.summary.noPostalCodes': 'Postleitzahlen',
  'base.summary.noPostalCodesHelp':
    'Die Lieferantenliste der API enthält keine Postleitzahlen, daher ist die Spalte leer.',
  'base.summary.cut': 'Gekürzte Zellen',
  'base.summary.cutHelp':
    'Texte, die länger sind als die 32.767 Zeichen einer Excel-Zelle, wurden gekürzt.',
  'base.drift.sheet.rows': 'Abweichungen',
  'base.drift.sheet.unmatched': 'Nicht zugeordnet',
  'base.drift.column.sourceRow': 'Quellzeile',
  'base.drift.column.status': 'Status',
  'base.drift.column.differsIn': 'Weicht ab in',
  'base.drift.column.file': '{field} (Datei)',
  'base.drift.column.platform': '{field} (Plattform)',
  'base.drift.column.reason': 'Grund',
  'base.drift.status.same': 'gleich',
  'base.drift.status.differs': 'weicht ab',
  'base.drift.status.not_found': 'nicht gefunden',
  'base.drift.status.ambiguous': 'mehrdeutig',
  'base.drift.status.no_identifier': 'keine Lieferanten-ID',
  'base.drift.reason.not_found': 'Kein aktiver Lieferant der Plattform hat diese Lieferanten-ID.',
  'base.drift.reason.ambiguous':
    '{count, plural, one {# Lieferant der Plattform hat} other {# Lieferanten der Plattform haben}} diese Lieferanten-ID.',
  'base.drift.reason.no_identifier':
    'Die Zeile hat keine Lieferanten-ID, über die der Lieferant gesucht werden kann.',
  'base.drift.summary.title': 'Abweichungsbericht: die Lieferantenliste gegen die Plattform',
  'base.drift.summary.file': 'Lieferantenliste',
  'base.drift.summary.madeAt': 'Erstellt am',
  'base.drift.summary.rows': 'Zeilen',
  'base.drift.summary.status': 'Zeilen nach Status',
  'base.drift.summary.field': 'Abweichungen nach Feld',
  'base.drift.summary.compared':
    'Die Werte werden so verglichen, wie der Import sie liest: Leerzeichen zusammengefasst, Groß- und Kleinschreibung gleich, Ländernamen als ISO-Codes.',
  'base.drift.summary.postalNotCompared':
    'Postleitzahlen wurden nicht verglichen: Die Lieferantenliste der API enthält keine.',
  'base.drift.summary.suppliers': 'Lieferanten auf der Plattform',
  'base.nav': 'Lieferantenstamm',
  'base.title': 'Lieferantenstamm',
  'base.intro':
    'Exportieren Sie alle aktiven Lieferanten der Plattform mit Plattform-ID und Kennungen, vergleichen Sie eine Lieferantenliste mit dem Stand der Plattform, oder finden Sie die wahrscheinlichen Dubletten unter den Lieferanten der Plattform selbst.',
  'base.connection': 'Verbindung',
  'base.export.title': 'Lieferantenstamm exportieren',
  'base.export.help':
    'Liest die ganze Liste im Leselimit der API. Ein abgebrochener Export setzt dort fort, wo er stand, wenn er mit derselben Datei erneut gestartet wird.',
  'base.export.start': 'In eine Arbeitsmappe exportieren…',
  'base.export.resume':
    'Export fortsetzen ({pages, plural, one {# Seite} other {# Seiten}}, {suppliers, plural, one {# Lieferant} other {# Lieferanten}} gelesen)',
  'base.export.done':
    '{suppliers, plural, one {# Lieferant} other {# Lieferanten}} aus der Verbindung „{connection}“ nach {file} exportiert.',
  'base.export.stopped':
    'Der Export aus der Verbindung „{connection}“ wurde nach {pages, plural, one {# Seite} other {# Seiten}} angehalten; starten Sie ihn erneut, um fortzusetzen.',
  'base.drift.title': 'Abweichungsbericht',
  'base.drift.help':
    'Vergleicht Name, Adresse, Ort, Postleitzahl und Land jeder Zeile einer Lieferantenliste mit dem Lieferanten derselben Lieferanten-ID auf der Plattform.',
  'base.drift.listTitle':
    '{n, plural, one {Die Zeile, die auf der Plattform nicht gleich ist} other {Die # Zeilen, die auf der Plattform nicht gleich sind}}',
  'base.drift.show': 'Zeigen',
  'base.drift.showAll': 'Alle ({n})',
  'base.drift.showStatus': '{status} ({n})',
  'base.drift.column.what': 'Was abweicht, oder warum nicht zugeordnet',
  'base.drift.inFile': 'in der Datei',
  'base.drift.onPlatform': 'auf der Plattform',
  'base.drift.empty': '(leer)',
  'base.drift.shownOf':
    'Zu sehen: die ersten {shown} von {n}. Die Bericht-Arbeitsmappe nennt alle.',
  'base.drift.none': 'Jede Zeile der Liste ist auf der Plattform gleich.',
  'base.drift.start': 'Lieferantenliste wählen…',
  'base.drift.done':
    '{rows, plural, one {# Zeile} other {# Zeilen}}: {same} gleich, {differs} abweichend, {notFound} nicht gefunden, {ambiguous} mehrdeutig (Verbindung „{connection}“). Bericht: {file}.',
  'base.progress':
    '{pages} von {totalPages, plural, one {# Seite} other {# Seiten}} · {suppliers, plural, one {# Lieferant} other {# Lieferanten}} · {rate} Lesezugriffe/min · noch {eta}',
  'base.progress.rows': '{rows, plural, one {# Zeile} other {# Zeilen}} verglichen',
  'base.stop': 'Anhalten',
  'base.back': 'Zurück zu den Aufträgen',
  'base.download': 'Arbeitsmappe herunterladen',
  'base.audit.sheet.groups': 'Wahrscheinliche Dubletten',
  'base.audit.sheet.deactivate': 'Zu deaktivieren',
  'base.audit.column.group': 'Gruppe',
  'base.audit.column.supplierIds': 'Lieferanten-IDs',
  'base.audit.column.why': 'Warum',
  'base.audit.column.decision': 'Entscheidung',
  'base.audit.decision.keep': 'behalten',
  'base.audit.decision.deactivate': 'deaktivieren',
  'base.audit.summary.title':
    'Wahrscheinliche Dubletten unter den aktiven Lieferanten der Plattform',
  'base.audit.summary.madeAt': 'Erstellt am',
  'base.audit.summary.suppliers': 'Verglichene aktive Lieferanten',
  'base.audit.summary.groups': 'Gruppen wahrscheinlicher Dubletten',
  'base.audit.summary.inGroups': 'Lieferanten in einer Gruppe',
  'base.audit.summary.toDeactivate': 'Zu deaktivierende Lieferanten',
  'base.audit.jobName':
    'Deaktivierung von {count, plural, one {# wahrscheinlichen Dublette} other {# wahrscheinlichen Dubletten}} aus der Prüfung',
  'base.audit.title': 'Wahrscheinliche Dubletten auf der Plattform',
  'base.audit.help':
    'Liest alle aktiven Lieferanten der Verbindung und gruppiert diejenigen, die wahrscheinlich ein Firmenstandort sind, mit den Gründen. Haken Sie die zu deaktivierenden Lieferanten an (der erste jeder Gruppe bleibt, wenn Sie nichts anderes wählen): Der Deaktivierungsauftrag prüft sie, lässt Sie ihre Anzahl eintippen und schreibt eigene Ergebnisse.',
  'base.audit.start': 'Lieferantenstamm prüfen',
  'base.audit.done':
    '{suppliers, plural, one {# aktiver Lieferant} other {# aktive Lieferanten}} verglichen (Verbindung „{connection}“): {groups, plural, =0 {keine wahrscheinlichen Dubletten} one {# Gruppe wahrscheinlicher Dubletten} other {# Gruppen wahrscheinlicher Dubletten}}, insgesamt {inGroups, plural, one {# Lieferant} other {# Lieferanten}}. Arbeitsmappe: {file}.',
  'base.audit.more':
    '{shown, plural, one {Die erste Gruppe wird gezeigt} other {Die ersten # Gruppen werden gezeigt}}; die Arbeitsmappe enthält alle {groups}.',
  'base.audit.group': 'Gruppe {n}',
  'base.audit.choose': '{name} (Plattform {id}) deaktivieren',
  'base.audit.kept': 'bleibt',
  'base.audit.deactivateChosen':
    '{count, plural, one {Den # gewählten Lieferanten} other {Die # gewählten Lieferanten}} deaktivieren …',
  'base.audit.keptAll':
    'In Gruppe {n} ist jeder Lieferant angehakt: Die Gruppe verschwände ganz von der Plattform. Behalten Sie mindestens einen.',
  'base.audit.summary.toDeactivateHelp':
    'Der erste Lieferant jeder Gruppe (die kleinste Plattform-ID) bleibt; die anderen stehen auf dem Blatt „{sheet}“. Löschen Sie dort die Zeilen derer, die Sie behalten, und deaktivieren Sie den Rest mit dem Deaktivierungsauftrag: npm run onboard -- DATEI --sheet "{sheet}" --operation deactivate (er fragt nach ihrer Anzahl, schreibt eigene Ergebnisse und lässt sich vor dem Start prüfen).',
};
