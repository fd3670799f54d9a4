// The words of what an import finds: notes on the file (`note.<kind>`), row problems
// (`problem.<code>` and the next step `problem.<code>.fix`), notes on a row's cells
// (`rowNote.<kind>`), and the words they are built from. A note or problem whose sentence
// differs by case carries `variant` in its params: `note.<kind>.<variant>`,
// `problem.<code>.<variant>`. importText.ts puts them together; the importer builds its English
// sentences with it, so these are the only words.
//
// A row problem's sentence is what is wrong with the value ("is a date: …"); the value leads it
// (`problem.quoted`) and where it is follows in brackets (`problem.where.*`).

export const en = {
  // ---- row problems: what is wrong, after the value
  'problem.excel_error_value': 'the cell shows an Excel error instead of a value.',
  'problem.excel_error_value.error': 'the cell shows the Excel error {error}.',
  'problem.excel_error_value.fix': 'Correct the formula or type the value.',
  'problem.id_became_date': 'is a date: Excel turned the {fieldName} into a date.',
  'problem.id_became_date.fix': 'Format the column as Text in Excel and type the id again.',
  'problem.id_in_scientific_notation':
    'is in scientific notation (such as 1.23E+11): Excel read the {fieldName} as a number and its last digits may be lost.',
  'problem.id_in_scientific_notation.fix':
    'Format the column as Text in Excel and type the id again.',
  'problem.id_digits_lost':
    'has more than 15 digits in a number cell: Excel keeps only 15, so the last digits of the {fieldName} have changed.',
  'problem.id_digits_lost.fix': 'Format the column as Text in Excel and type the id again.',
  'problem.id_zeros_dropped':
    'has fewer digits than the other ids of its column, which keep leading zeros (such as {padded}): a spreadsheet may have dropped its zeros, and without them it names another supplier.',
  'problem.id_zeros_dropped.fix':
    'Type it with its zeros (such as {restored}); if {value} is right as it is, type it again to confirm it.',
  'problem.id_fraction':
    'is a number with decimals in a number cell (Excel shows it rounded): it is not a {fieldName} the app can trust.',
  'problem.id_fraction.fix':
    'Format the column as Text in Excel and type the id as it is in your system.',
  'problem.postal_code_became_date': 'is a date: Excel turned the postal code into a date.',
  'problem.encoding_lost':
    'has a question mark where the file had a letter its encoding could not hold.',
  'problem.encoding_lost.fix':
    'Save the list as "CSV UTF-8" or as an Excel workbook and import it again, or type the letter here.',
  'problem.postal_code_became_date.fix':
    'Format the column as Text in Excel and type the postal code again.',
  'problem.country_unknown': 'is not a country the app knows.',
  'problem.country_unknown.guess.fix': 'Did you mean {guessName}? Enter {guessName} or {guess}.',
  'problem.postal_code_invalid': 'does not have the form of postal codes in {inCountry}.',
  'problem.postal_code_invalid.fix':
    "Check it against the supplier's address in {inCountry}, or leave it empty.",
  'problem.postal_code_invalid.bare.fix': 'Enter it without the letters in front: {rest}.',
  'problem.postal_code_invalid.form.fix':
    'Postal codes in {inCountry} {form}, for example {example}. Correct it, or leave it empty.',
  'problem.postal_code_invalid.digits.fix':
    'Postal codes in {inCountry} have {digitWord, plural, one {# digit} other {# digits}}. Correct it, or leave it empty.',
  'problem.value_invalid': 'is not accepted: {issue}.',
  'problem.value_invalid.screening_period':
    'is not a screening period: the API accepts 2, 5 or 10 years.',
  'problem.value_invalid.yes_no': 'is not a yes or no.',
  'problem.value_invalid.identifier_type':
    'is not a kind of identifier: the API knows supplier ids, customer ids and own ids.',
  'problem.value_invalid.identifier_type.fix':
    'Enter SUPPLIER_ID, CUSTOMER_ID or OWN_ID (or supplier id, customer id, own id).',
  'problem.value_invalid.identifier_action': 'is not an action: the row adds or removes.',
  'problem.value_invalid.identifier_action.fix':
    "Enter add or remove (hinzufügen or entfernen), or unmap the Action column to use the job's action for every row.",
  'problem.value_missing': 'the {fieldName} is required.',
  'problem.duplicate_in_file': 'is used again: row {first} has the same supplier id.',
  'problem.duplicate_in_file.source':
    'is used again: row {first} has the same supplier id and source "{source}".',
  'problem.duplicate_in_file.identifier': 'is used again: row {first} changes the same identifier.',
  'problem.duplicate_in_file.identifier.fix':
    'An identifier belongs to one supplier only: keep one of the two rows, or correct the id.',
  'problem.duplicate_in_file.fix':
    'Give this supplier its own id, or delete the row if it repeats row {first}.',
  'problem.row_empty': 'no mapped column has a value.',
  'problem.row_empty.fix': 'Fill the row or delete it from the file.',
  // The value before the sentence, and where the problem is.
  'problem.quoted': '"{value}" {what}',
  'problem.where.row': 'row {row}',
  'problem.where.column': 'row {row}, column {column}',
  // What the user can do about a field's value, when the problem has no fix of its own.
  'problem.fix': 'Correct the value.',
  'problem.fix.name': 'Enter the supplier name.',
  'problem.fix.countryCode':
    'Enter the country as a name (Germany, Deutschland, Allemagne) or a two-letter code (DE).',
  'problem.fix.city': 'Enter the city of the supplier site.',
  'problem.fix.address': 'Enter the street and house number.',
  'problem.fix.postalCode': 'Enter the postal code, or leave it empty.',
  'problem.fix.supplierId.id':
    'Enter the supplier number that identifies this supplier in your system.',
  'problem.fix.supplierId.source':
    'Enter the system the supplier number comes from, or leave it empty.',
  'problem.fix.industries': 'List the industries separated by ";".',
  'problem.fix.screeningPeriodInYears': 'Enter 2, 5 or 10, or leave it empty.',
  'problem.fix.requestValidationOnCreate': 'Enter yes or no (ja/nein, x, 1/0), or leave it empty.',
  'problem.fix.customerId': 'Enter the customer number, or leave it empty.',
  'problem.fix.ownId': 'Enter your own id, or leave it empty.',
  'problem.fix.vatId': 'Enter the VAT id (for example DE123456789), or leave it empty.',
  'problem.fix.taxNumber': 'Enter the tax number, or leave it empty.',
  'problem.fix.duns': 'Enter the nine-digit DUNS number, or leave it empty.',
  'problem.fix.registerNumber':
    'Enter the commercial-register number (for example HRB 12345), or leave it empty.',
  'problem.fix.phone': 'Enter the telephone number, or leave it empty.',
  // What a field is called in a sentence.
  'problem.field.name': 'supplier name',
  'problem.field.countryCode': 'country',
  'problem.field.city': 'city',
  'problem.field.address': 'address',
  'problem.field.postalCode': 'postal code',
  'problem.field.supplierId.id': 'supplier id',
  'problem.field.supplierId.source': 'source',
  'problem.field.industries': 'industries',
  'problem.field.screeningPeriodInYears': 'screening period',
  'problem.field.requestValidationOnCreate': 'validation request',
  'problem.field.customerId': 'customer number',
  'problem.field.ownId': 'own id',
  'problem.field.vatId': 'VAT id',
  'problem.field.taxNumber': 'tax number',
  'problem.field.duns': 'DUNS number',
  'problem.field.registerNumber': 'register number',
  'problem.field.phone': 'phone number',
  'problem.field.platformId': 'platform id',
  'problem.field.identifier.type': 'kind of identifier',
  'problem.field.identifier.id': 'identifier',
  'problem.field.identifier.source': 'source of the identifier',
  'problem.field.identifier.action': 'action',
  'problem.fix.identifier.id': 'Enter the identifier to add or remove.',
  'problem.fix.identifier.source': 'Enter the system the identifier comes from, or leave it empty.',

  // ---- notes on a row's cells: what the app changed on the user's behalf
  'rowNote.where.row': 'Row {row}',
  'rowNote.more': '(and {more, plural, one {# more row} other {# more rows}} like it)',
  'rowNote.where.column': 'Row {row}, column {column}',
  'rowNote.invisible_removed': '{where}: the invisible {charactersList} was removed: "{value}".',
  'rowNote.invisible_removed.many':
    '{where}: the invisible {charactersList} were removed: "{value}".',
  'rowNote.invisible_removed.empty':
    '{where}: the invisible {charactersList} was removed and the cell is empty.',
  'rowNote.invisible_removed.many_empty':
    '{where}: the invisible {charactersList} were removed and the cell is empty.',
  'rowNote.spaces_replaced': '{where}: the {charactersList} became a normal space: "{value}".',
  'rowNote.spaces_replaced.many': '{where}: the {charactersList} became normal spaces: "{value}".',
  'rowNote.spaces_replaced.empty': '{where}: the {charactersList} became a normal space.',
  'rowNote.spaces_replaced.many_empty': '{where}: the {charactersList} became normal spaces.',
  'rowNote.postal_zeros_restored':
    'Row {row}: postal code {from} became {to}; {country} postal codes have five digits and the leading zero was lost in Excel.',

  // ---- notes on the file: what the reader decided on the user's behalf
  'note.header_detected': 'Column names found in row {row}.',
  'note.rows_above_header':
    '{count, plural, one {# row above the column names (titles or notes) is not part of the table: row} other {# rows above the column names (titles or notes) are not part of the table: rows}} {rows}.',
  'note.blank_rows_skipped':
    '{count, plural, one {# blank row} other {# blank rows}} skipped: {rows}.',
  'note.blank_rows_skipped.many':
    '{count, plural, one {# blank row} other {# blank rows}} skipped.',
  'note.total_row_skipped': 'Row {row} looks like a total ("{values}") and is not imported.',
  'note.remark_row_skipped':
    'Row {row} below the table looks like a remark ("{text}") and is not imported.',
  'note.values_outside_table':
    "Row {row}: {count, plural, one {# value left or right of the table's columns is} other {# values left or right of the table's columns are}} not read.",
  'note.more':
    '{count, plural, one {# more row of this kind is} other {# more rows of this kind are}} not listed one by one.',
  'note.merged_cells_filled':
    "{count, plural, one {# merged cell range} other {# merged cell ranges}}: the value of each range's top-left cell is used for all its cells.",
  'note.formula_error':
    'Row {row}: {count, plural, one {# cell shows} other {# cells show}} a formula error (such as #N/A); a mapped one is a problem of its row, never a value.',
  'note.encoding_detected': 'Read as {encoding}, values separated by {delimiterName}.',
  'note.encoding_detected.bom': 'Read as {encoding} with BOM, values separated by {delimiterName}.',
  'note.encoding_detected.doubt':
    'The text was taken as {assumedName}, which reads "{reading}"; it could also be {otherName}, which would read "{otherReading}". If names look wrong, save the file from Excel as "CSV UTF-8" and import it again.',
  'note.line_count':
    'The file has {lines, plural, one {# line} other {# lines}}: {rows, plural, one {# row} other {# rows}} as Excel numbers them.',
  'note.line_count.endings':
    'Lines end in different ways ({endings}). Each ends a row, as when Excel opens the file.',
  'note.quote_kept':
    'Row {row} (line {line}): the quotation mark in {text} is kept as part of the value, as Excel reads it. If the value was meant to be in quotes, put quotes around all of it and double the ones inside.',
  'note.quote_kept.more':
    '{count, plural, one {# more row has} other {# more rows have}} a quotation mark kept inside a value.',
  'note.quote_kept.unclosed':
    'Row {row} (line {line}): the quoted value "{text}" is not closed; it was read to the end of the file, which is the end of that line.',
  'note.file_type':
    '"{name}" is a text file with values separated by {delimitersName}, not an Excel workbook, whatever its name says: it was read as the text it is. Renaming it to .csv keeps that clear.',
  'note.hidden_rows_imported':
    'Rows {rowsList} are hidden in Excel and are imported like the others; delete them in the file if they should not be sent.',
  'note.hidden_rows_imported.one':
    'Row {rowsList} is hidden in Excel and is imported like the others; delete it in the file if it should not be sent.',
  'note.hidden_rows_imported.truncated':
    'Rows {rows} and {more} more are hidden in Excel and are imported like the others; delete them in the file if they should not be sent.',
  'note.ids_zeros_mixed':
    'Column {column} has {count, plural, one {# id} other {# ids}} without leading zeros (such as {plain}) while others have them (such as {padded}): a spreadsheet may have dropped the zeros of some ids, which would make them other suppliers. Those rows are held: type each id with its zeros in the grid or in the file, or type it again as it is if it is right.',
  'retry.zerosPadded':
    '{count, plural, one {# id was} other {# ids were}} typed without the leading zeros that every other id of {count, plural, one {its column} other {their columns}} has, and {count, plural, one {is} other {are}} sent with them: {examples}. If an id really is that short, correct it in the grid of the new job before you start it.',
  'retry.zerosPaddedRow': 'row {row}: {from} → {to}',
  'retry.attach':
    '{count, plural, one {# row will be attached to an existing supplier} other {# rows will be attached to existing suppliers}}: {examples}. Their ids are added there (Attach to platform ID); nothing is created for {count, plural, one {it} other {them}}.',
  'retry.attachRow': 'row {row} → platform {platformId}',
  'retry.attachRowNamed': 'row {row} → platform {platformId} ({name})',
  'retry.attachUnknown':
    'No active supplier on the platform has the platform id typed in Attach to platform ID for {count, plural, one {row} other {rows}} {examples}: nothing is sent for {count, plural, one {it} other {them}}. Check the id, or empty the cell to create the row.',
  'retry.attachDone':
    '{count, plural, one {Row} other {Rows}} {rows} {count, plural, one {has} other {have}} a platform id in Attach to platform ID, but {count, plural, one {its supplier was} other {their suppliers were}} created already or {count, plural, one {is} other {are}} on the way: nothing is attached.',
  'note.source_unmapped':
    'The column {column} looks like the system the ids come from, but it is not mapped: every supplier id is sent without a source, so the same number from two systems would be one supplier. Map it to "Supplier ID source" on the Map screen (or in a --mapping file) if it is.',
  'note.merged_header_split':
    'The column name "{name}" in row {row} is merged over columns {columnsList}: column {next} is named "{nextName}" so that its values are kept. Map it too where it belongs to a supplier field (a house number beside the street, for example).',
  'note.merged_header_split.many':
    'The column name "{name}" in row {row} is merged over columns {columnsList}: the columns {nextList} are named {namesList} so that their values are kept. Map them too where they belong to a supplier field (a house number beside the street, for example).',
  'note.delimiter.,': 'comma',
  'note.delimiter.;': 'semicolon',
  'note.delimiter.\t': 'tab',
  'note.delimiter.|': 'pipe',
  'note.delimiters.,': 'commas',
  'note.delimiters.;': 'semicolons',
  'note.delimiters.\t': 'tabs',
  'note.delimiters.|': 'pipes',
  'note.encoding.windows-1252': 'Windows-1252 (Windows Excel\'s "CSV")',
  'note.encoding.macintosh': 'Mac Roman (Excel for Mac\'s "CSV (Macintosh)")',
} as const;

