// The words of a connection test: each check's result (`check.<code>`) and the summary
// (`checkSummary.<code>`); and what else the services say of connections: the practice
// connection's name (`connection.sandboxName`) and the reason a moved job waits
// (`reason.connection_changed`).

export const en = {
  'check.unreachable':
    'The API at {url} cannot be reached ({detail}). Check the address and the network.',
  'check.untrusted_certificate':
    "The API at {host} presented a certificate this computer does not trust ({detail}). If your company inspects encrypted traffic, install the company's root certificate (desktop app: in the system's certificate store; command line: set NODE_EXTRA_CA_CERTS to the company's CA file), then test again. Otherwise check the address.",
  'check.reachable': 'The API at {url} answers.',
  'check.reachable_unchecked':
    'The API at {url} answers, but certificate checks are off (NODE_TLS_REJECT_UNAUTHORIZED=0 is set where the app was started): the app cannot tell the real API from anyone posing as it, and the token could be read on the way. Remove that setting and start the app again; a company root certificate installed in the system is trusted without it.',
  'check.token_missing': 'No token is stored for this connection. Enter the token and save.',
  'check.token_unclear':
    "The API refused the list of suppliers (403) without saying whether the token or a permission is missing. Check the token, and that the base URL is the API's.",
  'check.token_refused':
    'The API does not accept this token. Create a new token on the token management page and enter it here.',
  'check.token_ok': 'The token is accepted.',
  'check.token_busy':
    'The API is busy ({detail}), so the token could not be tried. Test again in a minute.',
  'check.token_not_api':
    "The address answers, but not like the supplier API: a plain list of suppliers was refused. Check that the base URL is the API's, without a path.",
  'check.read_ok': 'The token may read suppliers (needed for the identifier check and tracking).',
  'check.read_ok_words':
    "The token may read suppliers (needed for the identifier check and tracking). Their identifiers name their kind (foreignSystems' `system`) with {words}, which the app does not know: it recognises a row's supplier by id and source whatever the word, and stops a check it cannot decide.",
  'check.read_denied':
    'The token may not read suppliers: ask your administrator for ACCESS_PUBLIC_SUPPLIERS.',
  'check.create_ok': 'The token may create suppliers.',
  'check.create_denied':
    'The token may not create suppliers: ask your administrator for the permission to connect targets.',
  'check.create_unknown':
    'Unknown until the first create: the test sends no write, so the permission to create suppliers is confirmed by the first real creation. Without it, the job pauses and says which permission to ask your administrator for.',
  'check.screening_ok':
    'The token may read screening statuses; the first real screening request confirms that it may request them.',
  'check.screening_denied':
    'The token may not use screening: jobs without screening still work. Ask your administrator for ACCESS_PUBLIC_SCREENING_REQUEST if you need it.',
  'check.validation_ok':
    'The token may read validation statuses; the first real validation request confirms that it may request them.',
  'check.validation_denied':
    'The token may not use validation: jobs without validation still work. Ask your administrator for ACCESS_PUBLIC_VALIDATION_REQUEST if you need it.',
  'check.answer_unclear': 'Could not tell ({answer}). Try again in a minute.',
  'check.on_create_unknown':
    'Whether screening and validation can be asked for together with a creation is learned at the first creation; without it, the app sends them as separate requests.',
  'checkSummary.incomplete':
    'The test stopped before every permission was checked. Test again in a minute.',
  'checkSummary.optional_denied':
    'The connection works for reading and checking suppliers; some optional features are not allowed (see below). Creating is confirmed by the first real creation.',
  'checkSummary.ok':
    'The connection works: suppliers can be read and checked. Creating is confirmed by the first real creation.',
  'checkSummary.certificates_off':
    'The connection answers, but certificate checks are off, so it is not safe: anyone between this computer and the API could read the token. See "Reachable" below.',
  'answerReport.title': "What the API's answers looked like",
  'answerReport.help':
    'For a support call: the field names the API answered with, no token and no supplier data.',
  'answerReport.copy': 'Copy',
  'answerReport.copied': 'Copied.',
  'answerReport.copyFailed':
    'Copying was refused. Select the text of this section and copy it by hand.',
  'answerReport.testedAt': 'Tested at: {at}',
  'answerReport.baseUrl': 'Address: {url}',
  'answerReport.fieldNames': 'Spelling of city and address in creates: {spelling}',
  'answerReport.paging': 'Paging fields of the supplier list: {fields}',
  'answerReport.result': 'Result: {summary}',
  'answerReport.answer': '{what}: {endpoint} answered {status} ({answer})',
  'answerReport.noAnswer': '{what}: {endpoint}: no answer ({answer})',
  'answerReport.fields': 'fields: {fields}',
  'answerReport.listFields': 'a list; fields of its first item: {fields}',
  'answerReport.itemFields': 'fields of its first supplier: {fields}',
  'answerReport.noBody': 'no JSON body',
  'answerReport.none': '(none)',
  'answerReport.read.list': 'Supplier list',
  'answerReport.read.find': 'Find by an identifier no supplier has',
  'answerReport.read.supplier': 'Find the first listed supplier by its platform id',
  'answerReport.read.pending': 'Pending creations',
  'answerReport.read.screening': 'Screening status of an identifier no supplier has',
  'answerReport.read.validation': 'Validation status of an identifier no supplier has',
  'connection.sandboxName': 'Built-in sandbox (practice)',
  'reason.connection_changed': 'The job now uses the connection "{to}". Resume it to go on.',
} as const;

