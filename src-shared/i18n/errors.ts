// The words of the services' errors: `failure.<code>` for an error code of src-shared/errors,
// `failure.<code>.<reason>` where the error's details name a reason. The services fill the
// error's details with the placeholders' values; the English sentence the services also carry is
// for logs and for codes this catalogue does not have yet.

export const en = {
  'failure.job_running':
    'The job is running, so it cannot be changed now: its rows are being sent. Pause or cancel it first, then try again.',
  'failure.connection_switch_refused.unconfirmed':
    '{rows} rows were sent on "{from}" and are not confirmed yet. Only that connection can confirm them without sending a supplier twice: fix its token (Connection, Edit), resume the job until they are confirmed, then move it.',
  'failure.connection_switch_refused.other_api':
    '"{to}" is another API than the one this job sent rows to; the suppliers it made cannot be followed there. Choose a connection to the same API, or start a new job from the file.',
  'failure.connection_switch_refused.finished':
    'This job has finished: nothing is left to send. To send the file elsewhere, start a new job from it.',
};

export const de: Record<keyof typeof en, string> = {
  'failure.job_running':
    'Der Auftrag läuft und kann jetzt nicht geändert werden: Seine Zeilen werden gesendet. Halten Sie ihn an oder brechen Sie ihn ab und versuchen Sie es dann erneut.',
  'failure.connection_switch_refused.unconfirmed':
    '{rows} Zeilen wurden über „{from}“ gesendet und sind noch nicht bestätigt. Nur diese Verbindung kann sie bestätigen, ohne einen Lieferanten doppelt zu senden: Korrigieren Sie ihr Token (Verbindung, Bearbeiten), setzen Sie den Auftrag fort, bis sie bestätigt sind, und verschieben Sie ihn dann.',
  'failure.connection_switch_refused.other_api':
    '„{to}“ ist eine andere API als die, an die dieser Auftrag Zeilen gesendet hat; die dort angelegten Lieferanten lassen sich hier nicht verfolgen. Wählen Sie eine Verbindung zur selben API oder starten Sie einen neuen Auftrag aus der Datei.',
  'failure.connection_switch_refused.finished':
    'Dieser Auftrag ist fertig: Es gibt nichts mehr zu senden. Um die Datei anderswo zu senden, starten Sie einen neuen Auftrag daraus.',
};
