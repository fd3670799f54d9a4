// Likely duplicates (issue 30) on the screens: the tiles of Review and Check, the panel of
// groups side by side with their reasons and decisions, its keys, and the lines of the summary
// before a start. A reason is worded from its code and values (`dup.reason.<code>`,
// src-shared/duplicates.ts); `{a}` and `{b}` are the two records' values, `{similarity}` a
// percentage the caller formats.
export const en = {
  // ---- the tiles (Review: within the list; Check: also against the platform's suppliers)
  'dup.tile.title': 'Likely duplicates',
  'dup.tile.list':
    '{groups, plural, one {# group} other {# groups}} within the list, {rows, plural, one {# row} other {# rows}}',
  'dup.tile.base':
    '{n, plural, one {# row looks} other {# rows look}} like a supplier the platform has',
  'dup.tile.waiting': '{n, plural, one {# row waits} other {# rows wait}} for your decision',
  'dup.tile.possible':
    'Possible duplicates: {n, plural, one {# row} other {# rows}} (listed in the results, no decision needed)',
  'dup.tile.decided': 'Decided: {keep} kept, {skip} left out, {attach} attached',
  'dup.tile.running': 'Looking through the list for likely duplicates…',
  'dup.tile.pending':
    'Not up to date (rows were fixed since, or the search did not finish): the list is looked through again when the check starts.',
  'dup.tile.open': 'Show the groups',
  'dup.tile.close': 'Hide the groups',

  // ---- the panel
  'dup.panel.title': 'Likely duplicates',
  'dup.panel.intro':
    'Rows that are likely the same supplier site: within the list, or a supplier the platform has already. A row that would be created waits until you decide: keep it, leave it out, or attach its ids to the platform’s supplier instead.',
  'dup.panel.label': 'Groups of likely duplicates',
  'dup.panel.show': 'Show',
  'dup.filter.all': 'All groups',
  'dup.filter.list': 'Within the list',
  'dup.filter.base': 'Like suppliers of the platform',
  'dup.panel.empty': 'No likely duplicates to show.',
  'dup.panel.position': 'Group {n} of {total}',
  'dup.pager.previous': 'Previous groups',
  'dup.pager.next': 'Next groups',
  'dup.pager.range': 'Groups {from} to {to} of {total}',
  'dup.applied': '{n, plural, one {# decision saved} other {# decisions saved}}.',
  'dup.refused.not_a_duplicate': 'Row {row} is no longer a likely duplicate.',
  'dup.refused.already_sent': 'Row {row}: something was sent for it already, so it stays as it is.',
  'dup.refused.not_a_candidate':
    'Row {row}: that supplier is not one the check found for it. Choose one of those shown.',
  'dup.refused.not_checked':
    'Row {row} can be attached only after the identifier check. Run the check first.',
  'dup.noDecision': 'Nothing of this group can be decided any more: it was sent.',

  // ---- the keys
  'dup.keys.title': 'Keys',
  'dup.keys.next': 'next group',
  'dup.keys.previous': 'previous group',
  'dup.keys.keepAll': 'keep all',
  'dup.keys.keepFirst': 'keep the first row, leave out the others',
  'dup.keys.create': 'create anyway',
  'dup.keys.skip': 'leave out',
  'dup.keys.attach': 'attach to the best platform supplier',

  // ---- a group
  'dup.group.list':
    'Group {id}: {n, plural, one {# row} other {# rows}} of the list, likely one supplier site',
  'dup.group.base': 'Group {id}: row {row}, likely a supplier the platform has',
  'dup.group.waiting': '{n, plural, one {# row waits} other {# rows wait}} for your decision',
  'dup.group.decided': 'Decided',
  'dup.col.row': 'Row',
  'dup.col.name': 'Name',
  'dup.col.street': 'Street',
  'dup.col.postalCode': 'Postal code',
  'dup.col.city': 'City',
  'dup.col.country': 'Country',
  'dup.col.supplierId': 'Supplier ID',
  'dup.col.state': 'State',
  'dup.col.decide': 'Decide',
  'dup.row': 'Row {row}',
  'dup.platform': 'Platform supplier {id}',
  'dup.pair': 'Row {a} and row {b}',
  'dup.pairBase': 'Row {row} and platform supplier {id}',
  'dup.score': 'score {score}',
  'dup.reasons': 'Why',

  // ---- decisions
  'dup.decision.none': 'Not decided',
  'dup.decision.waiting': 'Waits for your decision',
  'dup.decision.keep': 'Kept',
  'dup.decision.skip': 'Left out',
  'dup.decision.attach': 'Attached to platform supplier {id}',
  'dup.remembered': 'Decided on {at} in the job "{jobName}", not asked again.',
  'dup.askAgain': 'Ask me again',
  'dup.askAgainLabel': 'Ask again about row {row}: forget the decision from the job "{jobName}"',
  'dup.askedAgain':
    '{count, plural, one {# row waits} other {# rows wait}} for your decision again; the remembered decision is forgotten.',
  'dup.locked': 'Sent: can no longer be changed',
  'dup.keepAll': 'Keep all',
  'dup.keepFirst': 'Keep only row {row}',
  'dup.keep': 'Keep',
  'dup.keepRow': 'Keep row {row}',
  'dup.skip': 'Leave out',
  'dup.skipRow': 'Leave out row {row}',
  'dup.create': 'Create anyway',
  'dup.attach': 'Attach to platform supplier {id}',
  'dup.attachRow': 'Attach to platform supplier {id}: row {row}',

  // ---- why (a pair's reasons, from src-main/dedupe)
  'dup.reason.name_equal': 'name equal',
  'dup.reason.name_equal_after_legal_form': 'name equal after legal form ({a} / {b})',
  'dup.reason.name_same_words': 'name of the same words',
  'dup.reason.name_similar': 'name similar ({similarity})',
  'dup.reason.name_different': 'name different ({similarity} alike)',
  'dup.reason.legal_form_differs': 'another legal form ({a} / {b})',
  'dup.reason.same_postal_code': 'same postal code',
  'dup.reason.different_postal_code': 'another postal code (‘{a}’ / ‘{b}’)',
  'dup.reason.postal_code_missing': 'postal code missing',
  'dup.reason.same_city': 'same city',
  'dup.reason.different_city': 'another city (‘{a}’ / ‘{b}’)',
  'dup.reason.city_missing': 'city missing',
  'dup.reason.street_equal': 'street ‘{a}’ = ‘{b}’',
  'dup.reason.street_similar': 'street ‘{a}’ ≈ ‘{b}’ ({similarity})',
  'dup.reason.same_street_other_number': 'same street, another house number (‘{a}’ / ‘{b}’)',
  'dup.reason.different_street': 'another street (‘{a}’ / ‘{b}’)',
  'dup.reason.street_missing': 'street missing',
  'dup.reason.same_registration': 'same {kind} (‘{a}’ / ‘{b}’)',
  'dup.reason.different_registration': 'another {kind} (‘{a}’ / ‘{b}’): two companies',
  'dup.reason.same_phone': 'same phone number (‘{a}’ / ‘{b}’)',
  'dup.reason.none': 'none',

  // ---- the summary before a start (jobs:plan's duplicates)
  'dup.plan.base':
    '{n, plural, one {# row looks} other {# rows look}} like a supplier the platform has.',
  'dup.plan.list':
    '{rows, plural, one {# row looks} other {# rows look}} like other rows of the list ({groups, plural, one {# group} other {# groups}}).',
  'dup.plan.undecided':
    '{n, plural, one {# row waits for your decision and is} other {# rows wait for your decision and are}} not created until you decide.',
  'dup.plan.keep': 'Kept: {n, plural, one {# row is} other {# rows are}} created anyway.',
  'dup.plan.skip': 'Left out: {n, plural, one {# row is} other {# rows are}} not created.',
  'dup.plan.attach':
    'Attached: {n, plural, one {# row goes} other {# rows go}} to a supplier the platform has (its ids are added there); nothing is created for {n, plural, one {it} other {them}}.',
  'dup.plan.saved':
    'Your decisions save {screenings, plural, one {# screening} other {# screenings}} and {validations, plural, one {# validation} other {# validations}}: paid work that would otherwise be ordered.',
  'dup.plan.decide': 'Decide them now',
  'dup.plan.running':
    'The list is still being looked through for likely duplicates. The check waits for it: rows found wait for your decision and nothing is created for them until you decide.',
  'dup.plan.pending':
    'The likely duplicates are not up to date: rows were fixed since the list was looked through, or the search did not finish. The check looks through it first: rows found wait for your decision and nothing is created for them until you decide.',
  'find.open': 'Find on the platform…',
  'find.title': 'Find row {row} on the platform',
  'find.help':
    "Search the platform's active suppliers by name, city, postal code or id. Enter searches; ↓ and ↑ move through the suppliers found; Enter attaches the row to the one chosen; Escape closes.",
  'find.name': 'Name',
  'find.city': 'City',
  'find.postalCode': 'Postal code',
  'find.id': 'Platform id or supplier id',
  'find.fresh': 'Read the list from the platform again',
  'find.search': 'Search',
  'find.searching': 'Searching…',
  'find.results':
    '{matches, plural, =0 {No supplier found} one {# supplier found} other {# suppliers found}} among {size, plural, one {# active supplier} other {# active suppliers}} (list read {at}).',
  'find.more':
    '{shown, plural, one {Showing the best one} other {Showing the best #}}: add a city or postal code to narrow the search.',
  'find.attach': 'Attach',
  'find.attachLabel': 'Attach row {row} to {name} ({platformId})',
  'find.attaching': 'Attaching…',
  'find.attached':
    'Row {row} is attached to {name} ({platformId}): its ids go there when the job runs, nothing is created. The decision is remembered for later lists of this connection.',
  'find.ids': 'Ids: {ids}',
  'find.noIds': 'no supplier ids',
} as const;

