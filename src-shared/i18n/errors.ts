// The words of the services' errors: `failure.<code>` for each error code of src-shared/errors,
// `failure.<code>.<reason>` for a case of a code that says more (the error's details name the
// reason). The services put the placeholders' values in the error's details.
//
// The general English sentence of a code is the one of src-shared/errors (its one source); the
// English of the cases and every German sentence are here. A code without German is a compile
// error, and so is a German sentence for a code that does not exist.
import { errorCatalogue, type ErrorCode } from '../errors/catalogue';

type General = { [C in ErrorCode as `failure.${C}`]: string };
const general = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, text]) => [`failure.${code}`, text]),
) as General;

/** The cases of the codes, in English. */
const cases = {
  'failure.api_access_denied.scores_not_enabled':
    'External scores are not enabled for this organisation: the API refused them (403). Ask your account manager to enable the feature, then resume the job.',
  // The scores job's services (src-main/services/scores.ts).
  'failure.invalid_input.scores_perspective':
    'The API refused perspective {perspectiveId}: {apiMessage} Enter the id of a perspective (a whole number).',
  'failure.invalid_input.scores_perspective_missing':
    'A scores job needs a perspective. Choose the perspective whose event types the scores belong to.',
  'failure.invalid_input.scores_no_identifier':
    'The mapping names no column for the supplier. Map Supplier ID, Customer ID, Own ID or Platform ID to a column.',
  'failure.invalid_input.scores_no_score_columns':
    'The mapping maps no column to an event type of perspective {perspectiveId}. Map at least one column to an event type.',
  'failure.invalid_input.scores_no_long_columns':
    'A sheet with a row per score needs its Event type and Score columns mapped. Map them, or choose one column per event type.',
  'failure.invalid_input.scores_no_such_column':
    'The mapping names column {column}, which the sheet does not have. Map a column of the sheet.',
  'failure.invalid_input.scores_unknown_event_type':
    'The mapping names event type {eventTypeKey}, which perspective {perspectiveId} does not have. Use one of: {keys}.',
  'failure.api_not_found.scores_event_types':
    "The API answered that it has no event types at this address. Check the connection's address and that the API offers external scores.",
  'failure.not_found.job': 'This job no longer exists. Refresh the job list.',
  'failure.not_found.row': 'This row no longer exists. Refresh the table.',
  'failure.not_found.connection': 'This connection no longer exists. Refresh the list.',
  'failure.not_found.chosen_connection':
    'The chosen connection no longer exists. Pick another one.',
  'failure.not_found.upload': 'The upload was interrupted. Choose the file again.',
  'failure.not_found.download':
    'Only results files exported in this session can be downloaded. Export the job again.',
  'failure.not_found.job_kind':
    'This job is of a kind this version of the app does not know ("{kind}"): it was made by a newer version of the app or with an add-on. Open it with that version, or update the app.',
  'failure.not_found.results_job':
    'No job was found for this results file. Open the job it came from and import the file there.',
  'failure.not_found.audit':
    'This connection has no audit of its supplier base in this session (the app was restarted, or another connection was audited). Run the audit again, then choose the suppliers to deactivate.',
  'failure.not_found.audit_member':
    '{count, plural, one {Platform ID {ids} is} other {Platform IDs {ids} are}} not in a group of the last audit: only suppliers it grouped can be deactivated from it. Run the audit again.',
  'failure.file_not_found.download': 'The results file is no longer there. Export the job again.',
  'failure.file_not_found.upload_expired':
    'The uploaded file was removed after an hour without use, as uploads are. Choose the file again.',
  'failure.file_too_large.upload':
    'The file is larger than {limitMb} MB. Split it into smaller files.',
  'failure.invalid_input.request': 'The request "{command}" was not valid: {field}: {problem}.',
  'failure.mapping_incomplete.drift_supplier_id':
    'No column holds the supplier ID, so no row can be found on the platform. Map the supplier ID column.',
  'failure.invalid_input.source_row_repeated':
    'Each row needs its own source row number: row {sourceRow} came twice. Import the file again.',
  'failure.invalid_input.dialog_desktop_only':
    'Choosing a file through a dialog works in the desktop app only. Drop the file on the page or choose it with the file button.',
  'failure.invalid_input.download_browser_only':
    'Downloads are for the browser. Use "Show in folder" instead.',
  'failure.invalid_input.sandbox_kept':
    'The built-in sandbox cannot be removed. Add a connection to the real API beside it instead.',
  'failure.invalid_input.connection_in_use':
    'Jobs still use this connection. Remove or finish them first, or edit the connection instead.',
  'failure.invalid_input.pause_to_change_options': 'Pause the job before changing its options.',
  'failure.invalid_input.pause_to_fix': 'Pause the job before fixing rows.',
  'failure.invalid_input.scores_fix_in_sheet':
    'The rows of a scores job are fixed in the sheet: correct the cells its results name, then upload only those rows as a new scores job. The scores already written stay written.',
  'failure.invalid_input.fix_not_in_app':
    'The rows of this kind of job are not fixed in the app: correct them in the file they came from, then import only those rows as a new job.',
  'failure.invalid_input.pause_to_undo': 'Pause the job before undoing a fix.',
  'failure.invalid_input.pause_to_retry':
    'Pause the job before retrying rows, or wait until it ends.',
  'failure.invalid_input.find_empty': 'Enter the text to find, then count the rows again.',
  'failure.invalid_input.not_results_file':
    '"{file}" is not a results file: it has no Status column. Choose the results file the app exported for this job (for suppliers.xlsx: suppliers.results.xlsx), with the rows you fixed in it. To import a supplier list, use New import.',
  'failure.invalid_input.not_results_sheet':
    '"{file}" is not a results file: it has no Status column (sheet "{sheet}"). Choose the results file the app exported for this job (for suppliers.xlsx: suppliers.results.xlsx), with the rows you fixed in it. To import a supplier list, use New import.',
  'failure.invalid_input.column_moved':
    'Column {letter} of "{file}" is "{header}", but job {jobId} ({jobName}) read {field} from the column "{expected}" there. Put the columns back as the results file had them (the supplier columns first, in their order, then Status and the other result columns) and bring the file back again.',
  'failure.invalid_input.column_missing':
    '"{file}" has no column {column}, but job {jobId} ({jobName}) read {field} from the column "{expected}" there. Put the columns back as the results file had them (the supplier columns first, in their order, then Status and the other result columns) and bring the file back again.',
  'failure.api_untrusted_certificate.named':
    "The API at {host} presented a certificate this computer does not trust ({detail}), so nothing was sent. If your company inspects encrypted traffic, install the company's root certificate (desktop app: in the system's certificate store; command line: set NODE_EXTRA_CA_CERTS to the company's CA file), then resume the job. Otherwise check the API's address.",
  'failure.api_unexpected_response.too_large':
    "The API's answer to {endpoint} is larger than {limitMb} MB, more than any answer of the supplier API, so it was not read. Check that the base URL points at the supplier API; if it does, send the connection test's report to support.",
  'failure.api_unexpected_response.redirect':
    "The API answered {endpoint} with a redirect to {target}. The app follows no redirect, so that the token never goes to another address. If {target} is the API's address, enter it as the connection's address; otherwise ask your network administrator what redirects the request.",
  'failure.api_no_token.address_changed':
    'The address changed from {from} to {to}. Enter the token for the new address as well: the app sends a token only to the address it was entered for.',
  'failure.results_too_wide.import':
    '"{file}" has {columns, plural, one {# column} other {# columns}}; with the {resultColumns, plural, one {# result column} other {# result columns}} its results would need {width}, more than the {maxColumns, plural, one {# column} other {# columns}} an Excel sheet holds. Nothing was sent. Delete the columns the job does not need (it reads {used} of them), save the file and import it again; or, on the command line, import it with --out FILE.csv to get the results as a CSV file, which has no such limit.',
  'failure.export_type_refused.extension':
    'Results in the {format} format are saved in a file whose name ends in .{extension}. Choose such a name.',
  'failure.export_failed.target_link':
    '"{path}" is a symbolic link (a shortcut to another file), so nothing is written through it: someone who can write to that folder may have put it there to make the app overwrite a file elsewhere. Nothing was changed. Delete the link or choose another file name, and export into a folder only you can change.',
  'failure.export_failed.folder_changed':
    'The folder "{folder}", or the file being written in it, was replaced by someone else while "{name}" was being written, so the file was not put there and nothing in the folder was changed. Export again into a folder only you can change (not one others can write to).',
  'failure.export_file_exists.named':
    'A file named {name} is already in that folder, and the app did not write it or it was changed since (for example fixed in Excel), so it is not replaced. Rename or move that file (or, in the desktop app, choose another place with "Save as…"), then export again.',
  'failure.plan_not_confirmed.count':
    'This start deactivates suppliers or removes identifiers, {count} in all, confirmed by typing that number, and the start did not confirm it. Look at the summary, then confirm the start with exactly that count.',
  'failure.plan_not_confirmed.paid':
    'This start orders {count, plural, one {# screening or validation} other {# screenings and validations}}, which may cost money, and did not confirm that count. Look at the summary, then confirm the start by typing exactly that number.',
  'failure.undo_refused.kind':
    'The job "{name}" is not an onboarding job: only the suppliers an onboarding job created can be deactivated by undoing it.',
  'failure.undo_refused.unsettled':
    'The job "{name}" still has {rows, plural, one {# creation} other {# creations}} under way or in doubt. Resume it until every creation is answered, then undo it.',
  'failure.job_running.undo':
    'The job "{name}" is running, so it cannot be undone yet: its creations are still being sent. Pause it or let it end, then try again.',
  'failure.job_running.move':
    'The job "{name}" is running, so it cannot be moved to another connection: its rows are being sent and their answers must be recorded with it. Pause or cancel the job first, then try again.',
  'failure.job_running.archive':
    'The job "{name}" is running, so it cannot be archived: its rows are being sent and their answers must be recorded with it. Pause or cancel the job first, then try again.',
  'failure.job_running.delete':
    'The job "{name}" is running, so it cannot be deleted: its rows are being sent and their answers must be recorded with it. Pause or cancel the job first, then try again.',
  'failure.connection_switch_refused.finished':
    'The job "{name}" has finished: nothing is left to send on another connection. To send the file again elsewhere, start a new job from it.',
  'failure.connection_switch_refused.unconfirmed':
    'Rows of this job were sent on "{from}" and are not confirmed yet ({rows} in doubt, accepted, or being screened or validated there). Only that connection can confirm them without sending a supplier twice: fix its token (Connection, Edit) and resume the job until they are confirmed, then move the job.',
  'failure.connection_switch_refused.other_api':
    '"{to}" is another API ({toAddress}) than the one this job sent rows to ({fromAddress}): the suppliers it made there cannot be followed on it. Choose a connection to the same API, or start a new job from the file on "{to}".',
  // ---- a row's errors, as the engine and the services record them
  'failure.invalid_input.no_supplier_id':
    'The row has no supplier id after mapping. Map the supplier id column and retry.',
  'failure.invalid_input.id_of_other_row':
    'The supplier id {id} of this row names the supplier of row {otherRow} ("{otherName}", platform id {platformId}), not this row\'s: sending it would make this row that supplier. Correct the id of this row (or of row {otherRow}) and bring the results file back again.',
  'failure.invalid_input.no_longer_valid':
    'The row no longer passes validation. Fix its values and retry.',
  'failure.api_ambiguous.platform_ids':
    'Several suppliers have this identifier (platform ids {platformIds}). Add a source to the identifier or merge the suppliers in the platform.',
  'failure.api_maybe_processed.creation_cap':
    'The creation was sent {attempts, plural, one {once} other {# times}} without a confirmed result, and the supplier is neither pending nor found. Check the platform, then retry the row.',
  'failure.api_maybe_processed.screening_cap':
    'The screening request was sent {attempts, plural, one {once} other {# times}} without a confirmed result. Check the platform, then retry the row.',
  'failure.api_maybe_processed.validation_cap':
    'The validation request was sent {attempts, plural, one {once} other {# times}} without a confirmed result. Check the platform, then retry the row.',
  'failure.api_not_found.no_platform_id':
    'The row has no platform id to request this for. Retry the row so the app finds its supplier first.',
  'failure.api_not_found.identifiers':
    'The platform did not find this supplier to add its identifiers to. Check that it is still active on the platform, then retry the row.',
  'failure.api_not_found.attach_platform':
    'No active supplier on the platform has the platform id {platformId}, so nothing was sent for this row. Check the id (search the platform for the supplier), or empty "Attach to platform ID" to create the row.',
  'failure.invalid_input.attach_state':
    'Row {row} can no longer be attached to a supplier: something was sent for it already, or it was created. Only a row not sent yet can be attached. If it was created as a second supplier, deactivate the one you do not want with a deactivation job (or the undo of this job), then add its ids to the other with an identifiers job.',
  'failure.api_not_found.named_supplier':
    'No active supplier on the platform matches this row, so nothing was changed for it. Check the identifier in the row (a typo, a missing source, leading zeros Excel dropped) or whether the supplier was deactivated before; fix the row and run it again.',
  'failure.api_maybe_processed.identifier_cap':
    'The identifier {id} was sent {attempts, plural, one {once} other {# times}} without a confirmed result, and no supplier has it. Check the platform, then retry the row.',
  'failure.api_maybe_processed.deactivate_cap':
    'The deactivation was sent {attempts, plural, one {once} other {# times}} without a confirmed result, and the supplier is still active. Check the platform, then retry the row.',
  'failure.api_row_rejected.deactivate':
    "The platform refused to deactivate this supplier: {detail} Check the row's identifier, then retry the row.",
  'failure.api_row_rejected.identifier':
    "The platform refused the change of identifier {id}: {detail} Check the row's identifier, then retry the row.",
  'failure.api_row_rejected.identifier_type':
    "The API refused the identifier type {sent} for {id}: {detail} This API calls the customer id or the own id by another name. Set the names it uses in the connection's Identifier type names (Connection screen; on the command line --identifier-types CUSTOMER_ID=<name>,OWN_ID=<name>), then retry the row.",
  'failure.api_maybe_processed.idchange_cap':
    'The change of identifier {id} was sent {attempts, plural, one {once} other {# times}} without a confirmed result. Check the supplier on the platform, then retry the row.',
  'failure.api_conflict.on_other_supplier':
    'The identifier {id} belongs to another supplier (platform id {holder}), so it was not added: an identifier belongs to one supplier only. Remove it there first, or correct the row, then retry it.',
  'failure.api_conflict.on_other_suppliers':
    'The identifier {id} belongs to another supplier, so it was not added: an identifier belongs to one supplier only. Remove it there first, or correct the row, then retry it.',
  'failure.api_ambiguous.identifier':
    'Several suppliers have the identifier {id}. Add the source of the identifier to the row, then retry it.',
  'failure.api_not_found.screening_gone':
    'The platform no longer reports the screening request for this supplier. Check the supplier on the platform, then retry the row to ask again.',
  'failure.api_not_found.validation_gone':
    'The platform no longer reports the validation request for this supplier. Check the supplier on the platform, then retry the row to ask again.',
  'failure.api_unexpected_response.screening_status':
    'The platform answered the screening status "{status}" for {duration}, a status its documentation does not list, so the app stopped following it. Check the screening of this supplier on the platform (or ask the platform\'s support what the status means), then retry the row.',
  'failure.api_unexpected_response.validation_status':
    'The platform answered the validation status "{status}" for {duration}, a status its documentation does not list, so the app stopped following it. Check the validation of this supplier on the platform (or ask the platform\'s support what the status means), then retry the row.',
  'failure.api_not_found.screening':
    'The platform did not find this supplier for the screening request. Check that it is still active on the platform, then retry the row.',
  'failure.api_not_found.validation':
    'The platform did not find this supplier for the validation request. Check that it is still active on the platform, then retry the row.',
  'failure.api_row_rejected.screening': 'The screening request was refused: {detail}',
  'failure.api_row_rejected.validation': 'The validation request was refused: {detail}',
  'failure.held_by_other_job.named':
    'Left out of this job: the job "{jobName}" was still working on the same supplier (supplier id and source). Once that job has ended, retry this row if it is still needed.',
  'failure.sent_again.named':
    'Sent again by the job "{jobName}", made from the results file you fixed: see that job for what became of this row.',
} as const;

