// The words of a connection test: each check's result (`check.<code>`) and the summary
// (`checkSummary.<code>`); and what else the services say of connections: the practice
// connection's name (`connection.sandboxName`) and the reason a moved job waits
// (`reason.connection_changed`).

export const en = {
  'check.unreachable':
    'The API at {url} cannot be reached ({detail}). Check the address and the network.',
  'check.reachable': 'The API at {url} answers.',
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
  'check.read_denied':
    'The token may not read suppliers: ask your administrator for ACCESS_PUBLIC_SUPPLIERS.',
  'check.create_ok': 'The token may create suppliers.',
  'check.create_denied':
    'The token may not create suppliers: ask your administrator for the permission to connect targets.',
  'check.screening_ok': 'The token may request screenings.',
  'check.screening_denied':
    'The token may not request screenings: jobs without screening still work.',
  'check.validation_ok': 'The token may request validations.',
  'check.validation_denied':
    'The token may not request validations: jobs without validation still work.',
  'check.answer_unclear': 'Could not tell ({answer}). Try again in a minute.',
  'check.on_create_unknown':
    'Whether screening and validation can be asked for together with a creation is learned at the first creation; without it, the app sends them as separate requests.',
  'checkSummary.incomplete':
    'The test stopped before every permission was checked. Test again in a minute.',
  'checkSummary.optional_denied':
    'The connection works for creating suppliers; some optional features are not allowed (see below).',
  'checkSummary.ok': 'The connection works: suppliers can be checked and created.',
  'connection.sandboxName': 'Built-in sandbox (practice)',
  'reason.connection_changed': 'The job now uses the connection "{to}". Resume it to go on.',
} as const;

export const de: Record<keyof typeof en, string> = {
  'check.unreachable':
    'Die API unter {url} ist nicht erreichbar ({detail}). Prüfen Sie die Adresse und das Netzwerk.',
  'check.reachable': 'Die API unter {url} antwortet.',
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
  'check.read_denied':
    'Das Token darf keine Lieferanten lesen: Bitten Sie Ihre Administration um ACCESS_PUBLIC_SUPPLIERS.',
  'check.create_ok': 'Das Token darf Lieferanten anlegen.',
  'check.create_denied':
    'Das Token darf keine Lieferanten anlegen: Bitten Sie Ihre Administration um die Berechtigung, Ziele zu verbinden.',
  'check.screening_ok': 'Das Token darf Screenings anfordern.',
  'check.screening_denied':
    'Das Token darf keine Screenings anfordern: Aufträge ohne Screening funktionieren weiterhin.',
  'check.validation_ok': 'Das Token darf Validierungen anfordern.',
  'check.validation_denied':
    'Das Token darf keine Validierungen anfordern: Aufträge ohne Validierung funktionieren weiterhin.',
  'check.answer_unclear': 'Nicht feststellbar ({answer}). Versuchen Sie es in einer Minute erneut.',
  'check.on_create_unknown':
    'Ob Screening und Validierung zusammen mit einer Anlage angefordert werden können, zeigt sich bei der ersten Anlage; andernfalls sendet die App sie als eigene Anfragen.',
  'checkSummary.incomplete':
    'Der Test endete, bevor jede Berechtigung geprüft war. Testen Sie in einer Minute erneut.',
  'checkSummary.optional_denied':
    'Die Verbindung funktioniert für das Anlegen von Lieferanten; einige optionale Funktionen sind nicht erlaubt (siehe unten).',
  'checkSummary.ok': 'Die Verbindung funktioniert: Lieferanten können geprüft und angelegt werden.',
  'connection.sandboxName': 'Eingebaute Übungsverbindung',
  'reason.connection_changed':
    'Der Auftrag verwendet jetzt die Verbindung „{to}“. Setzen Sie ihn fort, um weiterzumachen.',
};