export const de: Record<keyof typeof en, string> = {
  'dup.tile.title': 'Wahrscheinliche Dubletten',
  'dup.tile.list':
    '{groups, plural, one {# Gruppe} other {# Gruppen}} in der Liste, {rows, plural, one {# Zeile} other {# Zeilen}}',
  'dup.tile.base':
    '{n, plural, one {# Zeile gleicht} other {# Zeilen gleichen}} einem Lieferanten der Plattform',
  'dup.tile.waiting':
    '{n, plural, one {# Zeile wartet} other {# Zeilen warten}} auf Ihre Entscheidung',
  'dup.tile.possible':
    'Mögliche Dubletten: {n, plural, one {# Zeile} other {# Zeilen}} (in den Ergebnissen aufgeführt, keine Entscheidung nötig)',
  'dup.tile.decided': 'Entschieden: {keep} behalten, {skip} ausgelassen, {attach} angehängt',
  'dup.tile.running': 'Die Liste wird nach wahrscheinlichen Dubletten durchsucht …',
  'dup.tile.pending':
    'Nicht aktuell (seitdem wurden Zeilen korrigiert, oder die Suche wurde nicht beendet): Die Liste wird beim Start der Prüfung erneut durchsucht.',
  'dup.tile.open': 'Gruppen zeigen',
  'dup.tile.close': 'Gruppen ausblenden',

  'dup.panel.title': 'Wahrscheinliche Dubletten',
  'dup.panel.intro':
    'Zeilen, die wahrscheinlich derselbe Lieferantenstandort sind: innerhalb der Liste oder ein Lieferant, den die Plattform schon hat. Eine Zeile, die angelegt würde, wartet auf Ihre Entscheidung: behalten, auslassen oder ihre Kennungen stattdessen an den Lieferanten der Plattform anhängen.',
  'dup.panel.label': 'Gruppen wahrscheinlicher Dubletten',
  'dup.panel.show': 'Zeigen',
  'dup.filter.all': 'Alle Gruppen',
  'dup.filter.list': 'Innerhalb der Liste',
  'dup.filter.base': 'Wie Lieferanten der Plattform',
  'dup.panel.empty': 'Keine wahrscheinlichen Dubletten zu zeigen.',
  'dup.panel.position': 'Gruppe {n} von {total}',
  'dup.pager.previous': 'Vorige Gruppen',
  'dup.pager.next': 'Nächste Gruppen',
  'dup.pager.range': 'Gruppen {from} bis {to} von {total}',
  'dup.applied':
    '{n, plural, one {# Entscheidung gespeichert} other {# Entscheidungen gespeichert}}.',
  'dup.refused.not_a_duplicate': 'Zeile {row} ist keine wahrscheinliche Dublette mehr.',
  'dup.refused.already_sent':
    'Zeile {row}: Für sie wurde schon etwas gesendet, sie bleibt, wie sie ist.',
  'dup.refused.not_a_candidate':
    'Zeile {row}: Diesen Lieferanten hat der Abgleich für sie nicht gefunden. Wählen Sie einen der gezeigten.',
  'dup.refused.not_checked':
    'Zeile {row} kann erst nach dem Abgleich der Kennungen angehängt werden. Starten Sie zuerst den Abgleich.',
  'dup.noDecision': 'In dieser Gruppe ist nichts mehr zu entscheiden: Sie wurde gesendet.',

  'dup.keys.title': 'Tasten',
  'dup.keys.next': 'nächste Gruppe',
  'dup.keys.previous': 'vorige Gruppe',
  'dup.keys.keepAll': 'alle behalten',
  'dup.keys.keepFirst': 'erste Zeile behalten, die anderen auslassen',
  'dup.keys.create': 'trotzdem anlegen',
  'dup.keys.skip': 'auslassen',
  'dup.keys.attach': 'an den besten Lieferanten der Plattform anhängen',

  'dup.group.list':
    'Gruppe {id}: {n, plural, one {# Zeile} other {# Zeilen}} der Liste, wahrscheinlich ein Lieferantenstandort',
  'dup.group.base': 'Gruppe {id}: Zeile {row}, wahrscheinlich ein Lieferant der Plattform',
  'dup.group.waiting':
    '{n, plural, one {# Zeile wartet} other {# Zeilen warten}} auf Ihre Entscheidung',
  'dup.group.decided': 'Entschieden',
  'dup.col.row': 'Zeile',
  'dup.col.name': 'Name',
  'dup.col.street': 'Straße',
  'dup.col.postalCode': 'Postleitzahl',
  'dup.col.city': 'Ort',
  'dup.col.country': 'Land',
  'dup.col.supplierId': 'Lieferanten-ID',
  'dup.col.state': 'Zustand',
  'dup.col.decide': 'Entscheiden',
  'dup.row': 'Zeile {row}',
  'dup.platform': 'Plattform-Lieferant {id}',
  'dup.pair': 'Zeile {a} und Zeile {b}',
  'dup.pairBase': 'Zeile {row} und Plattform-Lieferant {id}',
  'dup.score': 'Übereinstimmung {score}',
  'dup.reasons': 'Warum',

  'dup.decision.none': 'Nicht entschieden',
  'dup.decision.waiting': 'Wartet auf Ihre Entscheidung',
  'dup.decision.keep': 'Behalten',
  'dup.decision.skip': 'Ausgelassen',
  'dup.decision.attach': 'An Plattform-Lieferant {id} angehängt',
  'dup.remembered': 'Entschieden am {at} im Auftrag „{jobName}“, nicht erneut gefragt.',
  'dup.askAgain': 'Erneut fragen',
  'dup.askAgainLabel':
    'Zu Zeile {row} erneut fragen: die Entscheidung aus dem Auftrag „{jobName}“ vergessen',
  'dup.askedAgain':
    '{count, plural, one {# Zeile wartet} other {# Zeilen warten}} wieder auf Ihre Entscheidung; die gemerkte Entscheidung ist vergessen.',
  'dup.locked': 'Gesendet: nicht mehr änderbar',
  'dup.keepAll': 'Alle behalten',
  'dup.keepFirst': 'Nur Zeile {row} behalten',
  'dup.keep': 'Behalten',
  'dup.keepRow': 'Behalten: Zeile {row}',
  'dup.skip': 'Auslassen',
  'dup.skipRow': 'Auslassen: Zeile {row}',
  'dup.create': 'Trotzdem anlegen',
  'dup.attach': 'An Plattform-Lieferant {id} anhängen',
  'dup.attachRow': 'An Plattform-Lieferant {id} anhängen: Zeile {row}',

  'dup.reason.name_equal': 'Name gleich',
  'dup.reason.name_equal_after_legal_form': 'Name gleich bis auf die Rechtsform ({a} / {b})',
  'dup.reason.name_same_words': 'Name aus denselben Wörtern',
  'dup.reason.name_similar': 'Name ähnlich ({similarity})',
  'dup.reason.name_different': 'Name verschieden ({similarity} Übereinstimmung)',
  'dup.reason.legal_form_differs': 'andere Rechtsform ({a} / {b})',
  'dup.reason.same_postal_code': 'gleiche Postleitzahl',
  'dup.reason.different_postal_code': 'andere Postleitzahl („{a}“ / „{b}“)',
  'dup.reason.postal_code_missing': 'Postleitzahl fehlt',
  'dup.reason.same_city': 'gleicher Ort',
  'dup.reason.different_city': 'anderer Ort („{a}“ / „{b}“)',
  'dup.reason.city_missing': 'Ort fehlt',
  'dup.reason.street_equal': 'Straße „{a}“ = „{b}“',
  'dup.reason.street_similar': 'Straße „{a}“ ≈ „{b}“ ({similarity})',
  'dup.reason.same_street_other_number': 'gleiche Straße, andere Hausnummer („{a}“ / „{b}“)',
  'dup.reason.different_street': 'andere Straße („{a}“ / „{b}“)',
  'dup.reason.street_missing': 'Straße fehlt',
  'dup.reason.same_registration': 'gleiche {kind} („{a}“ / „{b}“)',
  'dup.reason.different_registration': 'andere {kind} („{a}“ / „{b}“): zwei Unternehmen',
  'dup.reason.same_phone': 'gleiche Telefonnummer („{a}“ / „{b}“)',
  'dup.reason.none': 'keine',

  'dup.plan.base':
    '{n, plural, one {# Zeile gleicht} other {# Zeilen gleichen}} einem Lieferanten der Plattform.',
  'dup.plan.list':
    '{rows, plural, one {# Zeile gleicht} other {# Zeilen gleichen}} anderen Zeilen der Liste ({groups, plural, one {# Gruppe} other {# Gruppen}}).',
  'dup.plan.undecided':
    '{n, plural, one {# Zeile wartet auf Ihre Entscheidung und wird} other {# Zeilen warten auf Ihre Entscheidung und werden}} erst angelegt, wenn Sie entschieden haben.',
  'dup.plan.keep':
    'Behalten: {n, plural, one {# Zeile wird} other {# Zeilen werden}} trotzdem angelegt.',
  'dup.plan.skip':
    'Ausgelassen: {n, plural, one {# Zeile wird} other {# Zeilen werden}} nicht angelegt.',
  'dup.plan.attach':
    'Angehängt: {n, plural, one {# Zeile geht} other {# Zeilen gehen}} an einen Lieferanten der Plattform (ihre Kennungen kommen dorthin); angelegt wird dafür nichts.',
  'dup.plan.saved':
    'Ihre Entscheidungen sparen {screenings, plural, one {# Screening} other {# Screenings}} und {validations, plural, one {# Validierung} other {# Validierungen}}, die sonst bestellt würden.',
  'dup.plan.decide': 'Jetzt entscheiden',
  'dup.plan.running':
    'Die Liste wird noch nach wahrscheinlichen Dubletten durchsucht. Die Prüfung wartet darauf: Gefundene Zeilen warten auf Ihre Entscheidung, und für sie wird nichts angelegt, bis Sie entscheiden.',
  'dup.plan.pending':
    'Die wahrscheinlichen Dubletten sind nicht aktuell: Seit der Suche wurden Zeilen korrigiert, oder die Suche wurde nicht beendet. Die Prüfung durchsucht die Liste zuerst: Gefundene Zeilen warten auf Ihre Entscheidung, und für sie wird nichts angelegt, bis Sie entscheiden.',
  'find.open': 'Auf der Plattform suchen…',
  'find.title': 'Zeile {row} auf der Plattform suchen',
  'find.help':
    'Durchsuchen Sie die aktiven Lieferanten der Plattform nach Name, Ort, Postleitzahl oder ID. Enter sucht; ↓ und ↑ wechseln zwischen den gefundenen Lieferanten; Enter ordnet die Zeile dem gewählten zu; Escape schließt.',
  'find.name': 'Name',
  'find.city': 'Ort',
  'find.postalCode': 'Postleitzahl',
  'find.id': 'Plattform-ID oder Lieferanten-ID',
  'find.fresh': 'Liste erneut von der Plattform lesen',
  'find.search': 'Suchen',
  'find.searching': 'Suche läuft…',
  'find.results':
    '{matches, plural, =0 {Kein Lieferant gefunden} one {# Lieferant gefunden} other {# Lieferanten gefunden}} unter {size, plural, one {# aktiven Lieferanten} other {# aktiven Lieferanten}} (Liste gelesen {at}).',
  'find.more':
    '{shown, plural, one {Der beste wird} other {Die besten # werden}} gezeigt: Geben Sie Ort oder Postleitzahl an, um die Suche einzugrenzen.',
  'find.attach': 'Zuordnen',
  'find.attachLabel': 'Zeile {row} {name} ({platformId}) zuordnen',
  'find.attaching': 'Wird zugeordnet…',
  'find.attached':
    'Zeile {row} ist {name} ({platformId}) zugeordnet: Ihre Kennungen werden beim Lauf des Auftrags dort angehängt, angelegt wird nichts. Die Entscheidung wird für spätere Listen dieser Verbindung gemerkt.',
  'find.ids': 'IDs: {ids}',
  'find.noIds': 'keine Lieferanten-IDs',
};
