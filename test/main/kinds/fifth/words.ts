// The fifth kind's words, English and German (registered with the kind: src-shared/i18n
// addWords).
export const WORDS = {
  en: {
    'kind.addresses': 'Update addresses',
    'kind.addresses.help': 'Each row names a supplier by any of its ids and gives its new address.',
    'plan.addressChanges':
      '{n, plural, one {# supplier’s address} other {# suppliers’ addresses}} will be changed on the platform.',
    'cli.plan.addresses.one': '  {count} supplier’s address will be changed.',
    'cli.plan.addresses.other': '  {count} suppliers’ addresses will be changed.',
    'cli.confirm.addresses.one': 'changes the address of {count} supplier',
    'cli.confirm.addresses.other': 'changes the addresses of {count} suppliers',
    'cli.confirm.askAddresses.one':
      'Change the address of {count} supplier? Type {typed} to confirm (anything else stops here):',
    'cli.confirm.askAddresses.other':
      'Change the addresses of {count} suppliers? Type {typed} to confirm (anything else stops here):',
    'rowState.address_queued': 'Address change queued',
    'rowState.address_sending': 'Changing the address',
    'rowState.address_in_doubt': 'Address change unconfirmed (checking)',
    'failure.api_row_rejected.address': 'The platform refused the address: {detail}',
    'failure.api_maybe_processed.address_cap':
      'The address was sent {attempts} times without a confirmed answer; check it on the platform.',
  },
  de: {
    'kind.addresses': 'Adressen ändern',
    'kind.addresses.help':
      'Jede Zeile nennt einen Lieferanten über eine seiner Kennungen und gibt seine neue Adresse an.',
    'plan.addressChanges':
      '{n, plural, one {Die Adresse von # Lieferanten wird} other {Die Adressen von # Lieferanten werden}} auf der Plattform geändert.',
    'cli.plan.addresses.one': '  Die Adresse von {count} Lieferanten wird geändert.',
    'cli.plan.addresses.other': '  Die Adressen von {count} Lieferanten werden geändert.',
    'cli.confirm.addresses.one': 'ändert die Adresse von {count} Lieferanten',
    'cli.confirm.addresses.other': 'ändert die Adressen von {count} Lieferanten',
    'cli.confirm.askAddresses.one':
      'Die Adresse von {count} Lieferanten ändern? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
    'cli.confirm.askAddresses.other':
      'Die Adressen von {count} Lieferanten ändern? Geben Sie zur Bestätigung {typed} ein (alles andere bricht hier ab):',
    'rowState.address_queued': 'Adressänderung wartet',
    'rowState.address_sending': 'Adresse wird geändert',
    'rowState.address_in_doubt': 'Adressänderung unbestätigt (wird geprüft)',
    'failure.api_row_rejected.address': 'Die Plattform hat die Adresse abgelehnt: {detail}',
    'failure.api_maybe_processed.address_cap':
      'Die Adresse wurde {attempts}-mal ohne bestätigte Antwort gesendet; prüfen Sie sie auf der Plattform.',
  },
};