export const de: Record<keyof typeof en, string> = {
  'problem.excel_error_value': 'die Zelle zeigt einen Excel-Fehler statt eines Werts.',
  'problem.excel_error_value.error': 'die Zelle zeigt den Excel-Fehler {error}.',
  'problem.excel_error_value.fix': 'Korrigieren Sie die Formel oder geben Sie den Wert ein.',
  'problem.id_became_date': 'ist ein Datum: Excel hat die {fieldName} in ein Datum umgewandelt.',
  'problem.id_became_date.fix':
    'Formatieren Sie die Spalte in Excel als Text und geben Sie die Nummer erneut ein.',
  'problem.id_in_scientific_notation':
    'steht in wissenschaftlicher Schreibweise (etwa 1,23E+11): Excel hat die {fieldName} als Zahl gelesen, ihre letzten Ziffern können verloren sein.',
  'problem.id_in_scientific_notation.fix':
    'Formatieren Sie die Spalte in Excel als Text und geben Sie die Nummer erneut ein.',
  'problem.id_digits_lost':
    'hat mehr als 15 Ziffern in einer Zahlenzelle: Excel behält nur 15, daher haben sich die letzten Ziffern der {fieldName} geändert.',
  'problem.id_digits_lost.fix':
    'Formatieren Sie die Spalte in Excel als Text und geben Sie die Nummer erneut ein.',
  'problem.id_zeros_dropped':
    'hat weniger Stellen als die anderen IDs ihrer Spalte, die führende Nullen behalten (etwa {padded}): Eine Tabellenkalkulation hat vielleicht ihre Nullen entfernt, und ohne sie bezeichnet sie einen anderen Lieferanten.',
  'problem.id_zeros_dropped.fix':
    'Geben Sie sie mit ihren Nullen ein (etwa {restored}); wenn {value} so richtig ist, geben Sie es erneut ein, um es zu bestätigen.',
  'problem.id_fraction':
    'ist eine Zahl mit Nachkommastellen in einer Zahlenzelle (Excel zeigt sie gerundet): Das ist keine {fieldName}, der die App trauen kann.',
  'problem.id_fraction.fix':
    'Formatieren Sie die Spalte in Excel als Text und geben Sie die Nummer so ein, wie sie in Ihrem System steht.',
  'problem.postal_code_became_date':
    'ist ein Datum: Excel hat die Postleitzahl in ein Datum umgewandelt.',
  'problem.encoding_lost':
    'hat ein Fragezeichen, wo die Datei einen Buchstaben hatte, den ihre Kodierung nicht fassen konnte.',
  'problem.encoding_lost.fix':
    'Speichern Sie die Liste als „CSV UTF-8“ oder als Excel-Arbeitsmappe und importieren Sie sie erneut, oder geben Sie den Buchstaben hier ein.',
  'problem.postal_code_became_date.fix':
    'Formatieren Sie die Spalte in Excel als Text und geben Sie die Postleitzahl erneut ein.',
  'problem.country_unknown': 'ist kein Land, das die App kennt.',
  'problem.country_unknown.guess.fix':
    'Meinten Sie {guessNameDe}? Geben Sie {guessNameDe} oder {guess} ein.',
  'problem.postal_code_invalid': 'hat nicht die Form einer Postleitzahl in {countryDe}.',
  'problem.postal_code_invalid.fix':
    'Prüfen Sie sie anhand der Adresse des Lieferanten in {countryDe} oder lassen Sie das Feld leer.',
  'problem.postal_code_invalid.bare.fix': 'Geben Sie sie ohne die Buchstaben davor ein: {rest}.',
  'problem.postal_code_invalid.form.fix':
    'Eine Postleitzahl in {countryDe} sieht zum Beispiel so aus: {example}. Korrigieren Sie sie oder lassen Sie das Feld leer.',
  'problem.postal_code_invalid.digits.fix':
    'Postleitzahlen in {countryDe} haben {digits, plural, one {# Ziffer} other {# Ziffern}}. Korrigieren Sie sie oder lassen Sie das Feld leer.',
  'problem.value_invalid': 'wird nicht angenommen: {issue}.',
  'problem.value_invalid.screening_period':
    'ist kein Prüfzeitraum: Die API nimmt 2, 5 oder 10 Jahre an.',
  'problem.value_invalid.yes_no': 'ist weder Ja noch Nein.',
  'problem.value_invalid.identifier_type':
    'ist keine Art von Kennung: Die API kennt Lieferantennummern, Kundennummern und eigene Kennungen.',
  'problem.value_invalid.identifier_type.fix':
    'Geben Sie SUPPLIER_ID, CUSTOMER_ID oder OWN_ID ein (oder Lieferantennummer, Kundennummer, eigene ID).',
  'problem.value_invalid.identifier_action':
    'ist keine Aktion: Die Zeile fügt hinzu oder entfernt.',
  'problem.value_invalid.identifier_action.fix':
    'Geben Sie hinzufügen oder entfernen (add oder remove) ein, oder heben Sie die Zuordnung der Spalte Aktion auf, damit für jede Zeile die Aktion des Auftrags gilt.',
  'problem.value_missing': 'die Angabe „{fieldName}“ fehlt.',
  'problem.duplicate_in_file': 'kommt mehrfach vor: Zeile {first} hat dieselbe Lieferantennummer.',
  'problem.duplicate_in_file.source':
    'kommt mehrfach vor: Zeile {first} hat dieselbe Lieferantennummer und Quelle „{source}“.',
  'problem.duplicate_in_file.identifier':
    'kommt mehrfach vor: Zeile {first} ändert dieselbe Kennung.',
  'problem.duplicate_in_file.identifier.fix':
    'Eine Kennung gehört nur zu einem Lieferanten: Behalten Sie eine der beiden Zeilen, oder korrigieren Sie die Kennung.',
  'problem.duplicate_in_file.fix':
    'Geben Sie diesem Lieferanten eine eigene Nummer oder löschen Sie die Zeile, wenn sie Zeile {first} wiederholt.',
  'problem.row_empty': 'keine zugeordnete Spalte hat einen Wert.',
  'problem.row_empty.fix': 'Füllen Sie die Zeile aus oder löschen Sie sie aus der Datei.',
  'problem.quoted': '„{value}“ {what}',
  'problem.where.row': 'Zeile {row}',
  'problem.where.column': 'Zeile {row}, Spalte {column}',
  'problem.fix': 'Korrigieren Sie den Wert.',
  'problem.fix.name': 'Geben Sie den Namen des Lieferanten ein.',
  'problem.fix.countryCode':
    'Geben Sie das Land als Namen (Deutschland, Germany, Allemagne) oder als Code aus zwei Buchstaben (DE) ein.',
  'problem.fix.city': 'Geben Sie den Ort des Lieferantenstandorts ein.',
  'problem.fix.address': 'Geben Sie Straße und Hausnummer ein.',
  'problem.fix.postalCode': 'Geben Sie die Postleitzahl ein oder lassen Sie das Feld leer.',
  'problem.fix.supplierId.id':
    'Geben Sie die Lieferantennummer ein, unter der dieser Lieferant in Ihrem System geführt wird.',
  'problem.fix.supplierId.source':
    'Geben Sie das System ein, aus dem die Lieferantennummer stammt, oder lassen Sie das Feld leer.',
  'problem.fix.industries': 'Geben Sie die Branchen durch „;“ getrennt ein.',
  'problem.fix.screeningPeriodInYears': 'Geben Sie 2, 5 oder 10 ein oder lassen Sie das Feld leer.',
  'problem.fix.requestValidationOnCreate':
    'Geben Sie ja oder nein ein (yes/no, x, 1/0) oder lassen Sie das Feld leer.',
  'problem.fix.customerId': 'Geben Sie die Kundennummer ein oder lassen Sie das Feld leer.',
  'problem.fix.ownId': 'Geben Sie Ihre eigene Kennung ein oder lassen Sie das Feld leer.',
  'problem.fix.vatId':
    'Geben Sie die USt-IdNr. ein (zum Beispiel DE123456789) oder lassen Sie das Feld leer.',
  'problem.fix.taxNumber': 'Geben Sie die Steuernummer ein oder lassen Sie das Feld leer.',
  'problem.fix.duns': 'Geben Sie die neunstellige DUNS-Nummer ein oder lassen Sie das Feld leer.',
  'problem.fix.registerNumber':
    'Geben Sie die Handelsregisternummer ein (zum Beispiel HRB 12345) oder lassen Sie das Feld leer.',
  'problem.fix.phone': 'Geben Sie die Telefonnummer ein oder lassen Sie das Feld leer.',
  'problem.field.name': 'Lieferantenname',
  'problem.field.countryCode': 'Land',
  'problem.field.city': 'Ort',
  'problem.field.address': 'Adresse',
  'problem.field.postalCode': 'Postleitzahl',
  'problem.field.supplierId.id': 'Lieferantennummer',
  'problem.field.supplierId.source': 'Quelle',
  'problem.field.industries': 'Branchen',
  'problem.field.screeningPeriodInYears': 'Prüfzeitraum',
  'problem.field.requestValidationOnCreate': 'Validierungsanfrage',
  'problem.field.customerId': 'Kundennummer',
  'problem.field.ownId': 'eigene Kennung',
  'problem.field.vatId': 'USt-IdNr.',
  'problem.field.taxNumber': 'Steuernummer',
  'problem.field.duns': 'DUNS-Nummer',
  'problem.field.registerNumber': 'Registernummer',
  'problem.field.phone': 'Telefonnummer',
  'problem.field.platformId': 'Plattform-ID',
  'problem.field.identifier.type': 'Art der Kennung',
  'problem.field.identifier.id': 'Kennung',
  'problem.field.identifier.source': 'Quelle der Kennung',
  'problem.field.identifier.action': 'Aktion',
  'problem.fix.identifier.id': 'Geben Sie die Kennung ein, die hinzugefügt oder entfernt wird.',
  'problem.fix.identifier.source':
    'Geben Sie das System ein, aus dem die Kennung stammt, oder lassen Sie das Feld leer.',

  'rowNote.where.row': 'Zeile {row}',
  'rowNote.more': '(und {more, plural, one {# weitere Zeile} other {# weitere Zeilen}} dieser Art)',
  'rowNote.where.column': 'Zeile {row}, Spalte {column}',
  'rowNote.invisible_removed':
    '{where}: Das unsichtbare Zeichen {codesList} wurde entfernt: „{value}“.',
  'rowNote.invisible_removed.many':
    '{where}: Die unsichtbaren Zeichen {codesList} wurden entfernt: „{value}“.',
  'rowNote.invisible_removed.empty':
    '{where}: Das unsichtbare Zeichen {codesList} wurde entfernt, die Zelle ist leer.',
  'rowNote.invisible_removed.many_empty':
    '{where}: Die unsichtbaren Zeichen {codesList} wurden entfernt, die Zelle ist leer.',
  'rowNote.spaces_replaced':
    '{where}: Das besondere Leerzeichen {codesList} wurde zu einem normalen Leerzeichen: „{value}“.',
  'rowNote.spaces_replaced.many':
    '{where}: Die besonderen Leerzeichen {codesList} wurden zu normalen Leerzeichen: „{value}“.',
  'rowNote.spaces_replaced.empty':
    '{where}: Das besondere Leerzeichen {codesList} wurde zu einem normalen Leerzeichen.',
  'rowNote.spaces_replaced.many_empty':
    '{where}: Die besonderen Leerzeichen {codesList} wurden zu normalen Leerzeichen.',
  'rowNote.postal_zeros_restored':
    'Zeile {row}: Die Postleitzahl {from} wurde zu {to}; Postleitzahlen in {countryDe} haben fünf Ziffern, und Excel hat die führende Null entfernt.',

  'note.header_detected': 'Spaltennamen in Zeile {row} gefunden.',
  'note.rows_above_header':
    '{count, plural, one {# Zeile über den Spaltennamen (Titel oder Hinweise) gehört nicht zur Tabelle: Zeile} other {# Zeilen über den Spaltennamen (Titel oder Hinweise) gehören nicht zur Tabelle: Zeilen}} {rows}.',
  'note.blank_rows_skipped':
    '{count, plural, one {# leere Zeile} other {# leere Zeilen}} übersprungen: {rows}.',
  'note.blank_rows_skipped.many':
    '{count, plural, one {# leere Zeile} other {# leere Zeilen}} übersprungen.',
  'note.total_row_skipped':
    'Zeile {row} sieht wie eine Summe aus („{values}“) und wird nicht importiert.',
  'note.remark_row_skipped':
    'Zeile {row} unter der Tabelle sieht wie ein Hinweis aus („{text}“) und wird nicht importiert.',
  'note.values_outside_table':
    'Zeile {row}: {count, plural, one {# Wert links oder rechts der Tabellenspalten wird} other {# Werte links oder rechts der Tabellenspalten werden}} nicht gelesen.',
  'note.more':
    '{count, plural, one {# weitere Zeile dieser Art wird} other {# weitere Zeilen dieser Art werden}} nicht einzeln aufgeführt.',
  'note.merged_cells_filled':
    '{count, plural, one {# verbundener Zellbereich} other {# verbundene Zellbereiche}}: Der Wert der Zelle oben links gilt für alle Zellen des Bereichs.',
  'note.formula_error':
    'Zeile {row}: {count, plural, one {# Zelle zeigt} other {# Zellen zeigen}} einen Formelfehler (etwa #NV); eine zugeordnete ist ein Problem ihrer Zeile, nie ein Wert.',
  'note.encoding_detected': 'Gelesen als {encoding}, Werte getrennt durch {delimiterName}.',
  'note.encoding_detected.bom':
    'Gelesen als {encoding} mit BOM, Werte getrennt durch {delimiterName}.',
  'note.encoding_detected.doubt':
    'Der Text wurde als {assumedName} gelesen, das ergibt „{reading}“; es könnte auch {otherName} sein, das ergäbe „{otherReading}“. Wenn Namen falsch aussehen, speichern Sie die Datei in Excel als „CSV UTF-8“ und importieren Sie sie erneut.',
  'note.line_count':
    'Die Datei hat {lines, plural, one {# Textzeile} other {# Textzeilen}}: {rows, plural, one {# Zeile} other {# Zeilen}}, wie Excel sie zählt.',
  'note.line_count.endings':
    'Die Zeilen enden unterschiedlich ({endings}). Jedes Zeilenende beendet eine Zeile, wie wenn Excel die Datei öffnet.',
  'note.quote_kept':
    'Zeile {row} (Textzeile {line}): Das Anführungszeichen in {text} bleibt Teil des Werts, wie Excel ihn liest. Sollte der Wert in Anführungszeichen stehen, setzen Sie den ganzen Wert in Anführungszeichen und verdoppeln Sie die inneren.',
  'note.quote_kept.more':
    '{count, plural, one {# weitere Zeile enthält} other {# weitere Zeilen enthalten}} ein Anführungszeichen innerhalb eines Werts.',
  'note.quote_kept.unclosed':
    'Zeile {row} (Textzeile {line}): Der Wert in Anführungszeichen „{text}“ wird nicht geschlossen; er wurde bis zum Dateiende gelesen, dem Ende dieser Zeile.',
  'note.file_type':
    '„{name}“ ist eine Textdatei mit Werten, die durch {delimitersName} getrennt sind, keine Excel-Arbeitsmappe, auch wenn der Name es sagt: Sie wurde als Text gelesen. Eine Umbenennung in .csv macht das deutlich.',
  'note.hidden_rows_imported':
    'Die Zeilen {rowsList} sind in Excel ausgeblendet und werden wie die anderen importiert; löschen Sie sie in der Datei, wenn sie nicht gesendet werden sollen.',
  'note.hidden_rows_imported.one':
    'Zeile {rowsList} ist in Excel ausgeblendet und wird wie die anderen importiert; löschen Sie sie in der Datei, wenn sie nicht gesendet werden soll.',
  'note.hidden_rows_imported.truncated':
    'Die Zeilen {rows} und {more} weitere sind in Excel ausgeblendet und werden wie die anderen importiert; löschen Sie sie in der Datei, wenn sie nicht gesendet werden sollen.',
  'note.ids_zeros_mixed':
    'Spalte {column} hat {count, plural, one {# ID} other {# IDs}} ohne führende Nullen (etwa {plain}), während andere sie haben (etwa {padded}): Eine Tabellenkalkulation hat bei manchen IDs vielleicht die Nullen entfernt, wodurch sie zu anderen Lieferanten würden. Diese Zeilen werden zurückgehalten: Geben Sie jede ID im Raster oder in der Datei mit ihren Nullen ein, oder geben Sie sie erneut so ein, wie sie ist, wenn sie richtig ist.',
  'retry.zerosPadded':
    '{count, plural, one {# ID wurde} other {# IDs wurden}} ohne die führenden Nullen eingegeben, die jede andere ID {count, plural, one {ihrer Spalte} other {ihrer Spalten}} hat, und {count, plural, one {wird} other {werden}} mit ihnen gesendet: {examples}. Wenn eine ID wirklich so kurz ist, korrigieren Sie sie im Raster des neuen Auftrags, bevor Sie ihn starten.',
  'retry.zerosPaddedRow': 'Zeile {row}: {from} → {to}',
  'retry.attach':
    '{count, plural, one {# Zeile wird einem vorhandenen Lieferanten zugeordnet} other {# Zeilen werden vorhandenen Lieferanten zugeordnet}}: {examples}. Ihre Kennungen werden dort hinzugefügt (An Plattform-ID anhängen); angelegt wird für sie nichts.',
  'retry.attachRow': 'Zeile {row} → Plattform {platformId}',
  'retry.attachRowNamed': 'Zeile {row} → Plattform {platformId} ({name})',
  'retry.attachUnknown':
    'Kein aktiver Lieferant der Plattform hat die Plattform-ID, die in An Plattform-ID anhängen für {count, plural, one {Zeile} other {die Zeilen}} {examples} steht: Für sie wird nichts gesendet. Prüfen Sie die ID, oder leeren Sie die Zelle, um die Zeile anzulegen.',
  'retry.attachDone':
    '{count, plural, one {Zeile} other {Die Zeilen}} {rows} {count, plural, one {hat} other {haben}} eine Plattform-ID in An Plattform-ID anhängen, aber {count, plural, one {ihr Lieferant wurde} other {ihre Lieferanten wurden}} schon angelegt oder {count, plural, one {ist} other {sind}} unterwegs: Es wird nichts zugeordnet.',
  'note.source_unmapped':
    'Die Spalte {column} sieht nach dem System aus, aus dem die IDs stammen, ist aber nicht zugeordnet: Jede Lieferanten-ID wird ohne Quelle gesendet, sodass dieselbe Nummer aus zwei Systemen ein Lieferant wäre. Ordnen Sie sie auf der Seite Zuordnen (oder in einer --mapping-Datei) „Quelle der Lieferanten-ID“ zu, wenn sie das ist.',
  'note.merged_header_split':
    'Der Spaltenname „{name}“ in Zeile {row} ist über die Spalten {columnsList} verbunden: Spalte {next} heißt „{nextName}“, damit ihre Werte erhalten bleiben. Ordnen Sie auch sie zu, wo sie zu einem Lieferantenfeld gehört (etwa eine Hausnummer neben der Straße).',
  'note.merged_header_split.many':
    'Der Spaltenname „{name}“ in Zeile {row} ist über die Spalten {columnsList} verbunden: Die Spalten {nextList} heißen {namesList}, damit ihre Werte erhalten bleiben. Ordnen Sie auch sie zu, wo sie zu einem Lieferantenfeld gehören (etwa eine Hausnummer neben der Straße).',
  'note.delimiter.,': 'Komma',
  'note.delimiter.;': 'Semikolon',
  'note.delimiter.\t': 'Tabulator',
  'note.delimiter.|': 'senkrechten Strich',
  'note.delimiters.,': 'Kommas',
  'note.delimiters.;': 'Semikolons',
  'note.delimiters.\t': 'Tabulatoren',
  'note.delimiters.|': 'senkrechte Striche',
  'note.encoding.windows-1252': 'Windows-1252 („CSV“ von Excel unter Windows)',
  'note.encoding.macintosh': 'Mac Roman („CSV (Macintosh)“ von Excel für Mac)',
};