export const de: Record<keyof typeof en, string> = {
  'check.unreachable':
    'Die API unter {url} ist nicht erreichbar ({detail}). Prüfen Sie die Adresse und das Netzwerk.',
  'check.untrusted_certificate':
    'Die API unter {host} hat ein Zertifikat vorgelegt, dem dieser Computer nicht vertraut ({detail}). Wenn Ihr Unternehmen verschlüsselten Datenverkehr prüft, installieren Sie das Stammzertifikat des Unternehmens (Desktop-App: im Zertifikatsspeicher des Systems; Kommandozeile: NODE_EXTRA_CA_CERTS auf die CA-Datei des Unternehmens setzen) und testen Sie dann erneut. Andernfalls prüfen Sie die Adresse.',
  'check.reachable': 'Die API unter {url} antwortet.',
  'check.reachable_unchecked':
    'Die API unter {url} antwortet, aber die Zertifikatsprüfung ist ausgeschaltet (NODE_TLS_REJECT_UNAUTHORIZED=0 ist dort gesetzt, wo die App gestartet wurde): Die App kann die echte API nicht von jemandem unterscheiden, der sich als sie ausgibt, und das Token könnte unterwegs mitgelesen werden. Entfernen Sie diese Einstellung und starten Sie die App neu; ein im System installiertes Stammzertifikat des Unternehmens gilt auch ohne sie.',
  'check.token_missing':
    'Für diese Verbindung ist kein Token gespeichert. Geben Sie das Token ein und speichern Sie.',
  'check.token_unclear':
    'Die API hat die Lieferantenliste abgelehnt (403), ohne zu sagen, ob das Token oder eine Berechtigung fehlt. Prüfen Sie das Token und ob die Basis-URL die der API ist.',
  'check.token_refused':
    'Die API akzeptiert dieses Token nicht. Erstellen Sie auf der Seite zur Tokenverwaltung ein neues Token und geben Sie es hier ein.',
  'check.token_ok': 'Das Token wird akzeptiert.',
  'check.token_busy':
    'Die API ist ausgelastet ({detail}), daher konnte das Token nicht geprüft werden. Testen Sie in einer Minute erneut.',
  'check.token_not_api':
    'Die Adresse antwortet, aber nicht wie die Lieferanten-API: Eine einfache Lieferantenliste wurde abgelehnt. Prüfen Sie, ob die Basis-URL die der API ist, ohne Pfad.',
  'check.read_ok':
    'Das Token darf Lieferanten lesen (nötig für die Prüfung der Kennungen und die Nachverfolgung).',
  'check.read_ok_words':
    'Das Token darf Lieferanten lesen (nötig für die Prüfung der Kennungen und die Nachverfolgung). Deren Kennungen benennen ihre Art (`system` in foreignSystems) mit {words}, was die App nicht kennt: Sie erkennt den Lieferanten einer Zeile an Nummer und Quelle, was auch immer dort steht, und hält eine Prüfung an, die sie nicht entscheiden kann.',
  'check.read_denied':
    'Das Token darf keine Lieferanten lesen: Bitten Sie Ihre Administration um ACCESS_PUBLIC_SUPPLIERS.',
  'check.create_ok': 'Das Token darf Lieferanten anlegen.',
  'check.create_denied':
    'Das Token darf keine Lieferanten anlegen: Bitten Sie Ihre Administration um die Berechtigung, Ziele zu verbinden.',
  'check.create_unknown':
    'Unbekannt bis zur ersten Anlage: Der Test sendet keine Schreibanfrage, daher bestätigt erst die erste echte Anlage, ob das Token Lieferanten anlegen darf. Fehlt die Berechtigung, hält der Auftrag an und nennt die Berechtigung, um die Sie Ihre Administration bitten.',
  'check.screening_ok':
    'Das Token darf Screening-Status lesen; ob es Screenings anfordern darf, bestätigt die erste echte Screening-Anfrage.',
  'check.screening_denied':
    'Das Token darf Screening nicht verwenden: Aufträge ohne Screening funktionieren weiterhin. Bitten Sie Ihre Administration bei Bedarf um ACCESS_PUBLIC_SCREENING_REQUEST.',
  'check.validation_ok':
    'Das Token darf Validierungs-Status lesen; ob es Validierungen anfordern darf, bestätigt die erste echte Validierungsanfrage.',
  'check.validation_denied':
    'Das Token darf Validierung nicht verwenden: Aufträge ohne Validierung funktionieren weiterhin. Bitten Sie Ihre Administration bei Bedarf um ACCESS_PUBLIC_VALIDATION_REQUEST.',
  'check.answer_unclear': 'Nicht feststellbar ({answer}). Versuchen Sie es in einer Minute erneut.',
  'check.on_create_unknown':
    'Ob Screening und Validierung zusammen mit einer Anlage angefordert werden können, zeigt sich bei der ersten Anlage; andernfalls sendet die App sie als eigene Anfragen.',
  'checkSummary.incomplete':
    'Der Test endete, bevor jede Berechtigung geprüft war. Testen Sie in einer Minute erneut.',
  'checkSummary.optional_denied':
    'Die Verbindung funktioniert für das Lesen und Prüfen von Lieferanten; einige optionale Funktionen sind nicht erlaubt (siehe unten). Das Anlegen bestätigt die erste echte Anlage.',
  'checkSummary.ok':
    'Die Verbindung funktioniert: Lieferanten können gelesen und geprüft werden. Das Anlegen bestätigt die erste echte Anlage.',
  'checkSummary.certificates_off':
    'Die Verbindung antwortet, aber die Zertifikatsprüfung ist ausgeschaltet, daher ist sie nicht sicher: Jeder zwischen diesem Computer und der API könnte das Token mitlesen. Siehe „Erreichbar“ unten.',
  'answerReport.title': 'Wie die Antworten der API aussahen',
  'answerReport.help':
    'Für einen Supportfall: die Feldnamen, mit denen die API geantwortet hat, ohne Token und ohne Lieferantendaten.',
  'answerReport.copy': 'Kopieren',
  'answerReport.copied': 'Kopiert.',
  'answerReport.copyFailed':
    'Das Kopieren wurde abgelehnt. Markieren Sie den Text dieses Abschnitts und kopieren Sie ihn von Hand.',
  'answerReport.testedAt': 'Getestet am: {at}',
  'answerReport.baseUrl': 'Adresse: {url}',
  'answerReport.fieldNames': 'Schreibweise von Ort und Adresse beim Anlegen: {spelling}',
  'answerReport.paging': 'Seitenfelder der Lieferantenliste: {fields}',
  'answerReport.result': 'Ergebnis: {summary}',
  'answerReport.answer': '{what}: {endpoint} antwortete {status} ({answer})',
  'answerReport.noAnswer': '{what}: {endpoint}: keine Antwort ({answer})',
  'answerReport.fields': 'Felder: {fields}',
  'answerReport.listFields': 'eine Liste; Felder ihres ersten Eintrags: {fields}',
  'answerReport.itemFields': 'Felder des ersten Lieferanten: {fields}',
  'answerReport.noBody': 'kein JSON-Inhalt',
  'answerReport.none': '(keine)',
  'answerReport.read.list': 'Lieferantenliste',
  'answerReport.read.find': 'Suche nach einer Kennung, die kein Lieferant hat',
  'answerReport.read.supplier': 'Suche des ersten gelisteten Lieferanten nach seiner Plattform-ID',
  'answerReport.read.pending': 'Laufende Anlagen',
  'answerReport.read.screening': 'Screening-Status einer Kennung, die kein Lieferant hat',
  'answerReport.read.validation': 'Validierungs-Status einer Kennung, die kein Lieferant hat',
  'connection.sandboxName': 'Eingebaute Übungsverbindung',
  'reason.connection_changed':
    'Der Auftrag verwendet jetzt die Verbindung „{to}“. Setzen Sie ihn fort, um weiterzumachen.',
};
