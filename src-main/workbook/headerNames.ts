// Header names procurement lists use for each payload field, in English, German and French.
// Stored in normalised form (see `normaliseHeader`).
import type { MappableField } from './types';

/** Lower case, umlauts spelled out, accents and punctuation removed, spaces collapsed:
 *  `Lieferanten-Nr.` → `lieferanten nr`, `Straße` → `strasse`. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const HEADER_NAMES: Record<MappableField, readonly string[]> = {
  name: [
    'name',
    'supplier name',
    'suppliername',
    'supplier',
    'vendor name',
    'vendor',
    'company',
    'company name',
    'name 1',
    'name1',
    'lieferant',
    'lieferantenname',
    'lieferanten name',
    'firma',
    'firmenname',
    'unternehmen',
    'kreditorname',
    'kreditor name',
    'bezeichnung',
    'nom',
    'fournisseur',
    'raison sociale',
    'nom du fournisseur',
  ],
  countryCode: [
    'country',
    'country code',
    'countrycode',
    'country iso',
    'iso country',
    'land',
    'laendercode',
    'laenderkennzeichen',
    'landeskennzeichen',
    'lkz',
    'staat',
    'pays',
    'code pays',
  ],
  city: ['city', 'town', 'locality', 'ort', 'stadt', 'wohnort', 'sitz', 'ville', 'localite'],
  address: [
    'address',
    'street',
    'street address',
    'address line',
    'address line 1',
    'addressline',
    'addressline1',
    'street and number',
    'strasse',
    'strasse und hausnummer',
    'strasse hausnummer',
    'strasse hausnr',
    'anschrift',
    'adresse',
    'rue',
  ],
  postalCode: [
    'postal code',
    'postalcode',
    'postcode',
    'post code',
    'zip',
    'zip code',
    'zipcode',
    'plz',
    'postleitzahl',
    'code postal',
    'cp',
  ],
  'supplierId.id': [
    'supplier id',
    'supplierid',
    'supplierid id',
    'supplier no',
    'supplier nr',
    'supplier number',
    'supplier code',
    'vendor id',
    'vendor no',
    'vendor number',
    'lieferanten nr',
    'lieferantennr',
    'lieferantennummer',
    'lieferanten nummer',
    'lieferanten id',
    'lief nr',
    'kreditor',
    'kreditor nr',
    'kreditornummer',
    'kreditorennummer',
    'numero fournisseur',
    'no fournisseur',
    'id fournisseur',
  ],
  'supplierId.source': [
    'source',
    'quelle source',
    'supplierid source',
    'source system',
    'system',
    'quelle',
    'quellsystem',
    'herkunft',
    'erp',
    'erp system',
    'systeme source',
  ],
  industries: [
    'industry',
    'industries',
    'sector',
    'sectors',
    'branche',
    'branchen',
    'sektor',
    'secteur',
  ],
  screeningPeriodInYears: [
    'screening period',
    'screening period in years',
    'screeningperiodinyears',
    'screening years',
    'screening period years',
    'screening zeitraum',
    'screeningzeitraum',
    'pruefzeitraum',
    'screening jahre',
  ],
  requestValidationOnCreate: [
    'request validation',
    'request validation on create',
    'requestvalidationoncreate',
    'validation requested',
    'validate',
    'validierung',
    'validierung anfordern',
    'validieren',
  ],
  customerId: [
    'customer id',
    'customerid',
    'customer no',
    'customer number',
    'kundennummer',
    'kunden nr',
    'kundennr',
    'debitor',
    'debitorennummer',
    'numero client',
  ],
  ownId: [
    'own id',
    'ownid',
    'internal id',
    'interne id',
    'eigene id',
    'interne nummer',
    'referenz',
    'reference',
  ],
};

const exact = new Map<string, MappableField>();
for (const [field, names] of Object.entries(HEADER_NAMES) as [MappableField, string[]][]) {
  for (const n of names) {
    exact.set(n, field);
    exact.set(n.replace(/ /g, ''), field);
  }
}

/** The field whose known header name this is, exactly (after normalising). */
export function knownHeaderField(header: string): MappableField | undefined {
  const n = normaliseHeader(header);
  return exact.get(n) ?? exact.get(n.replace(/ /g, ''));
}