/** The codes of the row problems the importer can produce; each has `problem.<code>`. */
export const PROBLEM_CODES = [
  'excel_error_value',
  'id_became_date',
  'id_in_scientific_notation',
  'id_digits_lost',
  'id_fraction',
  'id_zeros_dropped',
  'postal_code_became_date',
  'encoding_lost',
  'country_unknown',
  'postal_code_invalid',
  'value_invalid',
  'value_missing',
  'duplicate_in_file',
  'row_empty',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The kinds of the notes on a file and on a row's cells. */
export const NOTE_KINDS = [
  'header_detected',
  'rows_above_header',
  'blank_rows_skipped',
  'total_row_skipped',
  'remark_row_skipped',
  'values_outside_table',
  'merged_cells_filled',
  'encoding_detected',
  'formula_error',
  'line_count',
  'quote_kept',
  'file_type',
  'hidden_rows_imported',
  'merged_header_split',
  'ids_zeros_mixed',
  'source_unmapped',
] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const ROW_NOTE_KINDS = [
  'postal_zeros_restored',
  'invisible_removed',
  'spaces_replaced',
] as const;
export type RowNoteKind = (typeof ROW_NOTE_KINDS)[number];

// A code or kind without its words does not compile.
void (en satisfies Record<
  `problem.${ProblemCode}` | `note.${NoteKind}` | `rowNote.${RowNoteKind}`,
  string
>);
