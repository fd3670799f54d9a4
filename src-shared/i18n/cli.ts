// The command line's own sentences (usage errors, the run's lines, the summary before a start, the
// question that confirms it), worded in the language of LANG or LC_ALL. A sentence with a form for
// one and for several has two keys, `.one` and `.other`; `{count}` is the number. The help text
// (--help) is English only. The key=value figures of the last line are not words and stay as they
// are in every language.

export const en = {
  // ---- usage errors
  'cli.usage.seeHelp': 'Run "npm run onboard -- --help" to see the options.',
  'cli.usage.badOption': '{detail}',
  'cli.usage.oneFile': 'Give one file, not {count}.',
  'cli.usage.noFile': 'Name the file to import, or use --resume or --retry-from.',
  'cli.usage.retryFromEmpty': '--retry-from needs the results file to take the fixed rows from.',
  'cli.usage.fileAndRetryFrom':
    'Give a file to import or --retry-from with a results file, not both ("{file}" and "{results}").',
  'cli.usage.resumeAndRetryFrom':
    '--resume continues a job, --retry-from makes a new one from a results file: use one of them.',
  'cli.usage.retryFromDryRun':
    '--retry-from needs the journal of the run that wrote the results file; --dry-run works in a temporary one. Leave out --dry-run.',
  'cli.usage.retryFromOwnOptions':
    '--retry-from sends the rows with the mapping and options of the job the results file came from: leave out {options}.',
  'cli.usage.outIsRetryFrom':
    '--out names the results file given to --retry-from, which would be overwritten. Choose another file for the new results.',
  'cli.usage.screening': '--screening takes 2, 5 or 10 (years), not "{given}".',
  'cli.usage.skipAndInclude': 'Use --skip-existing or --include-existing, not both.',
  'cli.usage.includeWithoutScreening':
    '--include-existing goes with --screening: without screening, existing suppliers are included unless --skip-existing is given.',
  'cli.usage.processingMs': '--sandbox-processing-ms takes a whole number of milliseconds.',
  'cli.usage.baseUrlAndConnection': 'Use --base-url or --connection, not both.',
  'cli.usage.fieldNames': '--field-names takes {first} or {second}, not "{given}".',
  'cli.usage.fieldNamesWithoutBaseUrl':
    '--field-names is a setting of the connection at --base-url: give --base-url too (a saved connection is changed in Connection settings).',
  'cli.usage.identifierTypes':
    '--identifier-types takes CUSTOMER_ID=<name>,OWN_ID=<name> with two different names of 1 to 40 uppercase letters, digits or underscores (for example CUSTOMER_ID=CUST,OWN_ID=OWN), not "{given}".',
  'cli.usage.identifierTypesWithoutConnection':
    "--identifier-types is a setting of a connection: give --base-url or --connection too, or --resume for the resumed job's connection.",
  'cli.usage.dryRunCheckOnly':
    '--dry-run makes no API call, so it cannot be combined with --check-only.',
  'cli.usage.out': '--out must name an .xlsx or .csv file.',
  'cli.usage.duplicates': '--duplicates takes keep, skip or attach, not "{given}".',
  'cli.usage.duplicatesDryRun':
    '--duplicates decides for the rows the check holds back as likely duplicates, and --dry-run checks nothing: leave out one of them.',
  'cli.usage.tokenEnvEmpty':
    'The environment variable {name} is empty or not set. Put the API token in it.',
  'cli.version.dataFolder': 'data folder: {path}',

  // ---- Ctrl-C
  'cli.signal.stopNow': 'Stopping now. Resume with --resume.',
  'cli.signal.pausing':
    'Pausing: requests in flight are being recorded… (press Ctrl-C again to stop at once)',
  'cli.signal.afterResults':
    'Stopping once the results are written… (press Ctrl-C again to stop at once)',
  'cli.signal.beforeSending':
    'Stopping before anything is sent… (press Ctrl-C again to stop at once)',

  // ---- connection and job
  'cli.connection.sandbox':
    'Using the built-in sandbox at {url} (practice: nothing leaves this computer).',
  'cli.connection.ofJob': 'Using the connection "{name}" ({url}) of job {job}.',
  'cli.connection.active':
    'Using the active connection "{name}" ({url}); --connection or --base-url choose another.',
  'cli.connection.unknown': 'No saved connection is called "{name}". Saved connections: {names}.',
  'cli.connection.none': 'none',
  'cli.network.certificateChecksOff':
    'Warning: certificate checks are off (NODE_TLS_REJECT_UNAUTHORIZED=0 is set), so the app cannot tell the real API from anyone posing as it, and the token could be read on the way. Remove that setting; if your company network needs its own root certificate, name its file in NODE_EXTRA_CA_CERTS instead.',
  'cli.resume.none': 'There is no unfinished job to resume.',
  'cli.resume.unknown': 'No job "{job}" is in the journal.',
  'cli.resume.resuming': 'Resuming job {job} ({name}).',

  // ---- --retry-from
  'cli.retry.fileNotFound':
    'The results file "{file}" was not found. Check the path: it is the file an earlier run wrote, such as suppliers.results.xlsx.',
  'cli.retry.fileIsFolder':
    'The results file "{file}" was not found (it is a folder). Check the path: it is the file an earlier run wrote, such as suppliers.results.xlsx.',
  'cli.retry.noJob':
    'No job in the journal {journal} wrote "{file}". A results file is matched to its job by name: the run for suppliers.xlsx writes suppliers.results.xlsx, so keep the beginning of the name. If the file comes from another data folder or journal, add the --data-dir or --journal of that run.',
  'cli.retry.noJobYet':
    'No job in the journal {journal} wrote "{file}" (it holds no job yet). A results file is matched to its job by name: the run for suppliers.xlsx writes suppliers.results.xlsx, so keep the beginning of the name. If the file comes from another data folder or journal, add the --data-dir or --journal of that run.',
  'cli.retry.connectionGone':
    'The connection of job {job} no longer exists, so its rows cannot be sent again. Import the fixed rows as a new list instead.',
  'cli.retry.otherConnection':
    'The results file comes from job {job}, which ran on {where}; its rows are sent again there. Leave out {option}{orGive}.',
  'cli.retry.onSandbox': 'the built-in sandbox',
  'cli.retry.onConnection': 'the connection "{name}" ({url})',
  'cli.retry.orGive': ' or give --connection "{name}"',
  'cli.retry.unchanged':
    '"{file}" has not changed since it made job {job} ({name}) on {when} UTC: its rows were taken then, so there is nothing new to send. To follow that job or write its results again: npm run onboard -- {command}. To send more rows, fix them in the file, save it and run --retry-from again.',
  'cli.retry.holds': '{file} holds the results of job {job} ({name}).',
  'cli.retry.nameFrom': '{name}, from {file}',
  'cli.retry.summary.one':
    '{count} row to send again, {stillInvalid} still invalid (see the Status column), {alreadyDone} already done, {unmatched} not matched',
  'cli.retry.summary.other':
    '{count} rows to send again, {stillInvalid} still invalid (see the Status column), {alreadyDone} already done, {unmatched} not matched',
  'cli.retry.stillInvalid.one':
    'The row still invalid stays out of this job: fix it in the file (the Error message column says what was wrong) and run --retry-from again.',
  'cli.retry.stillInvalid.other':
    'The {count} rows still invalid stay out of this job: fix them in the file (the Error message column says what was wrong) and run --retry-from again.',
  'cli.retry.unmatched.one':
    'One row matches no row of job {job} (a new row, a row whose Source row was emptied, or a repeated row) and is left alone. To add new suppliers, import them as a list of their own.',
  'cli.retry.unmatched.other':
    '{count} rows match no row of job {job} (a new row, a row whose Source row was emptied, or a repeated row) and are left alone. To add new suppliers, import them as a list of their own.',
  'cli.retry.unchangedRows.one':
    "One row that needs attention has the same values as before and is not sent again (the Status column does not decide): change the values the Error message names, or retry it unchanged from the job's Results screen in the app.",
  'cli.retry.unchangedRows.other':
    "{count} rows that need attention have the same values as before and are not sent again (the Status column does not decide): change the values the Error message names, or retry them unchanged from the job's Results screen in the app.",
  'cli.retry.doneButChanged.one':
    'Row {rows} was changed, but its supplier already exists or is being created: the app creates suppliers and does not change them, so these changes are not sent. Make them on the platform.',
  'cli.retry.doneButChanged.other':
    'Rows {rows} were changed, but their suppliers already exist or are being created: the app creates suppliers and does not change them, so these changes are not sent. Make them on the platform.',
  'cli.retry.conflicts.one':
    'Row {rows} (Source row) was changed differently on the Results and the Errors sheets and is not sent: keep the fix on one sheet (or make both the same) and run --retry-from again.',
  'cli.retry.conflicts.other':
    'Rows {rows} (Source row) were changed differently on the Results and the Errors sheets and are not sent: keep the fix on one sheet (or make both the same) and run --retry-from again.',
  'cli.retry.andMore': '{rows} and {count} more',
  'cli.retry.idFixes.one':
    "Row {rows} brings back a corrected id where the platform had its id on another supplier: an identifiers job can add the corrected id to that row's supplier (an onboarding never changes a supplier it is done with).",
  'cli.retry.idFixes.other':
    "Rows {rows} bring back corrected ids where the platform had their ids on other suppliers: an identifiers job can add the {count} corrected ids to their rows' suppliers (an onboarding never changes a supplier it is done with).",
  'cli.retry.idFixAsk': 'Make that identifiers job?',
  'cli.retry.idFixOffer': 'To make it, run the same command again with --yes.',
  'cli.retry.idFixMade.one': 'Made identifiers job {job}: {count} corrected id to add.',
  'cli.retry.idFixMade.other': 'Made identifiers job {job}: {count} corrected ids to add.',
  'cli.retry.idFixLater': 'Run it once this job has ended: {command}',
  'cli.retry.nothing': 'Nothing to send again: no job was made.',
  'cli.retry.made.one': 'Made job {job} with the row to send again.',
  'cli.retry.made.other': 'Made job {job} with the rows to send again.',

  // ---- import
  'cli.mapping.suggested': 'Mapping (suggested): {fields}',
  'cli.mapping.template': 'Mapping (template "{template}"): {fields}',
  'cli.mapping.incomplete':
    'No column was found for {fields}. Write a mapping file (see --save-mapping for the format) and pass it with --mapping FILE.',
  'cli.mappingFile.notJson':
    'The mapping file {file} could not be read as JSON ({detail}). Fix it, or use --mapping auto.',
  'cli.mappingFile.invalid':
    'The mapping file {file} is not valid: {issue}. Each entry maps a payload field to a column header, or to {"header": "...", "constant": "...", "transform": {...}} (transform settings: "case": "keep"|"upper"|"lower"|"title", "padZeros": 2..20, "restoreZeros": true|false, "separators": ";,").',
  'cli.mappingFile.unknownProblem': 'unknown problem',
  'cli.mappingFile.noColumn':
    'The mapping file maps {field} to the column "{header}", which the sheet does not have. Its columns are: {headers}.',
  'cli.import.note': 'Note: {note}',
  'cli.import.summary':
    'Imported {rows, plural, one {# row} other {# rows}} from {file} (sheet {sheet}, header in row {headerRow}): {valid} valid, {invalid} with problems, {empty} empty.',
  'cli.import.moreProblems': '  … more rows have problems; see the Errors sheet of the results.',
  'cli.mapping.paidField': '{field} (orders paid work)',
  'cli.mapping.paidScreening.one':
    'Paid work from the list: the column "{column}" orders screening for {count} row. It is counted in the summary below and sent only once confirmed; leave the column out with --mapping if the list should not decide it.',
  'cli.mapping.paidScreening.other':
    'Paid work from the list: the column "{column}" orders screening for {count} rows. They are counted in the summary below and sent only once confirmed; leave the column out with --mapping if the list should not decide it.',
  'cli.mapping.paidValidation.one':
    'Paid work from the list: the column "{column}" requests validation for {count} row. It is counted in the summary below and sent only once confirmed; leave the column out with --mapping if the list should not decide it.',
  'cli.mapping.paidValidation.other':
    'Paid work from the list: the column "{column}" requests validation for {count} rows. They are counted in the summary below and sent only once confirmed; leave the column out with --mapping if the list should not decide it.',

  // ---- the run
  'cli.run.exportBlocked':
    'Nothing was sent. Name another results file: npm run onboard -- {command} --out FILE.{format}',
  'cli.run.exportBlockedDryRun':
    'Nothing was sent. Run it again with --dry-run and another results file (--out FILE.xlsx): a dry run keeps nothing to resume.',
  'cli.run.stoppedBefore':
    'Stopped before sending anything. Continue with: npm run onboard -- {command}',
  'cli.run.warning': 'Warning: {warning}',
  'cli.run.ended': 'Job {state} after {time}: {counts}',
  // The end of --check-only: what the check found, not the states the rows are in.
  'cli.run.checked': 'Checked {count, plural, one {# row} other {# rows}} after {time}: {found}.',
  'cli.run.checkedNothing': 'nothing to check',
  'cli.checked.new': '{count} new',
  'cli.checked.exists': '{count, plural, one {# exists} other {# exist}} already',
  'cli.checked.pending':
    '{count, plural, one {# is} other {# are}} already being created on the platform',
  'cli.checked.duplicate':
    '{count, plural, one {# likely duplicate waits} other {# likely duplicates wait}} for your decision',
  'cli.checked.ambiguous':
    '{count, plural, one {# row names} other {# rows name}} several suppliers',
  'cli.checked.invalid': '{count} with problems',
  'cli.checked.unchecked': '{count} not checked',
  'cli.checked.leftOut': '{count} left out',
  'cli.checked.toChange': '{count} to change',
  'cli.checked.notFound': '{count} not found on the platform',
  'cli.checked.nothingToChange': '{count} with nothing to change',
  'cli.checked.onOther':
    '{count, plural, one {# identifier is} other {# identifiers are}} on another supplier',
  'cli.checked.sentBefore': '{count} sent earlier',
  'cli.run.tokenRefused': 'The API refused the token.',
  'cli.run.fieldNames':
    'On the command line, continue this job under the other names (rows already created are found and not created twice): npm run onboard -- {command}',
  'cli.resume.fieldNames.one':
    'The connection now spells city and address as {names}; {count} row refused for the old names goes again in this job.',
  'cli.resume.fieldNames.other':
    'The connection now spells city and address as {names}; {count} rows refused for the old names go again in this job.',
  'cli.resume.identifierTypes.one':
    'The connection now calls the identifier types {names}; {count} row refused for the type goes again in this job.',
  'cli.resume.identifierTypes.other':
    'The connection now calls the identifier types {names}; {count} rows refused for the type go again in this job.',
  'cli.connection.identifierTypes':
    'The connection "{name}" now calls the identifier types {names}.',
  'cli.run.diskFull':
    'The results file was not written (the job is not finished). Once space is free on the disk of {folder}, continue with: npm run onboard -- {command}',
  'cli.run.declined': 'Nothing was sent. Start the job later with: npm run onboard -- {command}',
  'cli.run.stillRunning': 'Still running on the platform or waiting: {counts}.',
  'cli.run.continue': 'Continue with: npm run onboard -- {command}',

  // ---- results
  'cli.results.againXlsx':
    'The results are kept in the journal: npm run onboard -- {command} --out results.xlsx writes them to another file (or --out results.csv as CSV).',
  'cli.results.againCsv':
    'The results are kept in the journal: npm run onboard -- {command} --out results.csv writes them to another file.',
  'cli.results.againDryRun':
    'A dry run keeps nothing to resume: run it again with --out FILE.xlsx to write its results to another file.',
  'cli.results.moreSheets':
    'The results have more rows than one Excel sheet holds: they go on in {sheets}.',
  'cli.results.cut.one':
    '{count} cell was longer than the 32,767 characters an Excel cell holds and was cut, marked "… [cut: N characters]"; --out FILE.csv keeps it whole.',
  'cli.results.cut.other':
    '{count} cells were longer than the 32,767 characters an Excel cell holds and were cut, marked "… [cut: N characters]"; --out FILE.csv keeps them whole.',
  'cli.results.written':
    'Results: {file} ({rows, plural, one {# row} other {# rows}}, {attention, plural, one {# needs} other {# need}} attention).',

  // ---- the summary before a start
  'cli.plan.heading': 'Before you start:',
  'cli.plan.create.one':
    '  {count} new supplier will be created; {existing, plural, one {# exists} other {# exist}} already.',
  'cli.plan.create.other':
    '  {count} new suppliers will be created; {existing, plural, one {# exists} other {# exist}} already.',
  'cli.plan.inDoubt.one':
    '  {count} more row was being sent when the job stopped: the app first checks whether it arrived, and sends it again only if it did not.',
  'cli.plan.inDoubt.other':
    '  {count} more rows were being sent when the job stopped: the app first checks whether they arrived, and sends again only those that did not.',
  'cli.plan.unchecked.one':
    '  {count} row is not checked yet: it is checked first, so the figures are the most it can be.',
  'cli.plan.unchecked.other':
    '  {count} rows are not checked yet: they are checked first, so the figures are the most it can be.',
  'cli.plan.pending.one':
    '  {count} supplier is already being created on the platform; the job follows it.',
  'cli.plan.pending.other':
    '  {count} suppliers are already being created on the platform; the job follows them.',
  'cli.plan.skipExisting':
    '  Existing suppliers are skipped: they are neither screened nor validated.',
  'cli.plan.attach.one':
    '  {count} customer or own id will be attached, to new and existing suppliers alike.',
  'cli.plan.attach.other':
    '  {count} customer and own ids will be attached at most, to new and existing suppliers alike.',
  'cli.plan.screening.one':
    '  {count} screening for {years, plural, one {# year} other {# years}} will be ordered. Each may cost money or quota.',
  'cli.plan.screening.other':
    '  {count} screenings for {years} years will be ordered. Each may cost money or quota.',
  'cli.plan.screeningExisting.one':
    '  {count} of them is for a supplier that exists already and may have been screened before; add --skip-existing to leave it out.',
  'cli.plan.screeningExisting.other':
    '  {count} of them are for suppliers that exist already and may have been screened before; add --skip-existing to leave them out.',
  'cli.plan.noScreening': '  No screening is ordered.',
  'cli.plan.screeningSent.one':
    "  {count} screening was ordered already by this job, with its supplier's creation: it is not ordered again.",
  'cli.plan.screeningSent.other':
    "  {count} screenings were ordered already by this job, with their suppliers' creation: they are not ordered again.",
  'cli.plan.fromColumn.one':
    '  {count} of them is ordered by the list\'s own column "{column}"; leave that column out of the mapping if the list should not decide it.',
  'cli.plan.fromColumn.other':
    '  {count} of them are ordered by the list\'s own column "{column}"; leave that column out of the mapping if the list should not decide it.',
  'cli.plan.fromFixed.one': '  {count} of them is ordered by a fixed value of the mapping.',
  'cli.plan.fromFixed.other': '  {count} of them are ordered by a fixed value of the mapping.',
  'cli.plan.validation.one':
    '  A validation is requested for {count} supplier ({existing} of them existing).',
  'cli.plan.validation.other':
    '  A validation is requested for {count} suppliers ({existing} of them existing).',
  'cli.plan.noValidation': '  No validation is requested.',
  'cli.plan.validationSent.one':
    "  {count} validation was requested already by this job, with its supplier's creation: it is not requested again.",
  'cli.plan.validationSent.other':
    "  {count} validations were requested already by this job, with their suppliers' creation: they are not requested again.",
  'cli.plan.checking': 'checking {count, plural, one {# identifier} other {# identifiers}}: {time}',
  'cli.plan.sending.one': 'sending {count} request at up to {rate}/min: {time}',
  'cli.plan.sending.other': 'sending {count} requests at up to {rate}/min: {time}',
  'cli.plan.platform': "then the platform's processing: {time}",
  'cli.plan.duration': '  Expected duration: {duration}.',
  'cli.plan.durationParts': '  Expected duration: {duration} ({parts}).',
  'cli.plan.durationUnknown':
    '  Expected duration: {duration} to check and send ({parts}); how long the platform then takes is not known yet on this connection (it is measured as jobs run).',
  'cli.plan.durationNotKnown':
    '  Expected duration: not known yet. How long the platform takes is not known on this connection yet (it is measured as jobs run).',
  'cli.plan.under1s': 'under 1s',
  'cli.plan.about': 'about {time}',
  'cli.plan.measured':
    "  The pace is the one this job kept so far ({rate}/min): slower than the connection's limits allow.",
  'cli.plan.measuredConnection':
    "  The pace is the one this connection's last jobs kept ({rate}/min): slower than its limits allow.",
  'cli.plan.shared.one': '  {count} other job runs on this connection and shares its limit.',
  'cli.plan.shared.other': '  {count} other jobs run on this connection and share its limit.',
  'cli.plan.overlap.one':
    '  Warning: job {job} "{name}" ({state}) holds {count} of these suppliers (same supplier id and source), e.g. {examples}.',
  'cli.plan.overlap.other':
    '  Warning: job {job} "{name}" ({state}) holds {count} of these suppliers (same supplier id and source), e.g. {examples}.',
  'cli.plan.deactivated.one':
    '  Note: job {job} "{name}" deactivated {count} of the suppliers this job creates, on {date} (same supplier id and source), e.g. {examples}; the check does not find a deactivated supplier, so it is created again as new.',
  'cli.plan.deactivated.other':
    '  Note: job {job} "{name}" deactivated {count} of the suppliers this job creates, on {date} (same supplier id and source), e.g. {examples}; the check does not find deactivated suppliers, so they are created again as new.',
  'cli.plan.matched.one': '  The supplier it changes, as the check found it:',
  'cli.plan.matched.other': '  The {count} suppliers it changes, as the check found them:',
  'cli.plan.targets.one': '  The supplier to deactivate, as the check found it:',
  'cli.plan.targets.other': '  The {count} suppliers to deactivate, as the check found them:',
  'cli.plan.target': '    row {row}: {name} ({place}), platform {platformId}',
  'cli.plan.targetsMore.one': '    … and {count} more (the results list every one).',
  'cli.plan.targetsMore.other': '    … and {count} more (the results list every one).',
  'cli.plan.running': 'running',
  'cli.plan.sendHeld.one':
    '  --send-held: that {count} row is sent in this job as well; the supplier may get two screenings or validations.',
  'cli.plan.sendHeld.other':
    '  --send-held: those {count} rows are sent in this job as well; the suppliers may get two screenings or validations.',
  'cli.plan.leaveHeld.one':
    '  That {count} row is left out of this job (skipped, with the other job named in the results); add --send-held to send it anyway.',
  'cli.plan.leaveHeld.other':
    '  Those {count} rows are left out of this job (skipped, with the other job named in the results); add --send-held to send them anyway.',
  'cli.confirm.needs': 'This start {what}.',
  'cli.confirm.and': ' and ',
  'cli.confirm.paid': 'orders {what}, which may cost money',
  'cli.confirm.screening.one':
    '{count} screening for {years, plural, one {# year} other {# years}}',
  'cli.confirm.screening.other': '{count} screenings for {years} years',
  'cli.confirm.validation.one': '{count} validation',
  'cli.confirm.validation.other': '{count} validations',
  'cli.confirm.held.one': 'has {count} supplier another unfinished job is working on ({jobs})',
  'cli.confirm.held.other': 'has {count} suppliers another unfinished job is working on ({jobs})',
  'cli.confirm.refused':
    '{what} Nothing was sent{cancelled}. Check the summary above, then run the same command again with --yes to confirm it{held}.',
  'cli.confirm.cancelled': ' (job {job} was cancelled)',
  'cli.confirm.addSendHeld': ' (add --send-held to send the rows another job holds as well)',
  'cli.plan.identifierAdds.one':
    '  {count} identifier will be added at most (one already where its row wants it is left alone).',
  'cli.plan.identifierAdds.other':
    '  {count} identifiers will be added at most (those already where their rows want them are left alone).',
  'cli.plan.identifierRemovals.one':
    '  {count} identifier will be removed at most: putting it back takes its type, id and source again.',
  'cli.plan.identifierRemovals.other':
    '  {count} identifiers will be removed at most: putting one back takes its type, id and source again.',
  'cli.plan.removals.one': '  The identifier to remove, and its supplier as the check found it:',
  'cli.plan.removals.other':
    '  The {count} identifiers to remove, and their suppliers as the check found them:',
  'cli.plan.removal': '    row {row}: {type} {id} from {name} ({place}), platform {platformId}',
  'cli.confirm.removeIds.one': 'removes {count} identifier',
  'cli.confirm.removeIds.other': 'removes {count} identifiers',
  'cli.confirm.askRemoveIds.one':
    'Remove {count} identifier? Type {typed} to confirm (anything else stops here):',
  'cli.confirm.askRemoveIds.other':
    'Remove {count} identifiers? Type {typed} to confirm (anything else stops here):',
  'cli.plan.deactivate.one': '  {count} supplier will be deactivated.',
  'cli.plan.deactivate.other': '  {count} suppliers will be deactivated.',
  'cli.plan.alreadyInactive.one':
    '  {count} supplier is inactive already (the check found no active one): done, nothing is sent for it.',
  'cli.plan.alreadyInactive.other':
    '  {count} suppliers are inactive already (the check found no active one): done, nothing is sent for them.',
  'cli.plan.undoOf':
    '  This undoes job {job}: only the suppliers it created, none that existed before it.',
  'cli.plan.ambiguousNamed.one':
    '  {count} row names several suppliers: it is left alone (fix its identifier, then retry it).',
  'cli.plan.ambiguousNamed.other':
    '  {count} rows name several suppliers: they are left alone (fix their identifiers, then retry them).',
  'cli.plan.scores.one':
    '  {count} row of scores will be sent, in at most {batches} batch (rows of one supplier share an entry).',
  'cli.plan.scores.other':
    '  {count} rows of scores will be sent, in at most {batches} batches (rows of one supplier share an entry).',
  'cli.confirm.deactivate.one': 'deactivates {count} supplier',
  'cli.confirm.deactivate.other': 'deactivates {count} suppliers',
  'cli.confirm.askDeactivate.one':
    'Deactivate {count} supplier? Type {typed} to confirm (anything else stops here):',
  'cli.confirm.askDeactivate.other':
    'Deactivate {count} suppliers? Type {typed} to confirm (anything else stops here):',
  'cli.confirm.askPaid.one':
    'Order {count} screening or validation, which may cost money? Type {typed} to confirm (anything else stops here):',
  'cli.confirm.askPaid.other':
    'Order {count} screenings and validations, which may cost money? Type {typed} to confirm (anything else stops here):',
  'cli.undo.made.one':
    'Made job {job} to undo job {of} ({name}): {count} supplier it created will be deactivated.',
  'cli.undo.made.other':
    'Made job {job} to undo job {of} ({name}): {count} suppliers it created will be deactivated.',
  'cli.help.action':
    'identifiers: what every row does when no Action column is mapped (default: add)',
  'cli.help.undo':
    'deactivate exactly the suppliers the onboarding job JOB created (never one that existed before it), confirmed like a deactivation',
  'cli.usage.operation': '--operation takes one of {kinds}, not "{given}".',
  'cli.usage.identifiersOwnOptions':
    '{options} cannot be used with --operation identifiers: adding or removing identifiers creates nothing and orders nothing.',
  'cli.usage.action': '--action takes add or remove, not "{given}".',
  'cli.usage.actionWithoutIdentifiers':
    "--action says what an identifiers job does with each row's identifier: use it with --operation identifiers.",
  'cli.usage.undoAndFile':
    '--undo makes its job from the onboarding job it names: give no file with it (and no --resume or --retry-from).',
  'cli.usage.undoOwnOptions':
    '{options} cannot be used with --undo or --operation deactivate: a deactivation creates nothing and orders nothing.',
  'cli.confirm.ask': 'Start?',
  'cli.confirm.defaultNo': '[y/N]',
  'cli.confirm.defaultYes': '[Y/n]',
  'cli.confirm.leftOut.one':
    'Left out {count} row another job holds; the results show it as skipped.',
  'cli.confirm.leftOut.other':
    'Left out {count} rows another job holds; the results show them as skipped.',

  // ---- likely duplicates: what the check found, --duplicates, the question, the run's end
  'cli.duplicates.none': 'Likely duplicates: none found.',
  'cli.duplicates.possible':
    'Possible duplicates: {count, plural, one {# row} other {# rows}}, in the results column "Possible duplicate of" with their reasons (they do not wait for a decision).',
  'cli.duplicates.found': 'Likely duplicates: {parts}.',
  'cli.duplicates.list':
    '{groups, plural, one {# group} other {# groups}} within the list ({rows, plural, one {# row} other {# rows}})',
  'cli.duplicates.base':
    '{count, plural, one {# row looks like a supplier} other {# rows look like suppliers}} the platform has',
  'cli.duplicates.waiting':
    '{count, plural, one {# row waits} other {# rows wait}} for your decision',
  'cli.duplicates.remembered':
    '{count, plural, one {# row was} other {# rows were}} decided in an earlier job against the same candidates and {count, plural, one {is} other {are}} not asked again (the Duplicate decision column says when and where)',
  'cli.duplicates.decided':
    'decided: {keep, plural, one {# row} other {# rows}} kept, {skip} left out, {attach} attached',
  'cli.duplicates.group': '  Group {group}: rows {rows} – {place}',
  'cli.duplicates.memberLikeBase': '    row {row} looks like platform {platformId}: {base}',
  'cli.duplicates.likeBase': '  Row {row} – {place} – looks like platform {platformId}: {base}',
  'cli.duplicates.more':
    '  … and {count, plural, one {# more group} other {# more groups}} (the results list every row in the column Likely duplicate of).',
  'cli.duplicates.ask':
    'Decide for the {count, plural, one {row that waits} other {# rows that wait}}: keep (create), skip (keep the first row of each group, leave out the others and the rows like a platform supplier), attach (as skip, but attach the rows like a platform supplier to it) or none (they wait)? [keep/skip/attach/none]',
  'cli.duplicates.askAgain': 'Answer keep, skip, attach or none.',
  'cli.duplicates.applied':
    'Decided ({choice}) for {count, plural, one {# row} other {# rows}}: {keep} kept, {skip} left out, {attach} attached to a supplier the platform has.',
  'cli.duplicates.refused':
    '{count, plural, one {# row was not decided: it no longer waited} other {# rows were not decided: they no longer waited}}.',
  'cli.duplicates.waitingEnd':
    '{count, plural, one {# row waits for your decision as a likely duplicate: it is not created until you decide} other {# rows wait for your decision as likely duplicates: they are not created until you decide}}. Decide with: npm run onboard -- {command} --duplicates keep|skip|attach (keep: create them; skip: keep the first row of each group, leave out the others and the rows like a platform supplier; attach: as skip, but attach the rows like a platform supplier to it), or row by row in the app.',
  'cli.plan.duplicatesRunning':
    '  The list is still being looked through for likely duplicates; the check waits for it, and rows found are not created until you decide.',
  'cli.plan.duplicatesPending':
    '  The likely duplicates are not up to date (rows were fixed since, or the search did not finish); the check looks through the list again first, and rows found are not created until you decide.',
  'cli.plan.duplicatesWaiting':
    '  {count, plural, one {# row waits for your decision as a likely duplicate: it is not created} other {# rows wait for your decision as likely duplicates: they are not created}} (--duplicates keep|skip|attach decides).',
  'cli.plan.duplicatesKept':
    '  {count, plural, one {# likely duplicate is created anyway} other {# likely duplicates are created anyway}}, as you decided.',
  'cli.plan.duplicatesLeftOut':
    '  {count, plural, one {# likely duplicate is left out: it is} other {# likely duplicates are left out: they are}} not created.',
  'cli.plan.duplicatesAttached':
    '  {count, plural, one {# row is attached to the supplier the platform has that it likely is: its ids go there instead of creating it} other {# rows are attached to the suppliers the platform has that they likely are: their ids go there instead of creating them}}.',
  'cli.plan.duplicatesSaved':
    '  Your decisions save {screenings, plural, one {# paid screening} other {# paid screenings}} and {validations, plural, one {# validation} other {# validations}} the rows left out or attached would have ordered as new suppliers.',
  'cli.plan.duplicatesSavedScreenings':
    '  Your decisions save {screenings, plural, one {# paid screening} other {# paid screenings}} the rows left out or attached would have ordered as new suppliers.',
  'cli.plan.duplicatesSavedValidations':
    '  Your decisions save {validations, plural, one {# paid validation} other {# paid validations}} the rows left out or attached would have ordered as new suppliers.',

  // ---- the figures of the progress line and the job's end
  'cli.count.checking': 'checking',
  'cli.count.queued': 'queued',
  'cli.count.sending': 'sending',
  'cli.count.inDoubt': 'in doubt',
  'cli.count.pending': 'pending',
  'cli.count.screening': 'screening',
  'cli.count.validation': 'validation',
  'cli.count.done': 'done',
  'cli.count.toFix': 'to fix',
  'cli.count.leftOut': 'left out',
  'cli.count.notSent': 'not sent',
  'cli.count.findings': 'findings to review',
  'cli.count.platform': 'rejected or stopped on the platform',
  'cli.count.review': 'status to review',
  'cli.progress.throttled': 'throttled {time}',
  'cli.progress.writes': 'writes {sent}/{ceiling} per {window}s',
  'cli.progress.eta': 'ETA {time}',
  'cli.progress.etaSending': 'sending {time}, then the platform: not known yet',
  'cli.progress.offline': 'waiting for network',
  // ---- the supplier base: export and drift report
  'cli.base.seeHelp': 'Run "npm run onboard -- --export-suppliers --help" to see the options.',
  'cli.base.exportAndDrift': 'Use one of --export-suppliers, --drift and --audit-duplicates.',
  'cli.base.audited':
    'Compared {suppliers, plural, one {# active supplier} other {# active suppliers}}: {groups, plural, one {# group} other {# groups}} of likely duplicates, {inGroups, plural, one {# supplier} other {# suppliers}} in them, {toDeactivate} beyond the first of each group (sheet "To deactivate"). Written to {out}.',
  'cli.base.exportXlsx': '--export-suppliers must name an .xlsx file.',
  'cli.base.auditXlsx': '--audit-duplicates must name an .xlsx file.',
  'cli.base.driftFile': '--drift takes a supplier list: an .xlsx, .csv or .txt file.',
  'cli.base.outWithExport': '--out goes with --drift; --export-suppliers names its file itself.',
  'cli.base.outXlsx': '--out must name an .xlsx file.',
  'cli.base.pageSize': '--page-size takes a whole number of suppliers.',
  'cli.base.stopping': 'Stopping after the page being read… (press Ctrl-C again to stop at once)',
  'cli.base.progress':
    'pages {pages}/{totalPages} · suppliers {suppliers}/{total} · {rate} reads/min · {left} left',
  'cli.base.continuing':
    'Continuing the export of {file}: {pages, plural, one {# page} other {# pages}} ({suppliers, plural, one {# supplier} other {# suppliers}}) read before.',
  'cli.base.exported':
    'Exported {suppliers, plural, one {# supplier} other {# suppliers}} of the connection "{connection}" to {out}.',
  'cli.base.exportedChanged':
    'Exported {suppliers, plural, one {# supplier} other {# suppliers}} of the connection "{connection}" to {out} (the list changed during the export: see its Summary sheet).',
  'cli.base.stoppedExport':
    'Stopped after {pages, plural, one {# page} other {# pages}} of the connection "{connection}". Run the same command again to continue.',
  'cli.base.stoppedDrift':
    'Stopped while reading the supplier base of the connection "{connection}". Run the same command again to continue.',
  'cli.base.wroteDrift':
    'Wrote the drift report {path} (compared with the connection "{connection}").',
} as const;

