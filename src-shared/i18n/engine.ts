// The words of what the engine reports: job state reasons (`reason.<code>`), warnings
// (`warning.<code>`), and the row history's reasons (`history.<code>`, with their params). The engine records the
// codes (src-main/engine/messages.ts) and builds its English `message` from these entries.

export const en = {
  'reason.paused': 'Paused. Resume the job to continue where it stopped.',
  'reason.plan_exceeded':
    'Paused: the rows left order screenings or validations that the confirmed summary did not hold (a row was fixed or added since). Nothing of them was sent. Start the job again to see the new summary and confirm it.',
  'reason.not_waiting':
    'Every creation was sent. Resume the job to follow the creations, screening and validation to their end.',
  'reason.rows_need_attention':
    'Some rows need your attention: fix them and retry, or export the results.',
  'reason.rows_not_validated':
    'Some rows were not validated yet: validate them, then run the job again.',
  'reason.answer_lacks_field':
    "Paused: the API answered {endpoint} without {field}, which the app needs to go on. Nothing more was sent. Check the connection's field-name settings (or the proxy in front of the API), then resume the job; if it happens again, run the connection test and send its report to support.",
  'reason.identifier_system_unknown':
    "Paused: the API names the kind of its identifiers (foreignSystems' `system`) with {words}, which the app does not know; the supplier id {id} of row {row} is there without a source, and the API finds no supplier with it and the source \"{source}\". The app cannot tell whether that supplier exists, so it counts no row new on this answer; nothing more was sent. Ask the API's owner what `system` holds, or correct the row's source, then resume the job.",
  'reason.wrong_address':
    "The address {baseUrl} does not offer the supplier API (it answered 404). Check the connection's base URL: it is the API's address without a path.",

  'warning.identifier_system_unknown':
    "The API names the kind of its identifiers (foreignSystems' `system`) with {words}, which the app does not know. It takes an identifier whose id and source are a row's supplier id and source as that supplier's, whatever the word, and stops the check where it cannot tell.",
  'warning.disk_full':
    'The disk is full: nothing more could be written to the data folder {folder}, so the job was paused (nothing was lost). Free some space on that disk, then resume the job.',
  'warning.internal': 'A row could not be processed and will be tried again: {detail}',
  'warning.on_create_refused':
    'This API user may not ask for screening or validation together with a creation. The app sends them as separate requests instead, which uses more of the write budget.',
  'warning.job_taken_over':
    'The job was left running by process {pid} on {host}, which is no longer active; it continues here.',
  'warning.job_in_use':
    'Another copy of the app took this job over. It was paused here to avoid sending rows twice.',
  'warning.unknown_screening_status':
    'The platform answers the screening status "{status}" ({endpoint}), which the API\'s documentation does not list. The app shows it as it came and follows it for up to {limit}; then the row needs your attention. If it stays, ask the platform\'s support what the status means.',
  'warning.unknown_validation_status':
    'The platform answers the validation status "{status}" ({endpoint}), which the API\'s documentation does not list. The app shows it as it came and follows it for up to {limit}; then the row needs your attention. If it stays, ask the platform\'s support what the status means.',
  'warning.stalled_unreadable':
    "Nothing has moved for {duration} although the API answers: {endpoint} answered {count, plural, one {# time} other {# times}} in a form the app cannot use ({detail}). Check the connection's address and field-name settings (a proxy in front of the API may change the answers), then run the connection test and send its report to support.",
  'warning.stalled_unknown_status':
    'Nothing has moved for {duration} although the API answers: {endpoint} answered {count, plural, one {# time} other {# times}} with the status "{status}", which the app does not know. The rows are followed for a limited time and then need your attention; ask the platform\'s support what the status means.',
  'warning.stalled_same_status':
    'Nothing has moved for {duration} although the API answers: {endpoint} answered {count, plural, one {# time} other {# times}} with the same status "{status}". The platform is still working on it, which can take hours: let the job run, or pause it and resume later. If it stays so for a day, ask the platform\'s support.',
  'warning.stalled_errors':
    "Nothing has moved for {duration} although the API answers: {endpoint} answered {count, plural, one {# time} other {# times}} with an error ({detail}). The app keeps trying; if it goes on, check the platform's status or ask its support.",

  'history.found_mid_request': 'Found mid-request at start-up: reconciled before sending again.',
  'history.checked_new': 'Checked: new.',
  'history.exists': 'The supplier exists.',
  'history.exists_skipped': 'The supplier exists: skipped.',
  'history.paid_not_confirmed':
    'Held back: it orders a screening or validation that the confirmed summary did not hold. Nothing was sent; start the job again to confirm it.',
  'history.conflict': '409: a creation or supplier with this identity exists; reconciling.',
  'history.on_create_refused':
    'Not entitled to screening or validation with the creation: sent again without them.',
  'history.create_endpoint_missing': 'The create endpoint answered 404: back to the queue.',
  'history.not_sent': 'Not sent: back to the queue.',
  'history.in_doubt': 'The answer was lost: reconciled before sending again.',
  'history.reconciled_pending': 'Reconciled: the creation is pending.',
  'history.reconciled_exists': 'Reconciled: the supplier exists.',
  'history.reconciled_ambiguous': 'Reconciled: several suppliers match.',
  'history.reconcile_cap': 'Sent too often without a confirmed result: the row waits for you.',
  'history.reconciled_not_found':
    'Reconciled: neither pending nor found (the request did not arrive, or the platform ended the creation without a supplier); sent again.',
  'history.reconciled_request_exists': 'Reconciled: the request exists.',
  'history.reconciled_request_missing': 'Reconciled: the request did not take effect.',
  'history.vanished': 'Left the pending list without a supplier.',
  'history.unknown_status':
    'The platform kept answering a status the app does not know: no longer followed, the row waits for you.',
  'history.already_validated': 'Already validated.',
  'history.screening_running': 'A screening is still running: validation asked for again later.',
  'history.on_create_not_visible': 'No request found after the creation: requesting it.',
  'history.identifier_added': 'An identifier was added to the supplier.',
  'history.identifier_present': 'The identifier is on the supplier already.',
  'history.identifier_other': 'The identifier belongs to another supplier: not added.',
  'history.identifier_rejected': 'The platform refused the identifier.',
  'history.identifier_conflict': '409: the identifier exists; reading whose it is.',
  'history.reconciled_identifier_added': 'Reconciled: the identifier is on the supplier.',
  'history.reconciled_identifier_missing':
    'Reconciled: the identifier is not on the platform (the request did not take effect); sent again.',
  'history.deactivate_queued': 'The supplier matched: to be deactivated.',
  'history.deactivate_not_found': 'No active supplier matches the row: nothing to deactivate.',
  'history.deactivated': 'The supplier was deactivated.',
  'history.already_inactive': 'The supplier was not active any more (404): nothing deactivated.',
  'history.reconciled_deactivated':
    'Reconciled: the supplier is not active any more (the deactivation took effect).',
  'history.reconciled_still_active':
    'Reconciled: the supplier is still active (the request did not take effect); sent again.',
  'history.supplier_not_found': 'No active supplier matches the row: nothing changed.',
  'history.idchange_queued': 'The supplier matched: its identifier is to be added or removed.',
  'history.identifier_not_present': 'The identifier is not on the supplier: nothing to remove.',
  'history.identifier_removed': 'The identifier was removed from the supplier.',
  'history.reconciled_identifier_removed':
    'Reconciled: the identifier is no longer on the supplier (the removal took effect).',
  'history.reconciled_identifier_still_there':
    'Reconciled: the identifier is still on the supplier (the request did not take effect); sent again.',
  'history.retry_asked': 'You asked for a retry.',
  'history.job_cancelled': 'The job was cancelled.',
  'history.moved_api': 'The job moved to another API: checked again there.',
  'history.held_by_other_job': 'Left out by you: the job "{jobName}" holds the same supplier.',
  'history.sent_again': 'Sent again by the retry job "{jobName}", made from the results file.',
  'history.duplicate_held':
    'Checked: new, but likely a duplicate of another row or of a supplier the platform has; waits for your decision.',
  'history.duplicate_gone': 'No longer a likely duplicate: new.',
  'history.duplicate_kept': 'You decided to create it although it looks like a duplicate.',
  'history.duplicate_remembered_keep':
    'Likely a duplicate, but decided on {at} in the job "{jobName}" against the same candidates: kept, not asked again.',
  'history.duplicate_remembered_skip':
    'Likely a duplicate, decided on {at} in the job "{jobName}" against the same candidates: left out, not asked again.',
  'history.duplicate_remembered_attach':
    'Likely the supplier {platformId}, as decided on {at} in the job "{jobName}": its ids are attached there, not asked again.',
  'history.duplicate_left_out': 'Left out by you: likely a duplicate.',
  'history.duplicate_asked_again':
    'The decision remembered from the job "{jobName}" taken back by you: waits for your decision again.',
  'history.duplicate_attached':
    'You decided it is the existing supplier {platformId}: its ids are attached there instead of creating it.',
  'history.attached_by_hand':
    'You found it on the platform as the supplier {platformId}: its ids are attached there instead of creating it.',
  'history.attached_from_results':
    'The results file names the platform supplier {platformId} in "Attach to platform ID": its ids are attached there instead of creating it.',
} as const;