/** What else the services say in their own words: job state reasons (`reason.<code>`), row
 *  problems found when a job is made or fixed (`problem.<code>`, `problem.<code>.fix`), and
 *  warnings (`warning.<code>`). */
const services = {
  'reason.import_incomplete':
    'The file is still being read into this job, or its import was interrupted. Resume the job to read the rest of the file first.',
  'reason.internal': 'The job stopped unexpectedly. Resume it to continue; nothing was lost.',
  'problem.empty_row':
    'The row is empty after mapping: none of the mapped columns has a value. Fill it in or ignore it.',
  'problem.duplicate_identity':
    'Another row ({rows}) has the same supplier id and source. Give each supplier its own id.',
  'warning.throttled_wait':
    'The API asked the app to slow down; it waits {seconds} s and continues by itself.',
  'warning.shared_user':
    'Another program uses the same API user: the app slows down to share the limit, and speeds up again gradually.',
} as const;

export const en = { ...general, ...cases, ...services };
export type FailureKey = keyof typeof general | keyof typeof cases;

export const de: Record<keyof typeof en, string> = {
  'failure.api_access_denied.scores_not_enabled':
    'Externe Scores sind für diese Organisation nicht freigeschaltet: Die API hat sie abgelehnt (403). Bitten Sie Ihre Kundenbetreuung, die Funktion freizuschalten, und setzen Sie den Auftrag dann fort.',
  'failure.invalid_input.scores_perspective':
    'Die API hat die Perspektive {perspectiveId} abgelehnt: {apiMessage} Geben Sie die ID einer Perspektive ein (eine ganze Zahl).',
  'failure.invalid_input.scores_perspective_missing':
    'Ein Scores-Auftrag braucht eine Perspektive. Wählen Sie die Perspektive, zu deren Ereignistypen die Scores gehören.',
  'failure.invalid_input.scores_no_identifier':
    'Die Zuordnung nennt keine Spalte für den Lieferanten. Ordnen Sie Supplier ID, Customer ID, Own ID oder Platform ID einer Spalte zu.',
  'failure.invalid_input.scores_no_score_columns':
    'Die Zuordnung ordnet keine Spalte einem Ereignistyp der Perspektive {perspectiveId} zu. Ordnen Sie mindestens eine Spalte einem Ereignistyp zu.',
  'failure.invalid_input.scores_no_long_columns':
    'Eine Tabelle mit einer Zeile je Score braucht zugeordnete Spalten für Ereignistyp und Score. Ordnen Sie sie zu oder wählen Sie eine Spalte je Ereignistyp.',
  'failure.invalid_input.scores_no_such_column':
    'Die Zuordnung nennt Spalte {column}, die die Tabelle nicht hat. Ordnen Sie eine Spalte der Tabelle zu.',
  'failure.invalid_input.scores_unknown_event_type':
    'Die Zuordnung nennt den Ereignistyp {eventTypeKey}, den die Perspektive {perspectiveId} nicht hat. Verwenden Sie einen von: {keys}.',
  'failure.api_not_found.scores_event_types':
    'Die API hat geantwortet, dass es unter dieser Adresse keine Ereignistypen gibt. Prüfen Sie die Adresse der Verbindung und ob die API externe Scores anbietet.',
  // ---- core
  'failure.internal':
    'In der App ist ein Fehler aufgetreten. Ihre Daten sind im Journal sicher; versuchen Sie es erneut, und wenn es sich wiederholt, exportieren Sie das Auftragsprotokoll für den Support.',
  'failure.invalid_input':
    'Die Anfrage war ungültig. Prüfen Sie die markierten Werte und versuchen Sie es erneut.',
  'failure.unknown_command':
    'Die App kennt diesen Befehl nicht. Starten Sie die App neu; wenn es sich wiederholt, installieren Sie sie neu.',
  'failure.not_found':
    'Das Element wurde nicht gefunden. Es wurde vielleicht entfernt; aktualisieren Sie die Liste.',
  'failure.unauthorized_transport':
    'Dieses Fenster darf nicht mit der App sprechen. Öffnen Sie die App über ihre eigene Adresse oder starten Sie sie neu.',
  'failure.job_in_use':
    'Eine andere Instanz der App führt diesen Auftrag aus. Beenden Sie ihn dort oder warten Sie, bis er endet, und starten Sie den Auftrag dann erneut.',
  'failure.disk_full':
    'Der Datenträger mit dem Datenordner der App ist voll, daher konnte das Journal den Fortschritt des Auftrags nicht speichern. Der Auftrag wurde angehalten, nichts ging verloren: Schaffen Sie Platz auf diesem Datenträger und setzen Sie den Auftrag dann fort.',
  'failure.plan_not_confirmed':
    'Dieser Start bestellt Screenings oder Validierungen, deaktiviert Lieferanten oder bearbeitet Lieferanten, die ein anderer Auftrag hält, und wurde nicht bestätigt. Öffnen Sie den Auftrag und klicken Sie auf Starten, um die Übersicht zu sehen, und bestätigen Sie sie dann.',
  'failure.node_too_old':
    'Diese App benötigt Node.js 22 oder neuer. Führen Sie `npm ci` aus, damit das mitgelieferte Node verwendet wird.',
  'failure.busy':
    'Die App beantwortet gerade zu viele Anfragen dieser Seite auf einmal und hat diese daher nicht angenommen. Warten Sie einen Moment und versuchen Sie es erneut; wenn es immer wieder geschieht, laden Sie die Seite neu.',
  // ---- api
  'failure.api_row_rejected':
    'Die API hat diese Zeile abgelehnt. Korrigieren Sie den genannten Wert und wiederholen Sie die Zeile.',
  'failure.api_access_denied':
    'Die API hat das Token abgelehnt. Prüfen Sie das Token in den Verbindungseinstellungen oder bitten Sie Ihre Administration um die fehlende Berechtigung.',
  'failure.api_not_found': 'Die API hat keinen Lieferanten mit dieser Kennung gefunden.',
  'failure.api_conflict':
    'Die API hat bereits einen Lieferanten oder eine laufende Anlage mit dieser Kennung.',
  'failure.api_throttled':
    'Die API hat die App gebeten, langsamer zu senden. Sie wartet und macht von selbst weiter.',
  'failure.api_maybe_processed':
    'Die API hat die Anfrage nicht bestätigt (Serverfehler, Zeitüberschreitung oder abgebrochene Verbindung). Die App prüft, ob sie ausgeführt wurde, bevor sie erneut etwas sendet.',
  'failure.api_offline':
    'Die API ist nicht erreichbar. Prüfen Sie das Netzwerk; der Auftrag wartet und macht weiter, sobald die Verbindung wieder besteht.',
  'failure.api_untrusted_certificate':
    'Dem Zertifikat der API vertraut dieser Computer nicht; es wurde nichts gesendet. Wenn Ihr Unternehmen verschlüsselten Datenverkehr prüft, installieren Sie das Stammzertifikat des Unternehmens (Desktop-App: im Zertifikatsspeicher des Systems; Kommandozeile: NODE_EXTRA_CA_CERTS auf die CA-Datei des Unternehmens setzen) und setzen Sie den Auftrag dann fort. Andernfalls prüfen Sie die Adresse der API.',
  'failure.api_unexpected_response':
    'Die API hat in einer Form geantwortet, die die App nicht versteht. Prüfen Sie, ob die Basis-URL auf die Lieferanten-API zeigt.',
  'failure.api_insecure_url':
    'Die API-Adresse muss mit https:// beginnen. Einfaches http ist nur für diesen Computer erlaubt: localhost, 127.0.0.1 oder [::1].',
  'failure.api_no_token':
    'Für diese Verbindung ist kein API-Token gespeichert. Geben Sie das Token in den Verbindungseinstellungen ein.',
  'failure.api_field_names':
    'Die API hat die Feldnamen der Anlage abgelehnt (city/address oder locality/addressLine): Wechseln Sie die Feldnamen der Verbindung in den Verbindungseinstellungen und wiederholen Sie die fehlgeschlagenen Zeilen.',
  'failure.api_answer_lacks_field':
    'Die API hat {endpoint} ohne {field} beantwortet, das die App braucht; sie kann die Antwort daher nicht verwenden. Prüfen Sie die Feldnamen-Einstellungen der Verbindung (oder den Proxy vor der API); hilft das nicht, führen Sie den Verbindungstest aus und senden Sie seinen Bericht an den Support.',
  'failure.api_ambiguous':
    'Mehrere Lieferanten passen zu dieser Kennung. Ergänzen Sie die Kennung um eine Quelle oder bereinigen Sie die Dubletten auf der Plattform.',
  // ---- workbook
  'failure.file_not_found':
    'Die Datei wurde nicht gefunden. Prüfen Sie, ob sie noch vorhanden ist, und wählen Sie sie erneut.',
  'failure.file_unreadable':
    'Die Datei konnte nicht gelesen werden. Schließen Sie sie in Excel und anderen Programmen und versuchen Sie es erneut.',
  'failure.file_corrupt':
    'Die Datei ist beschädigt oder keine echte Excel-Arbeitsmappe. Öffnen Sie sie in Excel, speichern Sie sie erneut als .xlsx und importieren Sie die neue Datei.',
  'failure.file_encrypted':
    'Die Arbeitsmappe ist kennwortgeschützt. Entfernen Sie das Kennwort in Excel (Datei, Informationen, Arbeitsmappe schützen) und importieren Sie sie erneut.',
  'failure.file_legacy_xls':
    'Alte .xls-Arbeitsmappen werden nicht unterstützt. Öffnen Sie die Datei in Excel und speichern Sie sie als .xlsx (Excel-Arbeitsmappe).',
  'failure.file_unsupported_type':
    'Diese Art von Datei wird nicht unterstützt. Verwenden Sie eine .xlsx-Arbeitsmappe oder eine .csv/.txt-Datei.',
  'failure.file_too_large':
    'Die Datei ist größer, als die App auf einmal importieren kann. Teilen Sie sie in kleinere Dateien auf.',
  'failure.file_quotes_broken':
    'Anführungszeichen in der Textdatei würden Zeilen zusammenführen oder verändern. Korrigieren Sie sie in den genannten Zeilen mit einem Texteditor und importieren Sie die Datei erneut.',
  'failure.file_unpacked_too_large':
    'Die Arbeitsmappe entpackt sich zu weit mehr Daten, als eine Lieferantenliste braucht: Sie ist vielleicht beschädigt oder darauf angelegt, die Programme zu überlasten, die sie öffnen. Öffnen Sie sie in Excel und speichern Sie sie erneut, oder speichern Sie das Blatt als CSV (Datei, Speichern unter, CSV UTF-8) und importieren Sie diese.',
  'failure.workbook_too_many_texts':
    'Die Arbeitsmappe enthält mehr verschiedene Texte, als die App auf einmal liest. Teilen Sie die Liste in kleinere Arbeitsmappen auf oder speichern Sie das Blatt als CSV (Datei, Speichern unter, CSV UTF-8) und importieren Sie diese.',
  'failure.sheet_too_large':
    'Das Blatt hat mehr Zeilen, Spalten oder Text, als die App liest. Teilen Sie die Liste in kleinere Arbeitsmappen auf oder speichern Sie das Blatt als CSV (Datei, Speichern unter, CSV UTF-8) und importieren Sie diese.',
  'failure.cell_too_long':
    'Eine Zelle enthält mehr als 32.767 Zeichen, was Excel selbst nicht erlaubt. Kürzen Sie sie in der Datei und importieren Sie die Datei erneut.',
  'failure.file_changed':
    'Die Datei hat sich seit dem Import geändert. Importieren Sie sie erneut, um einen Auftrag mit dem neuen Inhalt zu starten.',
  'failure.sheet_not_found':
    'Die Arbeitsmappe hat kein Blatt mit diesem Namen. Wählen Sie eines der aufgeführten Blätter.',
  'failure.sheet_empty': 'Das Blatt ist leer. Wählen Sie das Blatt mit der Lieferantenliste.',
  'failure.header_not_found':
    'Es wurde keine Kopfzeile gefunden. Markieren Sie die Zeile mit den Spaltennamen.',
  'failure.mapping_incomplete':
    'Einige Pflichtfelder sind keiner Spalte zugeordnet. Ordnen Sie sie zu oder legen Sie einen festen Wert fest.',
  'failure.export_failed':
    'Die Ergebnisse konnten nicht geschrieben werden. Prüfen Sie, ob der Zielordner existiert und die Datei nicht in Excel geöffnet ist.',
  'failure.export_cancelled':
    'Der Export wurde abgebrochen: An seiner Stelle wurde keine Datei geschrieben. Exportieren Sie erneut, wann immer Sie möchten.',
  'failure.results_too_wide':
    'Die Datei hat mehr Spalten, als ein Excel-Blatt zusammen mit den Ergebnisspalten fassen kann (16.384 insgesamt). Löschen Sie die Spalten, die der Auftrag nicht braucht, und importieren Sie die Datei erneut.',
  'failure.value_missing':
    'Ein Pflichtwert ist leer. Füllen Sie ihn in der Datei oder in der App aus.',
  'failure.value_invalid':
    'Ein Wert hat nicht die Form, die die API akzeptiert. Korrigieren Sie ihn in der Datei oder in der App.',
  'failure.country_unknown':
    'Das Land ist der App nicht bekannt. Verwenden Sie seinen Namen auf Englisch, Deutsch, Französisch, Spanisch, Italienisch, Niederländisch, Polnisch oder Portugiesisch oder seinen zweistelligen ISO-Code (zum Beispiel DE).',
  'failure.postal_code_invalid':
    'Die Postleitzahl hat nicht die Form der Postleitzahlen im Land des Lieferanten. Korrigieren Sie sie oder lassen Sie sie leer.',
  'failure.duplicate_in_file':
    'Eine andere Zeile dieser Datei hat dieselbe Lieferanten-ID und Quelle. Geben Sie jedem Lieferanten eine eigene ID oder löschen Sie die wiederholte Zeile.',
  'failure.row_empty':
    'Die Zeile hat in keiner zugeordneten Spalte einen Wert. Füllen Sie sie aus oder löschen Sie sie aus der Datei.',
  'failure.excel_error_value':
    'Eine Zelle zeigt einen Excel-Fehler (etwa #NV, #BEZUG! oder #DIV/0!) statt eines Werts. Korrigieren Sie die Formel oder geben Sie den Wert ein.',
  'failure.id_became_date':
    'Excel hat eine Kennung in ein Datum umgewandelt. Formatieren Sie die Spalte in Excel als Text und geben Sie die ID erneut ein.',
  'failure.id_in_scientific_notation':
    'Excel hat eine Kennung als Zahl gelesen und zeigt sie in wissenschaftlicher Schreibweise (etwa 1,23E+11), sodass ihre letzten Ziffern verloren gehen können. Formatieren Sie die Spalte in Excel als Text und geben Sie die ID erneut ein.',
  'failure.id_digits_lost':
    'Eine Kennung mit mehr als 15 Ziffern wurde als Zahl gespeichert; Excel behält nur 15 Ziffern, daher haben sich ihre letzten Ziffern geändert. Formatieren Sie die Spalte in Excel als Text und geben Sie die ID erneut ein.',
  'failure.id_zeros_dropped':
    'Eine ID hat weniger Stellen als die anderen IDs ihrer Spalte, die führende Nullen behalten: Eine Tabellenkalkulation hat vielleicht ihre Nullen entfernt, und ohne sie bezeichnet sie einen anderen Lieferanten. Geben Sie sie mit ihren Nullen ein, oder geben Sie sie erneut so ein, wie sie ist, wenn sie richtig ist.',
  'failure.id_fraction':
    'Eine Kennung ist eine Zahl mit Nachkommastellen in einer Zahlenzelle (Excel zeigt sie gerundet, etwa 0,3 für 0,30000000000000004), daher kann die App ihr nicht trauen. Formatieren Sie die Spalte in Excel als Text und geben Sie die ID so ein, wie sie in Ihrem System steht.',
  'failure.postal_code_became_date':
    'Excel hat eine Postleitzahl in ein Datum umgewandelt. Formatieren Sie die Spalte in Excel als Text und geben Sie die Postleitzahl erneut ein.',
  'failure.encoding_lost':
    'Ein Fragezeichen steht, wo die Datei einen Buchstaben hatte, den ihre Kodierung nicht fassen konnte (etwa „?stanbul“ für „İstanbul“ in einer als ANSI gespeicherten CSV-Datei). Speichern Sie die Liste als „CSV UTF-8“ oder als Excel-Arbeitsmappe und importieren Sie sie erneut, oder geben Sie den Buchstaben hier ein.',
  // ---- files
  'failure.file_not_chosen':
    'Die App öffnet nur Dateien, die Sie während ihrer Laufzeit gewählt haben (mit dem Dateidialog, durch Ablegen im Fenster oder durch Hochladen im Browser). Wählen Sie die Datei erneut.',
  'failure.export_place_refused':
    'Die App speichert Ergebnisse nur neben der importierten Datei oder dort, wo Sie es in der Desktop-App mit „Speichern unter…“ gewählt haben. Exportieren Sie erneut, ohne einen Ort anzugeben.',
  'failure.export_type_refused':
    'Ergebnisse werden als Excel-Datei (.xlsx) oder CSV-Datei (.csv) gespeichert. Wählen Sie einen Namen, der auf .xlsx oder .csv endet.',
  'failure.export_folder_missing':
    'Der Ordner für die Ergebnisse existiert nicht mehr, und die App legt keine Ordner an. Stellen Sie den Ordner wieder her (oder wählen Sie in der Desktop-App mit „Speichern unter…“ einen anderen Ort) und exportieren Sie dann erneut.',
  'failure.export_file_exists':
    'Dort liegt bereits eine Datei dieses Namens, die die App nicht geschrieben hat oder die seitdem geändert wurde (etwa in Excel korrigiert), daher wird sie nicht ersetzt. Benennen Sie diese Datei um oder verschieben Sie sie (oder wählen Sie in der Desktop-App mit „Speichern unter…“ einen anderen Ort) und exportieren Sie dann erneut.',
  'failure.download_changed':
    'Die Ergebnisdatei wurde seit dem Export geändert oder ersetzt und wird daher nicht heruntergeladen. Exportieren Sie den Auftrag erneut.',
  // ---- jobs
  'failure.validation_rejected':
    'Validierung abgelehnt: Die Plattform konnte den Lieferanten nicht bestätigen. Lesen Sie den Grund, korrigieren Sie die Angaben des Lieferanten auf der Plattform und fordern Sie die Validierung dort erneut an.',
  'failure.screening_aborted':
    'Das Screening wurde auf der Plattform ohne Ergebnis abgebrochen: Fordern Sie auf der Plattform ein neues Screening für diesen Lieferanten an.',
  'failure.job_running':
    'Der Auftrag läuft. Halten Sie ihn an oder warten Sie, bis er endet, und versuchen Sie es dann erneut: Ein laufender Auftrag kann nicht verschoben, archiviert oder gelöscht werden.',
  'failure.work_cancelled':
    'Abgebrochen: Die Zeilen haben wieder die Werte von vorher. Sie können es jederzeit erneut starten.',
  'failure.work_running':
    'Eine andere Korrektur oder Rücknahme dieses Auftrags läuft noch. Warten Sie, bis sie endet, oder brechen Sie sie ab, und versuchen Sie es dann erneut.',
  'failure.connection_switch_refused':
    'Der Auftrag kann nicht zu dieser Verbindung wechseln. Behalten Sie seine Verbindung oder starten Sie auf der anderen einen neuen Auftrag aus der Datei.',
  'failure.connection_test_failed':
    'Die Verbindung hat ihren Test nicht bestanden, daher verwenden neue Aufträge weiter die aktuelle Verbindung. Korrigieren Sie Adresse oder Token (Bearbeiten) und testen Sie sie erneut.',
  // ---- cases
  'failure.not_found.job':
    'Dieser Auftrag existiert nicht mehr. Aktualisieren Sie die Auftragsliste.',
  'failure.not_found.row': 'Diese Zeile existiert nicht mehr. Laden Sie die Tabelle neu.',
  'failure.not_found.connection':
    'Diese Verbindung existiert nicht mehr. Aktualisieren Sie die Liste.',
  'failure.not_found.chosen_connection':
    'Die gewählte Verbindung existiert nicht mehr. Wählen Sie eine andere.',
  'failure.not_found.upload': 'Das Hochladen wurde unterbrochen. Wählen Sie die Datei erneut.',
  'failure.not_found.download':
    'Nur Ergebnisdateien, die in dieser Sitzung exportiert wurden, können heruntergeladen werden. Exportieren Sie den Auftrag erneut.',
  'failure.not_found.job_kind':
    'Dieser Auftrag ist von einer Art, die diese Version der App nicht kennt („{kind}“): Er wurde mit einer neueren Version der App oder einer Erweiterung erstellt. Öffnen Sie ihn mit jener Version oder aktualisieren Sie die App.',
  'failure.not_found.results_job':
    'Zu dieser Ergebnisdatei wurde kein Auftrag gefunden. Öffnen Sie den Auftrag, aus dem sie stammt, und importieren Sie die Datei dort.',
  'failure.not_found.audit':
    'Für diese Verbindung gibt es in dieser Sitzung keine Prüfung ihres Lieferantenstamms (die App wurde neu gestartet oder eine andere Verbindung geprüft). Prüfen Sie erneut und wählen Sie dann die zu deaktivierenden Lieferanten.',
  'failure.not_found.audit_member':
    '{count, plural, one {Plattform-ID {ids} ist} other {Plattform-IDs {ids} sind}} in keiner Gruppe der letzten Prüfung: Nur Lieferanten, die sie gruppiert hat, können aus ihr deaktiviert werden. Prüfen Sie erneut.',
  'failure.file_not_found.download':
    'Die Ergebnisdatei ist nicht mehr vorhanden. Exportieren Sie den Auftrag erneut.',
  'failure.file_not_found.upload_expired':
    'Die hochgeladene Datei wurde nach einer Stunde ohne Verwendung entfernt, wie alle hochgeladenen Dateien. Wählen Sie die Datei erneut.',
  'failure.file_too_large.upload':
    'Die Datei ist größer als {limitMb} MB. Teilen Sie sie in kleinere Dateien auf.',
  'failure.invalid_input.request': 'Die Anfrage „{command}“ war ungültig: {field}: {problem}.',
  'failure.mapping_incomplete.drift_supplier_id':
    'Keine Spalte enthält die Lieferantennummer, daher lässt sich keine Zeile auf der Plattform finden. Ordnen Sie die Spalte der Lieferantennummer zu.',
  'failure.invalid_input.source_row_repeated':
    'Jede Zeile braucht ihre eigene Zeilennummer in der Datei: Zeile {sourceRow} kam zweimal. Importieren Sie die Datei erneut.',
  'failure.invalid_input.dialog_desktop_only':
    'Eine Datei über einen Dialog wählen geht nur in der Desktop-App. Legen Sie die Datei auf der Seite ab oder wählen Sie sie mit der Dateischaltfläche.',
  'failure.invalid_input.download_browser_only':
    'Herunterladen ist für den Browser gedacht. Verwenden Sie stattdessen „Im Ordner zeigen“.',
  'failure.invalid_input.sandbox_kept':
    'Die eingebaute Übungsverbindung kann nicht entfernt werden. Legen Sie stattdessen daneben eine Verbindung zur echten API an.',
  'failure.invalid_input.connection_in_use':
    'Aufträge verwenden diese Verbindung noch. Entfernen oder beenden Sie sie zuerst oder bearbeiten Sie stattdessen die Verbindung.',
  'failure.invalid_input.pause_to_change_options':
    'Halten Sie den Auftrag an, bevor Sie seine Optionen ändern.',
  'failure.invalid_input.pause_to_fix': 'Halten Sie den Auftrag an, bevor Sie Zeilen korrigieren.',
  'failure.invalid_input.scores_fix_in_sheet':
    'Die Zeilen eines Bewertungsauftrags werden im Blatt korrigiert: Korrigieren Sie die Zellen, die seine Ergebnisse nennen, und laden Sie nur diese Zeilen als neuen Bewertungsauftrag hoch. Bereits geschriebene Bewertungen bleiben geschrieben.',
  'failure.invalid_input.fix_not_in_app':
    'Die Zeilen dieser Art von Auftrag werden nicht in der App korrigiert: Korrigieren Sie sie in der Datei, aus der sie stammen, und importieren Sie nur diese Zeilen als neuen Auftrag.',
  'failure.invalid_input.pause_to_undo':
    'Halten Sie den Auftrag an, bevor Sie eine Korrektur rückgängig machen.',
  'failure.invalid_input.pause_to_retry':
    'Halten Sie den Auftrag an, bevor Sie Zeilen wiederholen, oder warten Sie, bis er endet.',
  'failure.invalid_input.find_empty':
    'Geben Sie den zu suchenden Text ein und zählen Sie die Zeilen dann erneut.',
  'failure.invalid_input.not_results_file':
    '„{file}“ ist keine Ergebnisdatei: Sie hat keine Spalte „Status“. Wählen Sie die Ergebnisdatei, die die App für diesen Auftrag exportiert hat (zu suppliers.xlsx: suppliers.results.xlsx), mit den darin korrigierten Zeilen. Um eine Lieferantenliste zu importieren, verwenden Sie Neuer Import.',
  'failure.invalid_input.not_results_sheet':
    '„{file}“ ist keine Ergebnisdatei: Sie hat keine Spalte „Status“ (Blatt „{sheet}“). Wählen Sie die Ergebnisdatei, die die App für diesen Auftrag exportiert hat (zu suppliers.xlsx: suppliers.results.xlsx), mit den darin korrigierten Zeilen. Um eine Lieferantenliste zu importieren, verwenden Sie Neuer Import.',
  'failure.invalid_input.column_moved':
    'Spalte {letter} von „{file}“ ist „{header}“, aber Auftrag {jobId} ({jobName}) hat {field} dort aus der Spalte „{expected}“ gelesen. Stellen Sie die Spalten so wieder her, wie die Ergebnisdatei sie hatte (zuerst die Lieferantenspalten in ihrer Reihenfolge, dann Status und die anderen Ergebnisspalten), und bringen Sie die Datei erneut zurück.',
  'failure.invalid_input.column_missing':
    '„{file}“ hat keine Spalte {column}, aber Auftrag {jobId} ({jobName}) hat {field} dort aus der Spalte „{expected}“ gelesen. Stellen Sie die Spalten so wieder her, wie die Ergebnisdatei sie hatte (zuerst die Lieferantenspalten in ihrer Reihenfolge, dann Status und die anderen Ergebnisspalten), und bringen Sie die Datei erneut zurück.',
  'failure.api_untrusted_certificate.named':
    'Die API unter {host} hat ein Zertifikat vorgelegt, dem dieser Computer nicht vertraut ({detail}); es wurde nichts gesendet. Wenn Ihr Unternehmen verschlüsselten Datenverkehr prüft, installieren Sie das Stammzertifikat des Unternehmens (Desktop-App: im Zertifikatsspeicher des Systems; Kommandozeile: NODE_EXTRA_CA_CERTS auf die CA-Datei des Unternehmens setzen) und setzen Sie den Auftrag dann fort. Andernfalls prüfen Sie die Adresse der API.',
  'failure.api_unexpected_response.too_large':
    'Die Antwort der API auf {endpoint} ist größer als {limitMb} MB, mehr als jede Antwort der Lieferanten-API; sie wurde daher nicht gelesen. Prüfen Sie, ob die Basis-URL auf die Lieferanten-API zeigt; wenn ja, senden Sie den Bericht des Verbindungstests an den Support.',
  'failure.api_unexpected_response.redirect':
    'Die API hat {endpoint} mit einer Weiterleitung zu {target} beantwortet. Die App folgt keiner Weiterleitung, damit das Token nie an eine andere Adresse gelangt. Wenn {target} die Adresse der API ist, geben Sie sie als Adresse der Verbindung ein; andernfalls fragen Sie Ihre Netzwerkadministration, was die Anfrage umleitet.',
  'failure.api_no_token.address_changed':
    'Die Adresse hat sich von {from} zu {to} geändert. Geben Sie auch das Token für die neue Adresse ein: Die App sendet ein Token nur an die Adresse, für die es eingegeben wurde.',
  'failure.results_too_wide.import':
    '„{file}“ hat {columns, plural, one {# Spalte} other {# Spalten}}; mit {resultColumns, plural, one {der # Ergebnisspalte} other {den # Ergebnisspalten}} bräuchten seine Ergebnisse {width}, mehr als die {maxColumns, plural, one {# Spalte} other {# Spalten}} eines Excel-Blatts. Es wurde nichts gesendet. Löschen Sie die Spalten, die der Auftrag nicht braucht (er liest {used} davon), speichern Sie die Datei und importieren Sie sie erneut; oder importieren Sie sie auf der Kommandozeile mit --out DATEI.csv, um die Ergebnisse als CSV-Datei zu erhalten, die keine solche Grenze hat.',
  'failure.export_type_refused.extension':
    'Ergebnisse im Format {format} werden in einer Datei gespeichert, deren Name auf .{extension} endet. Wählen Sie einen solchen Namen.',
  'failure.export_failed.target_link':
    '„{path}“ ist eine symbolische Verknüpfung (ein Verweis auf eine andere Datei), daher wird nichts durch sie geschrieben: Jemand, der in diesen Ordner schreiben kann, hat sie vielleicht dort abgelegt, damit die App eine Datei an anderer Stelle überschreibt. Es wurde nichts geändert. Löschen Sie die Verknüpfung oder wählen Sie einen anderen Dateinamen, und exportieren Sie in einen Ordner, den nur Sie ändern können.',
  'failure.export_failed.folder_changed':
    'Der Ordner „{folder}“ oder die darin geschriebene Datei wurde von jemand anderem ersetzt, während „{name}“ geschrieben wurde, daher wurde die Datei nicht dort abgelegt und im Ordner nichts geändert. Exportieren Sie erneut in einen Ordner, den nur Sie ändern können (nicht in einen, in den andere schreiben können).',
  'failure.export_file_exists.named':
    'Eine Datei namens {name} liegt bereits in diesem Ordner, und die App hat sie nicht geschrieben oder sie wurde seitdem geändert (etwa in Excel korrigiert), daher wird sie nicht ersetzt. Benennen Sie diese Datei um oder verschieben Sie sie (oder wählen Sie in der Desktop-App mit „Speichern unter…“ einen anderen Ort) und exportieren Sie dann erneut.',
  'failure.plan_not_confirmed.count':
    'Dieser Start deaktiviert Lieferanten oder entfernt Kennungen, {count} insgesamt, zu bestätigen durch Eingabe dieser Zahl, und der Start hat sie nicht bestätigt. Sehen Sie sich die Übersicht an und bestätigen Sie den Start dann mit genau dieser Anzahl.',
  'failure.plan_not_confirmed.paid':
    'Dieser Start bestellt {count, plural, one {# Screening oder Validierung, die Geld kosten kann} other {# Screenings und Validierungen, die Geld kosten können}}, und hat diese Anzahl nicht bestätigt. Sehen Sie sich die Übersicht an und bestätigen Sie den Start, indem Sie genau diese Zahl eingeben.',
  'failure.undo_refused.kind':
    'Der Auftrag „{name}“ ist kein Anlage-Auftrag: Nur die Lieferanten, die ein Anlage-Auftrag angelegt hat, können durch sein Rückgängigmachen deaktiviert werden.',
  'failure.undo_refused.unsettled':
    'Der Auftrag „{name}“ hat noch {rows, plural, one {# Anlage} other {# Anlagen}} in Arbeit oder ungeklärt. Setzen Sie ihn fort, bis jede Anlage beantwortet ist, und machen Sie ihn dann rückgängig.',
  'failure.job_running.undo':
    'Der Auftrag „{name}“ läuft und kann noch nicht rückgängig gemacht werden: Seine Anlagen werden noch gesendet. Halten Sie ihn an oder lassen Sie ihn enden und versuchen Sie es dann erneut.',
  'failure.undo_refused':
    'Dieser Auftrag kann nicht rückgängig gemacht werden: Nur ein Anlage-Auftrag, dessen Anlagen alle beantwortet sind, kann rückgängig gemacht werden.',
  'failure.job_running.move':
    'Der Auftrag „{name}“ läuft und kann daher nicht zu einer anderen Verbindung verschoben werden: Seine Zeilen werden gesendet und ihre Antworten müssen bei ihm verbucht werden. Halten Sie den Auftrag an oder brechen Sie ihn ab und versuchen Sie es dann erneut.',
  'failure.job_running.archive':
    'Der Auftrag „{name}“ läuft und kann daher nicht archiviert werden: Seine Zeilen werden gesendet und ihre Antworten müssen bei ihm verbucht werden. Halten Sie den Auftrag an oder brechen Sie ihn ab und versuchen Sie es dann erneut.',
  'failure.job_running.delete':
    'Der Auftrag „{name}“ läuft und kann daher nicht gelöscht werden: Seine Zeilen werden gesendet und ihre Antworten müssen bei ihm verbucht werden. Halten Sie den Auftrag an oder brechen Sie ihn ab und versuchen Sie es dann erneut.',
  'failure.connection_switch_refused.finished':
    'Der Auftrag „{name}“ ist fertig: Es gibt nichts mehr, das über eine andere Verbindung zu senden wäre. Um die Datei anderswo erneut zu senden, starten Sie einen neuen Auftrag daraus.',
  'failure.connection_switch_refused.unconfirmed':
    'Zeilen dieses Auftrags wurden über „{from}“ gesendet und sind noch nicht bestätigt ({rows} unklar, angenommen oder dort im Screening oder in der Validierung). Nur diese Verbindung kann sie bestätigen, ohne einen Lieferanten doppelt zu senden: Korrigieren Sie ihr Token (Verbindung, Bearbeiten), setzen Sie den Auftrag fort, bis sie bestätigt sind, und verschieben Sie ihn dann.',
  'failure.connection_switch_refused.other_api':
    '„{to}“ ist eine andere API ({toAddress}) als die, an die dieser Auftrag Zeilen gesendet hat ({fromAddress}): Die dort angelegten Lieferanten lassen sich über sie nicht verfolgen. Wählen Sie eine Verbindung zur selben API oder starten Sie auf „{to}“ einen neuen Auftrag aus der Datei.',
  'failure.creation_vanished':
    'Die Plattform hat diese Anlage ohne Lieferanten abgeschlossen (sie läuft nicht mehr und ist nicht zu finden). Prüfen Sie die Werte der Zeile und versuchen Sie sie dann erneut.',
  'failure.sent_again':
    'Erneut gesendet von einem Wiederholungsauftrag, erstellt aus der korrigierten Ergebnisdatei: Dort sehen Sie, was aus dieser Zeile wurde.',
  'failure.screening_findings':
    'Das Screening hat etwas gefunden: Prüfen Sie die Treffer auf der Plattform, bevor Sie mit diesem Lieferanten arbeiten.',
  'failure.held_by_other_job':
    'Aus diesem Auftrag ausgelassen: Ein anderer Auftrag bearbeitete noch denselben Lieferanten (Lieferanten-ID und Quelle). Wenn jener Auftrag beendet ist, versuchen Sie diese Zeile erneut, falls sie noch gebraucht wird.',
  // ---- a row's errors, as the engine and the services record them
  'failure.invalid_input.no_supplier_id':
    'Die Zeile hat nach der Zuordnung keine Lieferanten-ID. Ordnen Sie die Spalte der Lieferanten-ID zu und versuchen Sie es erneut.',
  'failure.invalid_input.id_of_other_row':
    'Die Lieferanten-ID {id} dieser Zeile bezeichnet den Lieferanten von Zeile {otherRow} („{otherName}“, Plattform-ID {platformId}), nicht den dieser Zeile: Gesendet würde diese Zeile zu jenem Lieferanten. Korrigieren Sie die ID dieser Zeile (oder von Zeile {otherRow}) und bringen Sie die Ergebnisdatei erneut zurück.',
  'failure.invalid_input.no_longer_valid':
    'Die Zeile besteht die Prüfung nicht mehr. Korrigieren Sie ihre Werte und versuchen Sie es erneut.',
  'failure.api_ambiguous.platform_ids':
    'Mehrere Lieferanten haben diese Kennung (Plattform-IDs {platformIds}). Ergänzen Sie die Kennung um eine Quelle oder führen Sie die Lieferanten auf der Plattform zusammen.',
  'failure.api_maybe_processed.creation_cap':
    'Die Anlage wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet, und der Lieferant ist weder in Bearbeitung noch zu finden. Prüfen Sie die Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_maybe_processed.screening_cap':
    'Die Screening-Anfrage wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet. Prüfen Sie die Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_maybe_processed.validation_cap':
    'Die Validierungsanfrage wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet. Prüfen Sie die Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_not_found.no_platform_id':
    'Die Zeile hat keine Plattform-ID, für die dies angefordert werden könnte. Versuchen Sie die Zeile erneut, damit die App zuerst ihren Lieferanten findet.',
  'failure.api_not_found.identifiers':
    'Die Plattform hat diesen Lieferanten nicht gefunden, um ihm seine Kennungen hinzuzufügen. Prüfen Sie, ob er auf der Plattform noch aktiv ist, und versuchen Sie die Zeile dann erneut.',
  'failure.api_not_found.attach_platform':
    'Kein aktiver Lieferant der Plattform hat die Plattform-ID {platformId}, darum wurde für diese Zeile nichts gesendet. Prüfen Sie die ID (suchen Sie den Lieferanten auf der Plattform) oder leeren Sie „An Plattform-ID anhängen“, um die Zeile anzulegen.',
  'failure.invalid_input.attach_state':
    'Zeile {row} kann keinem Lieferanten mehr zugeordnet werden: Für sie wurde schon etwas gesendet, oder sie wurde angelegt. Nur eine noch nicht gesendete Zeile kann zugeordnet werden. Wurde sie als zweiter Lieferant angelegt, deaktivieren Sie den unerwünschten mit einem Deaktivierungsauftrag (oder dem Rückgängigmachen dieses Auftrags) und fügen Sie seine IDs mit einem Auftrag „Kennungen anhängen oder entfernen“ dem anderen hinzu.',
  'failure.api_not_found.named_supplier':
    'Kein aktiver Lieferant auf der Plattform passt zu dieser Zeile, daher wurde für sie nichts geändert. Prüfen Sie die Kennung in der Zeile (ein Tippfehler, eine fehlende Quelle, führende Nullen, die Excel entfernt hat) oder ob der Lieferant schon vorher deaktiviert wurde; korrigieren Sie die Zeile und senden Sie sie erneut.',
  'failure.api_maybe_processed.identifier_cap':
    'Die Kennung {id} wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet, und kein Lieferant hat sie. Prüfen Sie die Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_maybe_processed.deactivate_cap':
    'Die Deaktivierung wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet, und der Lieferant ist noch aktiv. Prüfen Sie die Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_row_rejected.deactivate':
    'Die Plattform hat die Deaktivierung dieses Lieferanten abgelehnt: {detail} Prüfen Sie die Kennung der Zeile und versuchen Sie die Zeile dann erneut.',
  'failure.api_row_rejected.identifier':
    'Die Plattform hat die Änderung der Kennung {id} abgelehnt: {detail} Prüfen Sie die Kennung der Zeile und versuchen Sie die Zeile dann erneut.',
  'failure.api_row_rejected.identifier_type':
    'Die API hat den Kennungstyp {sent} für {id} abgelehnt: {detail} Diese API nennt die Kundennummer oder die eigene Nummer anders. Tragen Sie die Namen, die sie verwendet, unter „Namen der Kennungstypen“ der Verbindung ein (Seite Verbindung; in der Befehlszeile --identifier-types CUSTOMER_ID=<Name>,OWN_ID=<Name>) und versuchen Sie die Zeile dann erneut.',
  'failure.api_maybe_processed.idchange_cap':
    'Die Änderung der Kennung {id} wurde {attempts}-mal ohne bestätigtes Ergebnis gesendet. Prüfen Sie den Lieferanten auf der Plattform und versuchen Sie die Zeile dann erneut.',
  'failure.api_conflict.on_other_supplier':
    'Die Kennung {id} gehört einem anderen Lieferanten (Plattform-ID {holder}) und wurde daher nicht hinzugefügt: Eine Kennung gehört nur zu einem Lieferanten. Entfernen Sie sie dort zuerst oder korrigieren Sie die Zeile und versuchen Sie sie dann erneut.',
  'failure.api_conflict.on_other_suppliers':
    'Die Kennung {id} gehört einem anderen Lieferanten und wurde daher nicht hinzugefügt: Eine Kennung gehört nur zu einem Lieferanten. Entfernen Sie sie dort zuerst oder korrigieren Sie die Zeile und versuchen Sie sie dann erneut.',
  'failure.api_ambiguous.identifier':
    'Mehrere Lieferanten haben die Kennung {id}. Ergänzen Sie die Quelle der Kennung in der Zeile und versuchen Sie sie dann erneut.',
  'failure.api_not_found.screening_gone':
    'Die Plattform meldet die Screening-Anfrage für diesen Lieferanten nicht mehr. Prüfen Sie den Lieferanten auf der Plattform und versuchen Sie die Zeile dann erneut, um sie neu anzufordern.',
  'failure.api_not_found.validation_gone':
    'Die Plattform meldet die Validierungsanfrage für diesen Lieferanten nicht mehr. Prüfen Sie den Lieferanten auf der Plattform und versuchen Sie die Zeile dann erneut, um sie neu anzufordern.',
  'failure.api_unexpected_response.screening_status':
    'Die Plattform meldete {duration} lang den Screening-Status „{status}“, den ihre Dokumentation nicht nennt; die App verfolgt ihn daher nicht weiter. Prüfen Sie das Screening dieses Lieferanten auf der Plattform (oder fragen Sie den Support der Plattform, was der Status bedeutet) und versuchen Sie die Zeile dann erneut.',
  'failure.api_unexpected_response.validation_status':
    'Die Plattform meldete {duration} lang den Validierungs-Status „{status}“, den ihre Dokumentation nicht nennt; die App verfolgt ihn daher nicht weiter. Prüfen Sie die Validierung dieses Lieferanten auf der Plattform (oder fragen Sie den Support der Plattform, was der Status bedeutet) und versuchen Sie die Zeile dann erneut.',
  'failure.api_not_found.screening':
    'Die Plattform hat diesen Lieferanten für die Screening-Anfrage nicht gefunden. Prüfen Sie, ob er auf der Plattform noch aktiv ist, und versuchen Sie die Zeile dann erneut.',
  'failure.api_not_found.validation':
    'Die Plattform hat diesen Lieferanten für die Validierungsanfrage nicht gefunden. Prüfen Sie, ob er auf der Plattform noch aktiv ist, und versuchen Sie die Zeile dann erneut.',
  'failure.api_row_rejected.screening': 'Die Screening-Anfrage wurde abgelehnt: {detail}',
  'failure.api_row_rejected.validation': 'Die Validierungsanfrage wurde abgelehnt: {detail}',
  'failure.sent_again.named':
    'Erneut gesendet vom Auftrag „{jobName}“, erstellt aus der korrigierten Ergebnisdatei: Dort sehen Sie, was aus dieser Zeile wurde.',
  'failure.held_by_other_job.named':
    'Aus diesem Auftrag ausgelassen: Der Auftrag „{jobName}“ bearbeitete noch denselben Lieferanten (Lieferanten-ID und Quelle). Wenn jener Auftrag beendet ist, versuchen Sie diese Zeile erneut, falls sie noch gebraucht wird.',
  // ---- what else the services say
  'reason.import_incomplete':
    'Die Datei wird noch in diesen Auftrag eingelesen, oder ihr Import wurde unterbrochen. Setzen Sie den Auftrag fort, um zuerst den Rest der Datei einzulesen.',
  'reason.internal':
    'Der Auftrag wurde unerwartet beendet. Setzen Sie ihn fort, um weiterzumachen; es ging nichts verloren.',
  'problem.empty_row':
    'Die Zeile ist nach der Zuordnung leer: Keine der zugeordneten Spalten hat einen Wert. Füllen Sie sie aus oder ignorieren Sie sie.',
  'problem.duplicate_identity':
    'Eine andere Zeile ({rows}) hat dieselbe Lieferanten-ID und Quelle. Geben Sie jedem Lieferanten eine eigene ID.',
  'warning.throttled_wait':
    'Die API hat die App gebeten, langsamer zu senden; sie wartet {seconds} s und macht von selbst weiter.',
  'warning.shared_user':
    'Ein anderes Programm verwendet denselben API-Benutzer: Die App sendet langsamer, um das Limit zu teilen, und wird allmählich wieder schneller.',
};