export const de: Record<keyof typeof en, string> = {
  'cli.usage.seeHelp': '„npm run onboard -- --help“ zeigt die Optionen.',
  'cli.usage.badOption': 'Die Befehlszeile ist nicht gültig: {detail}',
  'cli.usage.oneFile': 'Geben Sie eine Datei an, nicht {count}.',
  'cli.usage.noFile':
    'Nennen Sie die Datei, die importiert werden soll, oder verwenden Sie --resume oder --retry-from.',
  'cli.usage.retryFromEmpty':
    '--retry-from braucht die Ergebnisdatei, aus der die korrigierten Zeilen kommen.',
  'cli.usage.fileAndRetryFrom':
    'Geben Sie eine Datei zum Importieren an oder --retry-from mit einer Ergebnisdatei, nicht beides („{file}“ und „{results}“).',
  'cli.usage.resumeAndRetryFrom':
    '--resume setzt einen Auftrag fort, --retry-from macht aus einer Ergebnisdatei einen neuen: Verwenden Sie nur eines davon.',
  'cli.usage.retryFromDryRun':
    '--retry-from braucht das Journal des Laufs, der die Ergebnisdatei geschrieben hat; --dry-run arbeitet in einem vorübergehenden. Lassen Sie --dry-run weg.',
  'cli.usage.retryFromOwnOptions':
    '--retry-from sendet die Zeilen mit der Zuordnung und den Optionen des Auftrags, aus dem die Ergebnisdatei stammt: Lassen Sie {options} weg.',
  'cli.usage.outIsRetryFrom':
    '--out nennt die Ergebnisdatei, die --retry-from bekommt; sie würde überschrieben. Wählen Sie eine andere Datei für die neuen Ergebnisse.',
  'cli.usage.screening': '--screening nimmt 2, 5 oder 10 (Jahre), nicht „{given}“.',
  'cli.usage.skipAndInclude':
    'Verwenden Sie --skip-existing oder --include-existing, nicht beides.',
  'cli.usage.includeWithoutScreening':
    '--include-existing gehört zu --screening: Ohne Screening werden bestehende Lieferanten einbezogen, außer --skip-existing ist angegeben.',
  'cli.usage.processingMs': '--sandbox-processing-ms nimmt eine ganze Zahl von Millisekunden.',
  'cli.usage.baseUrlAndConnection': 'Verwenden Sie --base-url oder --connection, nicht beides.',
  'cli.usage.fieldNames': '--field-names nimmt {first} oder {second}, nicht „{given}“.',
  'cli.usage.fieldNamesWithoutBaseUrl':
    '--field-names ist eine Einstellung der Verbindung unter --base-url: Geben Sie auch --base-url an (eine gespeicherte Verbindung ändern Sie in den Verbindungseinstellungen).',
  'cli.usage.identifierTypes':
    '--identifier-types nimmt CUSTOMER_ID=<Name>,OWN_ID=<Name> mit zwei verschiedenen Namen aus 1 bis 40 Großbuchstaben, Ziffern oder Unterstrichen (zum Beispiel CUSTOMER_ID=CUST,OWN_ID=OWN), nicht „{given}“.',
  'cli.usage.identifierTypesWithoutConnection':
    '--identifier-types ist eine Einstellung einer Verbindung: Geben Sie auch --base-url oder --connection an, oder --resume für die Verbindung des fortgesetzten Auftrags.',
  'cli.usage.dryRunCheckOnly':
    '--dry-run ruft die API nicht auf und lässt sich daher nicht mit --check-only verbinden.',
  'cli.usage.out': '--out muss eine .xlsx- oder .csv-Datei nennen.',
  'cli.usage.duplicates': '--duplicates nimmt keep, skip oder attach, nicht „{given}“.',
  'cli.usage.duplicatesDryRun':
    '--duplicates entscheidet für die Zeilen, die die Prüfung als wahrscheinliche Dubletten zurückhält, und --dry-run prüft nichts: Lassen Sie eine der beiden Optionen weg.',
  'cli.usage.tokenEnvEmpty':
    'Die Umgebungsvariable {name} ist leer oder nicht gesetzt. Legen Sie das API-Token darin ab.',
  'cli.version.dataFolder': 'Datenordner: {path}',

  'cli.signal.stopNow': 'Wird jetzt beendet. Fortsetzen mit --resume.',
  'cli.signal.pausing':
    'Wird angehalten: Laufende Anfragen werden festgehalten… (Strg-C noch einmal beendet sofort)',
  'cli.signal.afterResults':
    'Wird beendet, sobald die Ergebnisse geschrieben sind… (Strg-C noch einmal beendet sofort)',
  'cli.signal.beforeSending':
    'Wird beendet, bevor etwas gesendet wird… (Strg-C noch einmal beendet sofort)',

  'cli.connection.sandbox':
    'Die eingebaute Sandbox unter {url} wird verwendet (Übung: Nichts verlässt diesen Computer).',
  'cli.connection.ofJob': 'Die Verbindung „{name}“ ({url}) des Auftrags {job} wird verwendet.',
  'cli.connection.active':
    'Die aktive Verbindung „{name}“ ({url}) wird verwendet; --connection oder --base-url wählen eine andere.',
  'cli.connection.unknown':
    'Keine gespeicherte Verbindung heißt „{name}“. Gespeicherte Verbindungen: {names}.',
  'cli.connection.none': 'keine',
  'cli.network.certificateChecksOff':
    'Warnung: Die Zertifikatsprüfung ist ausgeschaltet (NODE_TLS_REJECT_UNAUTHORIZED=0 ist gesetzt), daher kann die App die echte API nicht von jemandem unterscheiden, der sich als sie ausgibt, und das Token könnte unterwegs mitgelesen werden. Entfernen Sie diese Einstellung; braucht das Netz Ihres Unternehmens ein eigenes Stammzertifikat, geben Sie dessen Datei stattdessen in NODE_EXTRA_CA_CERTS an.',
  'cli.resume.none': 'Es gibt keinen unfertigen Auftrag zum Fortsetzen.',
  'cli.resume.unknown': 'Der Auftrag „{job}“ ist nicht im Journal.',
  'cli.resume.resuming': 'Auftrag {job} ({name}) wird fortgesetzt.',

  'cli.retry.fileNotFound':
    'Die Ergebnisdatei „{file}“ wurde nicht gefunden. Prüfen Sie den Pfad: Gemeint ist die Datei, die ein früherer Lauf geschrieben hat, etwa suppliers.results.xlsx.',
  'cli.retry.fileIsFolder':
    'Die Ergebnisdatei „{file}“ wurde nicht gefunden (es ist ein Ordner). Prüfen Sie den Pfad: Gemeint ist die Datei, die ein früherer Lauf geschrieben hat, etwa suppliers.results.xlsx.',
  'cli.retry.noJob':
    'Kein Auftrag im Journal {journal} hat „{file}“ geschrieben. Eine Ergebnisdatei wird ihrem Auftrag über den Namen zugeordnet: Der Lauf für suppliers.xlsx schreibt suppliers.results.xlsx, behalten Sie also den Anfang des Namens bei. Stammt die Datei aus einem anderen Datenordner oder Journal, geben Sie das --data-dir oder --journal jenes Laufs an.',
  'cli.retry.noJobYet':
    'Kein Auftrag im Journal {journal} hat „{file}“ geschrieben (es enthält noch keinen Auftrag). Eine Ergebnisdatei wird ihrem Auftrag über den Namen zugeordnet: Der Lauf für suppliers.xlsx schreibt suppliers.results.xlsx, behalten Sie also den Anfang des Namens bei. Stammt die Datei aus einem anderen Datenordner oder Journal, geben Sie das --data-dir oder --journal jenes Laufs an.',
  'cli.retry.connectionGone':
    'Die Verbindung des Auftrags {job} gibt es nicht mehr, daher können seine Zeilen nicht erneut gesendet werden. Importieren Sie die korrigierten Zeilen stattdessen als neue Liste.',
  'cli.retry.otherConnection':
    'Die Ergebnisdatei stammt aus dem Auftrag {job}, der über {where} lief; seine Zeilen werden erneut dorthin gesendet. Lassen Sie {option} weg{orGive}.',
  'cli.retry.onSandbox': 'die eingebaute Sandbox',
  'cli.retry.onConnection': 'die Verbindung „{name}“ ({url})',
  'cli.retry.orGive': ' oder geben Sie --connection "{name}" an',
  'cli.retry.unchanged':
    '„{file}“ ist unverändert, seit daraus am {when} UTC der Auftrag {job} ({name}) wurde: Seine Zeilen wurden damals übernommen, es gibt also nichts Neues zu senden. Um diesen Auftrag zu verfolgen oder seine Ergebnisse erneut zu schreiben: npm run onboard -- {command}. Um weitere Zeilen zu senden, korrigieren Sie sie in der Datei, speichern Sie sie und führen Sie --retry-from erneut aus.',
  'cli.retry.holds': '{file} enthält die Ergebnisse des Auftrags {job} ({name}).',
  'cli.retry.nameFrom': '{name}, aus {file}',
  'cli.retry.summary.one':
    '{count} Zeile zum erneuten Senden, {stillInvalid} weiterhin ungültig (siehe Spalte Status), {alreadyDone} bereits erledigt, {unmatched} nicht zugeordnet',
  'cli.retry.summary.other':
    '{count} Zeilen zum erneuten Senden, {stillInvalid} weiterhin ungültig (siehe Spalte Status), {alreadyDone} bereits erledigt, {unmatched} nicht zugeordnet',
  'cli.retry.stillInvalid.one':
    'Die weiterhin ungültige Zeile bleibt außerhalb dieses Auftrags: Korrigieren Sie sie in der Datei (die Spalte mit der Fehlermeldung sagt, was falsch war) und führen Sie --retry-from erneut aus.',
  'cli.retry.stillInvalid.other':
    'Die {count} weiterhin ungültigen Zeilen bleiben außerhalb dieses Auftrags: Korrigieren Sie sie in der Datei (die Spalte mit der Fehlermeldung sagt, was falsch war) und führen Sie --retry-from erneut aus.',
  'cli.retry.unmatched.one':
    'Eine Zeile passt zu keiner Zeile des Auftrags {job} (eine neue Zeile, eine Zeile mit geleerter Spalte „Zeile in der Datei“ oder eine wiederholte Zeile) und bleibt unberührt. Neue Lieferanten importieren Sie als eigene Liste.',
  'cli.retry.unmatched.other':
    '{count} Zeilen passen zu keiner Zeile des Auftrags {job} (neue Zeilen, Zeilen mit geleerter Spalte „Zeile in der Datei“ oder wiederholte Zeilen) und bleiben unberührt. Neue Lieferanten importieren Sie als eigene Liste.',
  'cli.retry.unchangedRows.one':
    'Eine Zeile, die Aufmerksamkeit braucht, hat dieselben Werte wie vorher und wird nicht erneut gesendet (die Spalte Status entscheidet nicht): Ändern Sie die Werte, die die Fehlermeldung nennt, oder wiederholen Sie sie unverändert in der App auf der Ergebnisseite des Auftrags.',
  'cli.retry.unchangedRows.other':
    '{count} Zeilen, die Aufmerksamkeit brauchen, haben dieselben Werte wie vorher und werden nicht erneut gesendet (die Spalte Status entscheidet nicht): Ändern Sie die Werte, die die Fehlermeldung nennt, oder wiederholen Sie sie unverändert in der App auf der Ergebnisseite des Auftrags.',
  'cli.retry.doneButChanged.one':
    'Zeile {rows} wurde geändert, aber ihr Lieferant besteht schon oder wird gerade angelegt: Die App legt Lieferanten an und ändert sie nicht, daher werden diese Änderungen nicht gesendet. Nehmen Sie sie auf der Plattform vor.',
  'cli.retry.doneButChanged.other':
    'Die Zeilen {rows} wurden geändert, aber ihre Lieferanten bestehen schon oder werden gerade angelegt: Die App legt Lieferanten an und ändert sie nicht, daher werden diese Änderungen nicht gesendet. Nehmen Sie sie auf der Plattform vor.',
  'cli.retry.conflicts.one':
    'Zeile {rows} (Spalte „Zeile in der Datei“) wurde auf den Blättern Ergebnisse und Fehler unterschiedlich geändert und wird nicht gesendet: Behalten Sie die Korrektur auf einem Blatt (oder machen Sie beide gleich) und führen Sie --retry-from erneut aus.',
  'cli.retry.conflicts.other':
    'Die Zeilen {rows} (Spalte „Zeile in der Datei“) wurden auf den Blättern Ergebnisse und Fehler unterschiedlich geändert und werden nicht gesendet: Behalten Sie die Korrektur auf einem Blatt (oder machen Sie beide gleich) und führen Sie --retry-from erneut aus.',
  'cli.retry.andMore': '{rows} und {count} weitere',
  'cli.retry.idFixes.one':
    'Zeile {rows} bringt eine korrigierte Kennung zurück, wo die Plattform ihre Kennung bei einem anderen Lieferanten hatte: Ein Kennungen-Auftrag kann die korrigierte Kennung dem Lieferanten der Zeile hinzufügen (eine Anlage ändert nie einen Lieferanten, mit dem sie fertig ist).',
  'cli.retry.idFixes.other':
    'Die Zeilen {rows} bringen korrigierte Kennungen zurück, wo die Plattform ihre Kennungen bei anderen Lieferanten hatte: Ein Kennungen-Auftrag kann die {count} korrigierten Kennungen den Lieferanten ihrer Zeilen hinzufügen (eine Anlage ändert nie einen Lieferanten, mit dem sie fertig ist).',
  'cli.retry.idFixAsk': 'Diesen Kennungen-Auftrag anlegen?',
  'cli.retry.idFixOffer':
    'Um ihn anzulegen, führen Sie denselben Befehl noch einmal mit --yes aus.',
  'cli.retry.idFixMade.one':
    'Kennungen-Auftrag {job} angelegt: {count} korrigierte Kennung hinzuzufügen.',
  'cli.retry.idFixMade.other':
    'Kennungen-Auftrag {job} angelegt: {count} korrigierte Kennungen hinzuzufügen.',
  'cli.retry.idFixLater': 'Führen Sie ihn aus, wenn dieser Auftrag beendet ist: {command}',
  'cli.retry.nothing': 'Nichts erneut zu senden: Es wurde kein Auftrag angelegt.',
  'cli.retry.made.one': 'Auftrag {job} mit der erneut zu sendenden Zeile angelegt.',
  'cli.retry.made.other': 'Auftrag {job} mit den erneut zu sendenden Zeilen angelegt.',

  'cli.mapping.suggested': 'Zuordnung (vorgeschlagen): {fields}',
  'cli.mapping.template': 'Zuordnung (Vorlage „{template}“): {fields}',
  'cli.mapping.incomplete':
    'Für {fields} wurde keine Spalte gefunden. Schreiben Sie eine Zuordnungsdatei (das Format zeigt --save-mapping) und übergeben Sie sie mit --mapping DATEI.',
  'cli.mappingFile.notJson':
    'Die Zuordnungsdatei {file} ließ sich nicht als JSON lesen ({detail}). Korrigieren Sie sie oder verwenden Sie --mapping auto.',
  'cli.mappingFile.invalid':
    'Die Zuordnungsdatei {file} ist nicht gültig: {issue}. Jeder Eintrag ordnet einem Feld der Nutzdaten eine Spaltenüberschrift zu, oder {"header": "...", "constant": "...", "transform": {...}} (Einstellungen von transform: "case": "keep"|"upper"|"lower"|"title", "padZeros": 2..20, "restoreZeros": true|false, "separators": ";,").',
  'cli.mappingFile.unknownProblem': 'unbekanntes Problem',
  'cli.mappingFile.noColumn':
    'Die Zuordnungsdatei ordnet {field} der Spalte „{header}“ zu, die das Blatt nicht hat. Seine Spalten sind: {headers}.',
  'cli.import.note': 'Hinweis: {note}',
  'cli.import.summary':
    '{rows, plural, one {# Zeile} other {# Zeilen}} aus {file} importiert (Blatt {sheet}, Kopfzeile in Zeile {headerRow}): {valid} gültig, {invalid} mit Problemen, {empty} leer.',
  'cli.import.moreProblems':
    '  … weitere Zeilen haben Probleme; siehe das Blatt Fehler in den Ergebnissen.',
  'cli.mapping.paidField': '{field} (bestellt kostenpflichtige Arbeit)',
  'cli.mapping.paidScreening.one':
    'Kostenpflichtige Arbeit aus der Liste: Die Spalte „{column}“ bestellt Screening für {count} Zeile. Sie wird in der Übersicht unten gezählt und erst nach Bestätigung gesendet; lassen Sie die Spalte mit --mapping weg, wenn die Liste das nicht entscheiden soll.',
  'cli.mapping.paidScreening.other':
    'Kostenpflichtige Arbeit aus der Liste: Die Spalte „{column}“ bestellt Screening für {count} Zeilen. Sie werden in der Übersicht unten gezählt und erst nach Bestätigung gesendet; lassen Sie die Spalte mit --mapping weg, wenn die Liste das nicht entscheiden soll.',
  'cli.mapping.paidValidation.one':
    'Kostenpflichtige Arbeit aus der Liste: Die Spalte „{column}“ fordert Validierung für {count} Zeile an. Sie wird in der Übersicht unten gezählt und erst nach Bestätigung gesendet; lassen Sie die Spalte mit --mapping weg, wenn die Liste das nicht entscheiden soll.',
  'cli.mapping.paidValidation.other':
    'Kostenpflichtige Arbeit aus der Liste: Die Spalte „{column}“ fordert Validierung für {count} Zeilen an. Sie werden in der Übersicht unten gezählt und erst nach Bestätigung gesendet; lassen Sie die Spalte mit --mapping weg, wenn die Liste das nicht entscheiden soll.',

  'cli.run.exportBlocked':
    'Es wurde nichts gesendet. Nennen Sie eine andere Ergebnisdatei: npm run onboard -- {command} --out DATEI.{format}',
  'cli.run.exportBlockedDryRun':
    'Es wurde nichts gesendet. Führen Sie den Lauf mit --dry-run und einer anderen Ergebnisdatei (--out DATEI.xlsx) erneut aus: --dry-run hinterlässt nichts zum Fortsetzen.',
  'cli.run.stoppedBefore':
    'Angehalten, bevor etwas gesendet wurde. Fortsetzen mit: npm run onboard -- {command}',
  'cli.run.warning': 'Warnung: {warning}',
  'cli.run.ended': 'Auftrag nach {time}: {state} – {counts}',
  'cli.run.checked':
    '{count, plural, one {# Zeile} other {# Zeilen}} nach {time} geprüft: {found}.',
  'cli.run.checkedNothing': 'nichts zu prüfen',
  'cli.checked.new': '{count} neu',
  'cli.checked.exists': '{count, plural, one {# besteht} other {# bestehen}} bereits',
  'cli.checked.pending':
    '{count, plural, one {# wird} other {# werden}} auf der Plattform bereits angelegt',
  'cli.checked.duplicate':
    '{count, plural, one {# wahrscheinliche Dublette wartet} other {# wahrscheinliche Dubletten warten}} auf Ihre Entscheidung',
  'cli.checked.ambiguous':
    '{count, plural, one {# Zeile nennt} other {# Zeilen nennen}} mehrere Lieferanten',
  'cli.checked.invalid': '{count} mit Problemen',
  'cli.checked.unchecked': '{count} nicht geprüft',
  'cli.checked.leftOut': '{count} ausgelassen',
  'cli.checked.toChange': '{count} zu ändern',
  'cli.checked.notFound': '{count} auf der Plattform nicht gefunden',
  'cli.checked.nothingToChange': '{count} ohne Änderung',
  'cli.checked.onOther':
    '{count, plural, one {# Kennung ist} other {# Kennungen sind}} bei einem anderen Lieferanten',
  'cli.checked.sentBefore': '{count} bereits früher gesendet',
  'cli.run.tokenRefused': 'Die API hat das Token abgelehnt.',
  'cli.run.fieldNames':
    'Auf der Befehlszeile setzen Sie diesen Auftrag unter den anderen Namen fort (bereits angelegte Zeilen werden gefunden und nicht doppelt angelegt): npm run onboard -- {command}',
  'cli.resume.fieldNames.one':
    'Die Verbindung schreibt Ort und Adresse jetzt als {names}; {count} Zeile, die unter den alten Namen abgelehnt wurde, wird in diesem Auftrag erneut gesendet.',
  'cli.resume.fieldNames.other':
    'Die Verbindung schreibt Ort und Adresse jetzt als {names}; {count} Zeilen, die unter den alten Namen abgelehnt wurden, werden in diesem Auftrag erneut gesendet.',
  'cli.resume.identifierTypes.one':
    'Die Verbindung nennt die Kennungstypen jetzt {names}; {count} Zeile, deren Typ abgelehnt wurde, wird in diesem Auftrag erneut gesendet.',
  'cli.resume.identifierTypes.other':
    'Die Verbindung nennt die Kennungstypen jetzt {names}; {count} Zeilen, deren Typ abgelehnt wurde, werden in diesem Auftrag erneut gesendet.',
  'cli.connection.identifierTypes':
    'Die Verbindung „{name}“ nennt die Kennungstypen jetzt {names}.',
  'cli.run.diskFull':
    'Die Ergebnisdatei wurde nicht geschrieben (der Auftrag ist nicht fertig). Sobald auf dem Datenträger von {folder} wieder Platz ist, fortsetzen mit: npm run onboard -- {command}',
  'cli.run.declined':
    'Es wurde nichts gesendet. Starten Sie den Auftrag später mit: npm run onboard -- {command}',
  'cli.run.stillRunning': 'Läuft noch auf der Plattform oder wartet: {counts}.',
  'cli.run.continue': 'Fortsetzen mit: npm run onboard -- {command}',

  'cli.results.againXlsx':
    'Die Ergebnisse bleiben im Journal: npm run onboard -- {command} --out results.xlsx schreibt sie in eine andere Datei (oder --out results.csv als CSV).',
  'cli.results.againCsv':
    'Die Ergebnisse bleiben im Journal: npm run onboard -- {command} --out results.csv schreibt sie in eine andere Datei.',
  'cli.results.againDryRun':
    '--dry-run hinterlässt nichts zum Fortsetzen: Führen Sie den Lauf mit --out DATEI.xlsx erneut aus, um seine Ergebnisse in eine andere Datei zu schreiben.',
  'cli.results.moreSheets':
    'Die Ergebnisse haben mehr Zeilen, als ein Excel-Blatt fasst: Sie gehen weiter in {sheets}.',
  'cli.results.cut.one':
    '{count} Zelle war länger als die 32.767 Zeichen, die eine Excel-Zelle fasst, und wurde gekürzt, markiert mit „… [cut: N characters]“; --out DATEI.csv behält sie vollständig.',
  'cli.results.cut.other':
    '{count} Zellen waren länger als die 32.767 Zeichen, die eine Excel-Zelle fasst, und wurden gekürzt, markiert mit „… [cut: N characters]“; --out DATEI.csv behält sie vollständig.',
  'cli.results.written':
    'Ergebnisse: {file} ({rows, plural, one {# Zeile} other {# Zeilen}}, {attention, plural, one {# braucht} other {# brauchen}} Aufmerksamkeit).',

  'cli.plan.heading': 'Bevor Sie starten:',
  'cli.plan.create.one':
    '  {count} neuer Lieferant wird angelegt; {existing, plural, one {# besteht} other {# bestehen}} bereits.',
  'cli.plan.create.other':
    '  {count} neue Lieferanten werden angelegt; {existing, plural, one {# besteht} other {# bestehen}} bereits.',
  'cli.plan.inDoubt.one':
    '  {count} weitere Zeile war beim Anhalten des Auftrags unterwegs: Die App prüft zuerst, ob sie angekommen ist, und sendet sie nur dann erneut, wenn nicht.',
  'cli.plan.inDoubt.other':
    '  {count} weitere Zeilen waren beim Anhalten des Auftrags unterwegs: Die App prüft zuerst, ob sie angekommen sind, und sendet nur die erneut, bei denen das nicht so ist.',
  'cli.plan.unchecked.one':
    '  {count} Zeile ist noch nicht geprüft: Sie wird zuerst geprüft, die Zahlen sind also Höchstwerte.',
  'cli.plan.unchecked.other':
    '  {count} Zeilen sind noch nicht geprüft: Sie werden zuerst geprüft, die Zahlen sind also Höchstwerte.',
  'cli.plan.pending.one':
    '  {count} Lieferant wird auf der Plattform bereits angelegt; der Auftrag verfolgt ihn.',
  'cli.plan.pending.other':
    '  {count} Lieferanten werden auf der Plattform bereits angelegt; der Auftrag verfolgt sie.',
  'cli.plan.skipExisting':
    '  Bestehende Lieferanten werden übersprungen: Sie werden weder gescreent noch validiert.',
  'cli.plan.attach.one':
    '  {count} Kunden- oder eigene ID wird hinzugefügt, bei neuen wie bei bestehenden Lieferanten.',
  'cli.plan.attach.other':
    '  Höchstens {count} Kunden- und eigene IDs werden hinzugefügt, bei neuen wie bei bestehenden Lieferanten.',
  'cli.plan.screening.one':
    '  {count} Screening für {years, plural, one {# Jahr} other {# Jahre}} wird bestellt. Es kann Geld oder Kontingent kosten.',
  'cli.plan.screening.other':
    '  {count} Screenings für {years} Jahre werden bestellt. Jedes kann Geld oder Kontingent kosten.',
  'cli.plan.screeningExisting.one':
    '  {count} davon ist für einen Lieferanten, der bereits besteht und vielleicht schon gescreent wurde; mit --skip-existing lassen Sie ihn weg.',
  'cli.plan.screeningExisting.other':
    '  {count} davon sind für Lieferanten, die bereits bestehen und vielleicht schon gescreent wurden; mit --skip-existing lassen Sie sie weg.',
  'cli.plan.noScreening': '  Es wird kein Screening bestellt.',
  'cli.plan.screeningSent.one':
    '  {count} Screening hat dieser Auftrag bereits mit der Anlage des Lieferanten bestellt: Es wird nicht erneut bestellt.',
  'cli.plan.screeningSent.other':
    '  {count} Screenings hat dieser Auftrag bereits mit der Anlage der Lieferanten bestellt: Sie werden nicht erneut bestellt.',
  'cli.plan.fromColumn.one':
    '  {count} davon bestellt die eigene Spalte „{column}“ der Liste; lassen Sie diese Spalte in der Zuordnung weg, wenn die Liste das nicht entscheiden soll.',
  'cli.plan.fromColumn.other':
    '  {count} davon bestellt die eigene Spalte „{column}“ der Liste; lassen Sie diese Spalte in der Zuordnung weg, wenn die Liste das nicht entscheiden soll.',
  'cli.plan.fromFixed.one': '  {count} davon bestellt ein fester Wert der Zuordnung.',
  'cli.plan.fromFixed.other': '  {count} davon bestellt ein fester Wert der Zuordnung.',
  'cli.plan.validation.one':
    '  Für {count} Lieferanten wird eine Validierung angefordert ({existing} davon bestehend).',
  'cli.plan.validation.other':
    '  Für {count} Lieferanten wird eine Validierung angefordert ({existing} davon bestehend).',
  'cli.plan.noValidation': '  Es wird keine Validierung angefordert.',
  'cli.plan.validationSent.one':
    '  {count} Validierung hat dieser Auftrag bereits mit der Anlage des Lieferanten angefordert: Sie wird nicht erneut angefordert.',
  'cli.plan.validationSent.other':
    '  {count} Validierungen hat dieser Auftrag bereits mit der Anlage der Lieferanten angefordert: Sie werden nicht erneut angefordert.',
  'cli.plan.checking': '{count, plural, one {# Kennung} other {# Kennungen}} prüfen: {time}',
  'cli.plan.sending.one': '{count} Anfrage mit bis zu {rate}/min senden: {time}',
  'cli.plan.sending.other': '{count} Anfragen mit bis zu {rate}/min senden: {time}',
  'cli.plan.platform': 'dann die Verarbeitung auf der Plattform: {time}',
  'cli.plan.duration': '  Erwartete Dauer: {duration}.',
  'cli.plan.durationParts': '  Erwartete Dauer: {duration} ({parts}).',
  'cli.plan.durationUnknown':
    '  Erwartete Dauer: {duration} für Prüfen und Senden ({parts}); wie lange die Plattform danach braucht, ist für diese Verbindung noch nicht bekannt (das wird gemessen, während Aufträge laufen).',
  'cli.plan.durationNotKnown':
    '  Erwartete Dauer: noch nicht bekannt. Wie lange die Plattform braucht, ist für diese Verbindung noch nicht bekannt (das wird gemessen, während Aufträge laufen).',
  'cli.plan.under1s': 'unter 1 s',
  'cli.plan.about': 'etwa {time}',
  'cli.plan.measured':
    '  Das Tempo ist das, das dieser Auftrag bisher gehalten hat ({rate}/min): langsamer, als die Limits der Verbindung erlauben.',
  'cli.plan.measuredConnection':
    '  Das Tempo ist das, das die letzten Aufträge dieser Verbindung gehalten haben ({rate}/min): langsamer, als ihre Limits erlauben.',
  'cli.plan.shared.one':
    '  {count} anderer Auftrag läuft über diese Verbindung und teilt ihr Limit.',
  'cli.plan.shared.other':
    '  {count} andere Aufträge laufen über diese Verbindung und teilen ihr Limit.',
  'cli.plan.overlap.one':
    '  Warnung: Auftrag {job} „{name}“ ({state}) hält {count} dieser Lieferanten (gleiche Lieferanten-ID und Quelle), z. B. {examples}.',
  'cli.plan.overlap.other':
    '  Warnung: Auftrag {job} „{name}“ ({state}) hält {count} dieser Lieferanten (gleiche Lieferanten-ID und Quelle), z. B. {examples}.',
  'cli.plan.deactivated.one':
    '  Hinweis: Auftrag {job} „{name}“ hat am {date} {count} der Lieferanten deaktiviert, die dieser Auftrag anlegt (gleiche Lieferanten-ID und Quelle), z. B. {examples}; die Prüfung findet deaktivierte Lieferanten nicht, er wird neu angelegt.',
  'cli.plan.deactivated.other':
    '  Hinweis: Auftrag {job} „{name}“ hat am {date} {count} der Lieferanten deaktiviert, die dieser Auftrag anlegt (gleiche Lieferanten-ID und Quelle), z. B. {examples}; die Prüfung findet deaktivierte Lieferanten nicht, sie werden neu angelegt.',
  'cli.plan.matched.one': '  Der Lieferant, den er ändert, wie die Prüfung ihn gefunden hat:',
  'cli.plan.matched.other':
    '  Die {count} Lieferanten, die er ändert, wie die Prüfung sie gefunden hat:',
  'cli.plan.targets.one': '  Der zu deaktivierende Lieferant, wie die Prüfung ihn gefunden hat:',
  'cli.plan.targets.other':
    '  Die {count} zu deaktivierenden Lieferanten, wie die Prüfung sie gefunden hat:',
  'cli.plan.target': '    Zeile {row}: {name} ({place}), Plattform {platformId}',
  'cli.plan.targetsMore.one': '    … und {count} weiterer (die Ergebnisse nennen alle).',
  'cli.plan.targetsMore.other': '    … und {count} weitere (die Ergebnisse nennen alle).',
  'cli.plan.running': 'läuft',
  'cli.plan.sendHeld.one':
    '  --send-held: Diese {count} Zeile wird in diesem Auftrag ebenfalls gesendet; der Lieferant kann zwei Screenings oder Validierungen bekommen.',
  'cli.plan.sendHeld.other':
    '  --send-held: Diese {count} Zeilen werden in diesem Auftrag ebenfalls gesendet; die Lieferanten können zwei Screenings oder Validierungen bekommen.',
  'cli.plan.leaveHeld.one':
    '  Diese {count} Zeile bleibt außerhalb dieses Auftrags (übersprungen, der andere Auftrag steht in den Ergebnissen); mit --send-held wird sie trotzdem gesendet.',
  'cli.plan.leaveHeld.other':
    '  Diese {count} Zeilen bleiben außerhalb dieses Auftrags (übersprungen, der andere Auftrag steht in den Ergebnissen); mit --send-held werden sie trotzdem gesendet.',
  'cli.confirm.needs': 'Dieser Start {what}.',
  'cli.confirm.and': ' und ',
  'cli.confirm.paid': 'bestellt {what}, die Geld kosten können',
  'cli.confirm.screening.one':
    '{count} Screening für {years, plural, one {# Jahr} other {# Jahre}}',
  'cli.confirm.screening.other': '{count} Screenings für {years} Jahre',
  'cli.confirm.validation.one': '{count} Validierung',
  'cli.confirm.validation.other': '{count} Validierungen',
  'cli.confirm.held.one':
    'enthält {count} Lieferanten, an dem ein anderer unfertiger Auftrag arbeitet ({jobs})',
  'cli.confirm.held.other':
    'enthält {count} Lieferanten, an denen ein anderer unfertiger Auftrag arbeitet ({jobs})',
  'cli.confirm.refused':
    '{what} Es wurde nichts gesendet{cancelled}. Prüfen Sie die Zusammenfassung oben und führen Sie denselben Befehl dann mit --yes erneut aus, um sie zu bestätigen{held}.',
  'cli.confirm.cancelled': ' (Auftrag {job} wurde abgebrochen)',
  'cli.confirm.addSendHeld':
    ' (mit --send-held werden auch die Zeilen gesendet, die ein anderer Auftrag hält)',
  'cli.plan.identifierAdds.one':
    '  Höchstens {count} Kennung wird hinzugefügt (eine, die schon dort ist, wo ihre Zeile sie will, bleibt unberührt).',
  'cli.plan.identifierAdds.other':
    '  Höchstens {count} Kennungen werden hinzugefügt (die, die schon dort sind, wo ihre Zeilen sie wollen, bleiben unberührt).',
  'cli.plan.identifierRemovals.one':
    '  Höchstens {count} Kennung wird entfernt: Um sie zurückzubringen, braucht es wieder Typ, ID und Quelle.',
  'cli.plan.identifierRemovals.other':
    '  Höchstens {count} Kennungen werden entfernt: Um eine zurückzubringen, braucht es wieder Typ, ID und Quelle.',
  'cli.plan.removals.one':
    '  Die zu entfernende Kennung und ihr Lieferant, wie die Prüfung ihn gefunden hat:',
  'cli.plan.removals.other':
    '  Die {count} zu entfernenden Kennungen und ihre Lieferanten, wie die Prüfung sie gefunden hat:',
  'cli.plan.removal': '    Zeile {row}: {type} {id} von {name} ({place}), Plattform {platformId}',
  'cli.confirm.removeIds.one': 'entfernt {count} Kennung',
  'cli.confirm.removeIds.other': 'entfernt {count} Kennungen',
  'cli.confirm.askRemoveIds.one':
    '{count} Kennung entfernen? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.confirm.askRemoveIds.other':
    '{count} Kennungen entfernen? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.plan.deactivate.one': '  {count} Lieferant wird deaktiviert.',
  'cli.plan.deactivate.other': '  {count} Lieferanten werden deaktiviert.',
  'cli.plan.alreadyInactive.one':
    '  {count} Lieferant ist schon inaktiv (die Prüfung fand keinen aktiven): erledigt, für ihn wird nichts gesendet.',
  'cli.plan.alreadyInactive.other':
    '  {count} Lieferanten sind schon inaktiv (die Prüfung fand keine aktiven): erledigt, für sie wird nichts gesendet.',
  'cli.plan.undoOf':
    '  Dies macht Auftrag {job} rückgängig: nur die Lieferanten, die er angelegt hat, keinen, der vorher bestand.',
  'cli.plan.ambiguousNamed.one':
    '  {count} Zeile nennt mehrere Lieferanten: Sie bleibt unberührt (Kennung korrigieren, dann erneut versuchen).',
  'cli.plan.ambiguousNamed.other':
    '  {count} Zeilen nennen mehrere Lieferanten: Sie bleiben unberührt (Kennungen korrigieren, dann erneut versuchen).',
  'cli.plan.scores.one':
    '  {count} Zeile mit Bewertungen wird gesendet, in höchstens {batches} Paket (Zeilen eines Lieferanten teilen sich einen Eintrag).',
  'cli.plan.scores.other':
    '  {count} Zeilen mit Bewertungen werden gesendet, in höchstens {batches} Paketen (Zeilen eines Lieferanten teilen sich einen Eintrag).',
  'cli.confirm.deactivate.one': 'deaktiviert {count} Lieferanten',
  'cli.confirm.deactivate.other': 'deaktiviert {count} Lieferanten',
  'cli.confirm.askDeactivate.one':
    '{count} Lieferanten deaktivieren? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.confirm.askDeactivate.other':
    '{count} Lieferanten deaktivieren? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.confirm.askPaid.one':
    '{count} Screening oder Validierung bestellen, die Geld kosten kann? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.confirm.askPaid.other':
    '{count} Screenings und Validierungen bestellen, die Geld kosten können? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
  'cli.undo.made.one':
    'Auftrag {job} macht Auftrag {of} ({name}) rückgängig: {count} von ihm angelegter Lieferant wird deaktiviert.',
  'cli.undo.made.other':
    'Auftrag {job} macht Auftrag {of} ({name}) rückgängig: {count} von ihm angelegte Lieferanten werden deaktiviert.',
  'cli.help.action':
    'identifiers: was jede Zeile tut, wenn keine Spalte Aktion zugeordnet ist (Vorgabe: add)',
  'cli.help.undo':
    'genau die Lieferanten deaktivieren, die der Onboarding-Auftrag JOB angelegt hat (nie einen, den es vorher schon gab), bestätigt wie eine Deaktivierung',
  'cli.usage.operation': '--operation nimmt eines von {kinds}, nicht „{given}“.',
  'cli.usage.identifiersOwnOptions':
    '{options} kann nicht mit --operation identifiers verwendet werden: Das Hinzufügen oder Entfernen von Kennungen legt nichts an und bestellt nichts.',
  'cli.usage.action': '--action nimmt add oder remove, nicht „{given}“.',
  'cli.usage.actionWithoutIdentifiers':
    '--action sagt, was ein Kennungs-Auftrag mit der Kennung jeder Zeile tut: Verwenden Sie es mit --operation identifiers.',
  'cli.usage.undoAndFile':
    '--undo erstellt seinen Auftrag aus dem genannten Anlage-Auftrag: Geben Sie dazu keine Datei an (und kein --resume oder --retry-from).',
  'cli.usage.undoOwnOptions':
    '{options} kann nicht mit --undo oder --operation deactivate verwendet werden: Eine Deaktivierung legt nichts an und bestellt nichts.',
  'cli.confirm.ask': 'Starten?',
  'cli.confirm.defaultNo': '[j/N]',
  'cli.confirm.defaultYes': '[J/n]',
  'cli.confirm.leftOut.one':
    '{count} Zeile, die ein anderer Auftrag hält, wurde weggelassen; die Ergebnisse zeigen sie als übersprungen.',
  'cli.confirm.leftOut.other':
    '{count} Zeilen, die ein anderer Auftrag hält, wurden weggelassen; die Ergebnisse zeigen sie als übersprungen.',

  'cli.duplicates.none': 'Wahrscheinliche Dubletten: keine gefunden.',
  'cli.duplicates.possible':
    'Mögliche Dubletten: {count, plural, one {# Zeile} other {# Zeilen}}, in der Ergebnisspalte „Mögliche Dublette von“ mit ihren Gründen (sie warten auf keine Entscheidung).',
  'cli.duplicates.found': 'Wahrscheinliche Dubletten: {parts}.',
  'cli.duplicates.list':
    '{groups, plural, one {# Gruppe} other {# Gruppen}} innerhalb der Liste ({rows, plural, one {# Zeile} other {# Zeilen}})',
  'cli.duplicates.base':
    '{count, plural, one {# Zeile gleicht einem Lieferanten} other {# Zeilen gleichen Lieferanten}} der Plattform',
  'cli.duplicates.waiting':
    '{count, plural, one {# Zeile wartet} other {# Zeilen warten}} auf Ihre Entscheidung',
  'cli.duplicates.remembered':
    '{count, plural, one {# Zeile wurde} other {# Zeilen wurden}} in einem früheren Auftrag gegen dieselben Kandidaten entschieden und nicht erneut gefragt (die Spalte Dublettenentscheidung sagt wann und wo)',
  'cli.duplicates.decided':
    'entschieden: {keep, plural, one {# Zeile} other {# Zeilen}} behalten, {skip} ausgelassen, {attach} zugeordnet',
  'cli.duplicates.group': '  Gruppe {group}: Zeilen {rows} – {place}',
  'cli.duplicates.memberLikeBase':
    '    Zeile {row} gleicht dem Plattform-Lieferanten {platformId}: {base}',
  'cli.duplicates.likeBase':
    '  Zeile {row} – {place} – gleicht dem Plattform-Lieferanten {platformId}: {base}',
  'cli.duplicates.more':
    '  … und {count, plural, one {# weitere Gruppe} other {# weitere Gruppen}} (die Ergebnisse nennen jede Zeile in der Spalte Wahrscheinliche Dublette von).',
  'cli.duplicates.ask':
    'Entscheiden Sie für {count, plural, one {die wartende Zeile} other {die # wartenden Zeilen}}: keep (anlegen), skip (die erste Zeile jeder Gruppe behalten, die anderen und die Zeilen, die einem Plattform-Lieferanten gleichen, auslassen), attach (wie skip, aber die Zeilen, die einem Plattform-Lieferanten gleichen, ihm zuordnen) oder none (sie warten)? [keep/skip/attach/none]',
  'cli.duplicates.askAgain': 'Antworten Sie mit keep, skip, attach oder none.',
  'cli.duplicates.applied':
    'Entschieden ({choice}) für {count, plural, one {# Zeile} other {# Zeilen}}: {keep} behalten, {skip} ausgelassen, {attach} einem Lieferanten der Plattform zugeordnet.',
  'cli.duplicates.refused':
    '{count, plural, one {# Zeile wurde nicht entschieden: sie wartete nicht mehr} other {# Zeilen wurden nicht entschieden: sie warteten nicht mehr}}.',
  'cli.duplicates.waitingEnd':
    '{count, plural, one {# Zeile wartet als wahrscheinliche Dublette auf Ihre Entscheidung: sie wird erst angelegt, wenn Sie entscheiden} other {# Zeilen warten als wahrscheinliche Dubletten auf Ihre Entscheidung: sie werden erst angelegt, wenn Sie entscheiden}}. Entscheiden mit: npm run onboard -- {command} --duplicates keep|skip|attach (keep: anlegen; skip: die erste Zeile jeder Gruppe behalten, die anderen und die Zeilen, die einem Plattform-Lieferanten gleichen, auslassen; attach: wie skip, aber die Zeilen, die einem Plattform-Lieferanten gleichen, ihm zuordnen), oder Zeile für Zeile in der App.',
  'cli.plan.duplicatesRunning':
    '  Die Liste wird noch nach wahrscheinlichen Dubletten durchsucht; die Prüfung wartet darauf, und gefundene Zeilen werden erst angelegt, wenn Sie entscheiden.',
  'cli.plan.duplicatesPending':
    '  Die wahrscheinlichen Dubletten sind nicht aktuell (seitdem wurden Zeilen korrigiert, oder die Suche wurde nicht beendet); die Prüfung durchsucht die Liste zuerst erneut, und gefundene Zeilen werden erst angelegt, wenn Sie entscheiden.',
  'cli.plan.duplicatesWaiting':
    '  {count, plural, one {# Zeile wartet als wahrscheinliche Dublette auf Ihre Entscheidung: sie wird nicht angelegt} other {# Zeilen warten als wahrscheinliche Dubletten auf Ihre Entscheidung: sie werden nicht angelegt}} (--duplicates keep|skip|attach entscheidet).',
  'cli.plan.duplicatesKept':
    '  {count, plural, one {# wahrscheinliche Dublette wird trotzdem angelegt} other {# wahrscheinliche Dubletten werden trotzdem angelegt}}, wie Sie entschieden haben.',
  'cli.plan.duplicatesLeftOut':
    '  {count, plural, one {# wahrscheinliche Dublette wird ausgelassen: sie wird} other {# wahrscheinliche Dubletten werden ausgelassen: sie werden}} nicht angelegt.',
  'cli.plan.duplicatesAttached':
    '  {count, plural, one {# Zeile wird dem Lieferanten der Plattform zugeordnet, der sie wahrscheinlich ist: ihre Kennungen kommen dorthin, statt sie anzulegen} other {# Zeilen werden den Lieferanten der Plattform zugeordnet, die sie wahrscheinlich sind: ihre Kennungen kommen dorthin, statt sie anzulegen}}.',
  'cli.plan.duplicatesSaved':
    '  Ihre Entscheidungen sparen {screenings, plural, one {# bezahltes Screening} other {# bezahlte Screenings}} und {validations, plural, one {# Validierung} other {# Validierungen}}, die die ausgelassenen oder zugeordneten Zeilen als neue Lieferanten bestellt hätten.',
  'cli.plan.duplicatesSavedScreenings':
    '  Ihre Entscheidungen sparen {screenings, plural, one {# bezahltes Screening} other {# bezahlte Screenings}}, die die ausgelassenen oder zugeordneten Zeilen als neue Lieferanten bestellt hätten.',
  'cli.plan.duplicatesSavedValidations':
    '  Ihre Entscheidungen sparen {validations, plural, one {# bezahlte Validierung} other {# bezahlte Validierungen}}, die die ausgelassenen oder zugeordneten Zeilen als neue Lieferanten bestellt hätten.',
  'cli.count.checking': 'Prüfung',
  'cli.count.queued': 'wartend',
  'cli.count.sending': 'wird gesendet',
  'cli.count.inDoubt': 'ungewiss',
  'cli.count.pending': 'in Bearbeitung',
  'cli.count.screening': 'Screening',
  'cli.count.validation': 'Validierung',
  'cli.count.done': 'erledigt',
  'cli.count.toFix': 'zu korrigieren',
  'cli.count.leftOut': 'ausgelassen',
  'cli.count.notSent': 'nicht gesendet',
  'cli.count.findings': 'Treffer zu prüfen',
  'cli.count.platform': 'auf der Plattform abgelehnt oder abgebrochen',
  'cli.count.review': 'Status zu prüfen',
  'cli.progress.throttled': 'gedrosselt {time}',
  'cli.progress.writes': 'Schreibzugriffe {sent}/{ceiling} je {window} s',
  'cli.progress.eta': 'noch etwa {time}',
  'cli.progress.etaSending': 'Senden noch etwa {time}, danach die Plattform: noch unbekannt',
  'cli.progress.offline': 'wartet auf Netzwerk',
  'cli.base.seeHelp': '„npm run onboard -- --export-suppliers --help“ zeigt die Optionen.',
  'cli.base.exportAndDrift':
    'Verwenden Sie nur eine der Optionen --export-suppliers, --drift und --audit-duplicates.',
  'cli.base.audited':
    '{suppliers, plural, one {# aktiver Lieferant} other {# aktive Lieferanten}} verglichen: {groups, plural, one {# Gruppe} other {# Gruppen}} wahrscheinlicher Dubletten, {inGroups, plural, one {# Lieferant} other {# Lieferanten}} darin, {toDeactivate} über den ersten jeder Gruppe hinaus (Blatt „Zu deaktivieren“). Geschrieben nach {out}.',
  'cli.base.exportXlsx': '--export-suppliers muss eine .xlsx-Datei nennen.',
  'cli.base.auditXlsx': '--audit-duplicates muss eine .xlsx-Datei nennen.',
  'cli.base.driftFile': '--drift nimmt eine Lieferantenliste: eine .xlsx-, .csv- oder .txt-Datei.',
  'cli.base.outWithExport': '--out gehört zu --drift; --export-suppliers nennt seine Datei selbst.',
  'cli.base.outXlsx': '--out muss eine .xlsx-Datei nennen.',
  'cli.base.pageSize': '--page-size nimmt eine ganze Zahl von Lieferanten.',
  'cli.base.stopping':
    'Halte nach der Seite an, die gerade gelesen wird … (Strg-C noch einmal hält sofort an)',
  'cli.base.progress':
    'Seiten {pages}/{totalPages} · Lieferanten {suppliers}/{total} · {rate} Lesezugriffe/min · noch {left}',
  'cli.base.continuing':
    'Der Export von {file} wird fortgesetzt: {pages, plural, one {# Seite} other {# Seiten}} ({suppliers, plural, one {# Lieferant} other {# Lieferanten}}) {pages, plural, one {war} other {waren}} schon gelesen.',
  'cli.base.exported':
    '{suppliers, plural, one {# Lieferant} other {# Lieferanten}} der Verbindung „{connection}“ nach {out} exportiert.',
  'cli.base.exportedChanged':
    '{suppliers, plural, one {# Lieferant} other {# Lieferanten}} der Verbindung „{connection}“ nach {out} exportiert (die Liste hat sich während des Exports geändert: siehe das Blatt Übersicht).',
  'cli.base.stoppedExport':
    'Nach {pages, plural, one {# Seite} other {# Seiten}} der Verbindung „{connection}“ angehalten. Führen Sie denselben Befehl erneut aus, um fortzufahren.',
  'cli.base.stoppedDrift':
    'Beim Lesen des Lieferantenbestands der Verbindung „{connection}“ angehalten. Führen Sie denselben Befehl erneut aus, um fortzufahren.',
  'cli.base.wroteDrift':
    'Der Abweichungsbericht wurde geschrieben: {path} (verglichen mit der Verbindung „{connection}“).',
};