type Keys = keyof typeof en;
/** Why a row moved (`history.<code>`): kept in its transition event as `reasonCode`. */
export type HistoryCode = Keys extends infer K
  ? K extends `history.${infer C}`
    ? C
    : never
  : never;

export const de: Record<keyof typeof en, string> = {
  'reason.paused': 'Angehalten. Setzen Sie den Auftrag fort, um dort weiterzumachen, wo er stand.',
  'reason.plan_exceeded':
    'Angehalten: Die übrigen Zeilen bestellen Screenings oder Validierungen, die die bestätigte Übersicht nicht enthielt (eine Zeile wurde seitdem korrigiert oder hinzugefügt). Davon wurde nichts gesendet. Starten Sie den Auftrag erneut, um die neue Übersicht zu sehen und zu bestätigen.',
  'reason.not_waiting':
    'Alle Anlagen wurden gesendet. Setzen Sie den Auftrag fort, um die Anlagen, Screenings und Validierungen bis zu ihrem Ende zu verfolgen.',
  'reason.rows_need_attention':
    'Einige Zeilen brauchen Sie: Korrigieren Sie sie und versuchen Sie es erneut, oder exportieren Sie die Ergebnisse.',
  'reason.rows_not_validated':
    'Einige Zeilen wurden noch nicht geprüft: Prüfen Sie sie und starten Sie den Auftrag dann erneut.',
  'reason.answer_lacks_field':
    'Angehalten: Die API hat {endpoint} ohne {field} beantwortet, das die App zum Weitermachen braucht. Es wurde nichts weiter gesendet. Prüfen Sie die Feldnamen-Einstellungen der Verbindung (oder den Proxy vor der API) und setzen Sie den Auftrag dann fort; geschieht es erneut, führen Sie den Verbindungstest aus und senden Sie seinen Bericht an den Support.',
  'reason.identifier_system_unknown':
    'Angehalten: Die API benennt die Art ihrer Kennungen (`system` in foreignSystems) mit {words}, was die App nicht kennt; die Lieferantennummer {id} aus Zeile {row} steht dort ohne Quelle, und die API findet keinen Lieferanten mit ihr und der Quelle „{source}“. Die App kann nicht sagen, ob es diesen Lieferanten schon gibt, und zählt auf diese Antwort hin keine Zeile als neu; es wurde nichts weiter gesendet. Fragen Sie den Betreiber der API, was `system` enthält, oder korrigieren Sie die Quelle der Zeile, und setzen Sie den Auftrag dann fort.',
  'reason.wrong_address':
    'Unter der Adresse {baseUrl} gibt es keine Lieferanten-API (sie antwortete mit 404). Prüfen Sie die Basis-URL der Verbindung: Es ist die Adresse der API ohne Pfad.',

  'warning.identifier_system_unknown':
    'Die API benennt die Art ihrer Kennungen (`system` in foreignSystems) mit {words}, was die App nicht kennt. Eine Kennung, deren Nummer und Quelle der Lieferantennummer und Quelle einer Zeile gleichen, nimmt die App als die dieses Lieferanten, was auch immer dort steht, und hält die Prüfung an, wo sie es nicht entscheiden kann.',
  'warning.disk_full':
    'Der Datenträger ist voll: In den Datenordner {folder} konnte nichts mehr geschrieben werden, daher wurde der Auftrag angehalten (es ging nichts verloren). Schaffen Sie Platz auf diesem Datenträger und setzen Sie den Auftrag dann fort.',
  'warning.internal':
    'Eine Zeile konnte nicht verarbeitet werden und wird erneut versucht: {detail}',
  'warning.on_create_refused':
    'Dieser API-Benutzer darf Screening oder Validierung nicht zusammen mit einer Anlage anfordern. Die App sendet sie stattdessen als eigene Anfragen, was mehr vom Schreibbudget verbraucht.',
  'warning.job_taken_over':
    'Der Auftrag lief noch im Prozess {pid} auf {host}, der nicht mehr aktiv ist; er läuft hier weiter.',
  'warning.job_in_use':
    'Eine andere Instanz der App hat diesen Auftrag übernommen. Er wurde hier angehalten, damit keine Zeilen doppelt gesendet werden.',
  'warning.unknown_screening_status':
    'Die Plattform meldet den Screening-Status „{status}“ ({endpoint}), den die Dokumentation der API nicht nennt. Die App zeigt ihn, wie er kam, und verfolgt ihn bis zu {limit}; danach braucht die Zeile Ihre Aufmerksamkeit. Bleibt er, fragen Sie den Support der Plattform, was der Status bedeutet.',
  'warning.unknown_validation_status':
    'Die Plattform meldet den Validierungs-Status „{status}“ ({endpoint}), den die Dokumentation der API nicht nennt. Die App zeigt ihn, wie er kam, und verfolgt ihn bis zu {limit}; danach braucht die Zeile Ihre Aufmerksamkeit. Bleibt er, fragen Sie den Support der Plattform, was der Status bedeutet.',
  'warning.stalled_unreadable':
    'Seit {duration} bewegt sich nichts, obwohl die API antwortet: {endpoint} antwortete {count}-mal in einer Form, die die App nicht verwenden kann ({detail}). Prüfen Sie die Adresse und die Feldnamen-Einstellungen der Verbindung (ein Proxy vor der API kann die Antworten verändern), führen Sie dann den Verbindungstest aus und senden Sie seinen Bericht an den Support.',
  'warning.stalled_unknown_status':
    'Seit {duration} bewegt sich nichts, obwohl die API antwortet: {endpoint} antwortete {count}-mal mit dem Status „{status}“, den die App nicht kennt. Die Zeilen werden für eine begrenzte Zeit verfolgt und brauchen danach Ihre Aufmerksamkeit; fragen Sie den Support der Plattform, was der Status bedeutet.',
  'warning.stalled_same_status':
    'Seit {duration} bewegt sich nichts, obwohl die API antwortet: {endpoint} antwortete {count}-mal mit demselben Status „{status}“. Die Plattform arbeitet noch daran, was Stunden dauern kann: Lassen Sie den Auftrag laufen oder halten Sie ihn an und setzen Sie ihn später fort. Bleibt es einen Tag so, fragen Sie den Support der Plattform.',
  'warning.stalled_errors':
    'Seit {duration} bewegt sich nichts, obwohl die API antwortet: {endpoint} antwortete {count}-mal mit einem Fehler ({detail}). Die App versucht es weiter; hält es an, prüfen Sie den Status der Plattform oder fragen Sie ihren Support.',

  'history.found_mid_request':
    'Beim Start mitten in einer Anfrage gefunden: wird abgeglichen, bevor erneut gesendet wird.',
  'history.checked_new': 'Geprüft: neu.',
  'history.exists': 'Der Lieferant ist bereits vorhanden.',
  'history.exists_skipped': 'Der Lieferant ist bereits vorhanden: übersprungen.',
  'history.paid_not_confirmed':
    'Zurückgehalten: Die Zeile bestellt ein Screening oder eine Validierung, die die bestätigte Übersicht nicht enthielt. Nichts wurde gesendet; starten Sie den Auftrag erneut, um es zu bestätigen.',
  'history.conflict':
    '409: Eine Anlage oder ein Lieferant mit dieser Kennung existiert bereits; wird abgeglichen.',
  'history.on_create_refused':
    'Keine Berechtigung für Screening oder Validierung mit der Anlage: ohne sie erneut gesendet.',
  'history.create_endpoint_missing':
    'Der Endpunkt für Anlagen antwortete mit 404: zurück in die Warteschlange.',
  'history.not_sent': 'Nicht gesendet: zurück in die Warteschlange.',
  'history.in_doubt': 'Die Antwort ging verloren: wird abgeglichen, bevor erneut gesendet wird.',
  'history.reconciled_pending': 'Abgeglichen: Die Anlage läuft.',
  'history.reconciled_exists': 'Abgeglichen: Der Lieferant ist vorhanden.',
  'history.reconciled_ambiguous': 'Abgeglichen: Mehrere Lieferanten passen.',
  'history.reconcile_cap': 'Zu oft ohne bestätigtes Ergebnis gesendet: Die Zeile wartet auf Sie.',
  'history.reconciled_not_found':
    'Abgeglichen: weder laufend noch gefunden (die Anfrage kam nicht an, oder die Plattform beendete die Anlage ohne Lieferanten); erneut gesendet.',
  'history.reconciled_request_exists': 'Abgeglichen: Die Anfrage existiert.',
  'history.reconciled_request_missing': 'Abgeglichen: Die Anfrage wurde nicht wirksam.',
  'history.vanished': 'Hat die Liste der laufenden Anlagen ohne Lieferanten verlassen.',
  'history.unknown_status':
    'Die Plattform meldete weiter einen Status, den die App nicht kennt: nicht mehr verfolgt, die Zeile wartet auf Sie.',
  'history.already_validated': 'Bereits validiert.',
  'history.screening_running':
    'Ein Screening läuft noch: Die Validierung wird später erneut angefordert.',
  'history.on_create_not_visible':
    'Nach der Anlage wurde keine Anfrage gefunden: Sie wird jetzt angefordert.',
  'history.identifier_added': 'Eine Kennung wurde dem Lieferanten hinzugefügt.',
  'history.identifier_present': 'Die Kennung ist bereits beim Lieferanten.',
  'history.identifier_other': 'Die Kennung gehört einem anderen Lieferanten: nicht hinzugefügt.',
  'history.identifier_rejected': 'Die Plattform hat die Kennung abgelehnt.',
  'history.identifier_conflict': '409: Die Kennung existiert; es wird gelesen, wem sie gehört.',
  'history.reconciled_identifier_added': 'Abgeglichen: Die Kennung ist beim Lieferanten.',
  'history.reconciled_identifier_missing':
    'Abgeglichen: Die Kennung ist nicht auf der Plattform (die Anfrage wurde nicht wirksam); erneut gesendet.',
  'history.deactivate_queued': 'Der Lieferant wurde gefunden: wird deaktiviert.',
  'history.deactivate_not_found':
    'Kein aktiver Lieferant passt zur Zeile: Es gibt nichts zu deaktivieren.',
  'history.deactivated': 'Der Lieferant wurde deaktiviert.',
  'history.already_inactive':
    'Der Lieferant war nicht mehr aktiv (404): Es wurde nichts deaktiviert.',
  'history.reconciled_deactivated':
    'Abgeglichen: Der Lieferant ist nicht mehr aktiv (die Deaktivierung wurde wirksam).',
  'history.reconciled_still_active':
    'Abgeglichen: Der Lieferant ist noch aktiv (die Anfrage wurde nicht wirksam); erneut gesendet.',
  'history.supplier_not_found': 'Kein aktiver Lieferant passt zur Zeile: Es wurde nichts geändert.',
  'history.idchange_queued':
    'Der Lieferant wurde gefunden: Seine Kennung wird hinzugefügt oder entfernt.',
  'history.identifier_not_present':
    'Die Kennung ist nicht beim Lieferanten: Es gibt nichts zu entfernen.',
  'history.identifier_removed': 'Die Kennung wurde vom Lieferanten entfernt.',
  'history.reconciled_identifier_removed':
    'Abgeglichen: Die Kennung ist nicht mehr beim Lieferanten (das Entfernen wurde wirksam).',
  'history.reconciled_identifier_still_there':
    'Abgeglichen: Die Kennung ist noch beim Lieferanten (die Anfrage wurde nicht wirksam); erneut gesendet.',
  'history.retry_asked': 'Sie haben einen erneuten Versuch angefordert.',
  'history.job_cancelled': 'Der Auftrag wurde abgebrochen.',
  'history.moved_api':
    'Der Auftrag wurde zu einer anderen API verschoben: Dort wird erneut abgeglichen.',
  'history.sent_again':
    'Erneut gesendet vom Wiederholungsauftrag „{jobName}“, erstellt aus der Ergebnisdatei.',
  'history.held_by_other_job':
    'Von Ihnen ausgelassen: Der Auftrag „{jobName}“ bearbeitet denselben Lieferanten.',
  'history.duplicate_held':
    'Geprüft: neu, aber wahrscheinlich eine Dublette einer anderen Zeile oder eines Lieferanten der Plattform; wartet auf Ihre Entscheidung.',
  'history.duplicate_gone': 'Keine wahrscheinliche Dublette mehr: neu.',
  'history.duplicate_kept': 'Sie haben entschieden, ihn trotz Dublettenverdacht anzulegen.',
  'history.duplicate_remembered_keep':
    'Wahrscheinlich eine Dublette, aber am {at} im Auftrag „{jobName}“ gegen dieselben Kandidaten entschieden: behalten, nicht erneut gefragt.',
  'history.duplicate_remembered_skip':
    'Wahrscheinlich eine Dublette, am {at} im Auftrag „{jobName}“ gegen dieselben Kandidaten entschieden: ausgelassen, nicht erneut gefragt.',
  'history.duplicate_remembered_attach':
    'Wahrscheinlich der Lieferant {platformId}, wie am {at} im Auftrag „{jobName}“ entschieden: seine Kennungen werden dort angehängt, nicht erneut gefragt.',
  'history.duplicate_left_out': 'Von Ihnen ausgelassen: wahrscheinlich eine Dublette.',
  'history.duplicate_asked_again':
    'Die aus dem Auftrag „{jobName}“ gemerkte Entscheidung haben Sie zurückgenommen: wartet wieder auf Ihre Entscheidung.',
  'history.duplicate_attached':
    'Sie haben entschieden, dass es der vorhandene Lieferant {platformId} ist: Seine Kennungen werden dort angehängt, statt ihn anzulegen.',
  'history.attached_by_hand':
    'Sie haben ihn auf der Plattform als Lieferanten {platformId} gefunden: Seine Kennungen werden dort angehängt, statt ihn anzulegen.',
  'history.attached_from_results':
    'Die Ergebnisdatei nennt in „An Plattform-ID anhängen“ den Plattform-Lieferanten {platformId}: Seine Kennungen werden dort angehängt, statt ihn anzulegen.',
};
