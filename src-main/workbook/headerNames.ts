// Header names supplier lists use for each payload field: English, German, French, Spanish,
// Italian, Dutch, Polish and Portuguese words, and the column names of the common ERP and
// procurement exports (SAP vendor lists with their LFA1 field names, Oracle, Microsoft Dynamics
// and Business Central, Coupa, Ariba). Stored in normalised form (see `normaliseHeader`).
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

/** Names that say the field, matched whole, and (from three letters) inside longer names. */
export const HEADER_NAMES: Record<MappableField, readonly string[]> = {
  name: [
    'name',
    'supplier name',
    'suppliername',
    'vendor name',
    'company',
    'company name',
    'name 1',
    'name1', // SAP LFA1-NAME1
    'vendororganizationname', // Dynamics 365 vendors entity
    'lieferantenname',
    'lieferanten name',
    'firma',
    'firmenname',
    'unternehmen',
    'kreditorname',
    'kreditor name',
    'kreditorenname',
    'bezeichnung',
    'nom',
    'nom 1',
    'raison sociale',
    'nom du fournisseur',
    'nombre',
    'nombre 1',
    'nombre del proveedor',
    'razon social',
    'nome',
    'ragione sociale',
    'denominazione',
    'nome fornitore',
    'naam',
    'naam leverancier',
    'bedrijfsnaam',
    'nazwa',
    'nazwa dostawcy',
    'nome do fornecedor',
  ],
  countryCode: [
    'country',
    'country code',
    'countrycode',
    'country iso',
    'iso country',
    'country key', // SAP LAND1, English
    'land1',
    'country region', // Dynamics "Country/region"
    'country region code', // Business Central
    'country region id',
    'addresscountryregionid',
    'primary address country code', // Coupa
    'primary address country',
    'land',
    'laenderschluessel', // SAP LAND1, German
    'land region',
    'laender regionscode',
    'laendercode',
    'laenderkennzeichen',
    'landeskennzeichen',
    'lkz',
    'staat',
    'pays',
    'code pays',
    'cle de pays',
    'pais',
    'clave de pais',
    'paese',
    'nazione',
    'kraj',
  ],
  city: [
    'city',
    'town',
    'locality',
    'ort01', // SAP LFA1-ORT01
    'addresscity',
    'primary address city',
    'ort',
    'stadt',
    'wohnort',
    'sitz',
    'ville',
    'localite',
    'ciudad',
    'poblacion',
    'localidad',
    'citta',
    'localita',
    'comune',
    'plaats',
    'woonplaats',
    'miasto',
    'miejscowosc',
    'cidade',
    'localidade',
  ],
  address: [
    'address',
    'street',
    'street address',
    'address line',
    'address line 1',
    'address line1',
    'addressline',
    'addressline1',
    'address 1',
    'street and number',
    'house number and street', // SAP STRAS, English
    'street1', // Coupa
    'street 1',
    'primary address street1',
    'primary address street 1',
    'addressstreet', // Dynamics 365 vendors entity
    'stras', // SAP LFA1-STRAS
    'strasse',
    'strasse und hausnummer',
    'strasse hausnummer',
    'strasse hausnr',
    'anschrift',
    'adresse',
    'rue',
    'calle',
    'direccion',
    'indirizzo',
    'straat',
    'adres',
    'ulica',
    'morada',
    'endereco',
  ],
  postalCode: [
    'postal code',
    'postalcode',
    'postcode',
    'post code',
    'zip',
    'zip code',
    'zipcode',
    'zip postal code', // Dynamics "ZIP/postal code"
    'addresszipcode',
    'primary address postal code', // Coupa
    'pstlz', // SAP LFA1-PSTLZ
    'plz',
    'plz code',
    'postleitzahl',
    'code postal',
    'cp',
    'codigo postal',
    'cap',
    'codice postale',
    'kod pocztowy',
  ],
  'supplierId.id': [
    'supplier id',
    'supplierid',
    'supplierid id',
    'supplier no',
    'supplier nr',
    'supplier number',
    'supplier code',
    'supplier account',
    'vendor id',
    'vendor no',
    'vendor number',
    'vendor code',
    'vendor account', // Dynamics
    'vendor account number',
    'vendoraccountnumber',
    'erp supplier id', // Ariba
    'erp vendor id',
    'lifnr', // SAP LFA1-LIFNR
    'segment1', // Oracle supplier number
    'lieferanten nr',
    'lieferantennr',
    'lieferantennummer',
    'lieferanten nummer',
    'lieferanten id',
    'lief nr',
    'kreditor nr',
    'kreditornummer',
    'kreditorennummer',
    'kreditoren nr',
    'kreditorenkonto', // Dynamics, German
    'numero fournisseur',
    'no fournisseur',
    'n fournisseur',
    'id fournisseur',
    'code fournisseur',
    'numero de proveedor',
    'n proveedor',
    'codigo proveedor',
    'codice fornitore',
    'numero fornitore',
    'leveranciersnummer',
    'leveranciernummer',
    'numer dostawcy',
    'numero do fornecedor',
  ],
  'supplierId.source': [
    'source',
    'quelle source',
    'supplierid source',
    // The app's own: the supplier-base export's column and the Map screen's field, both languages.
    'supplier id source',
    'quelle der lieferanten id',
    'quelle der lieferantennummer',
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
    'screening zeitraum jahre', // the Map screen's German field
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
    'validation on creation', // the Map screen's field, both languages
    'validierung beim anlegen',
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
    'kunden id',
  ],
  // The app's own column (the supplier-base export's first, a results file's) in both languages.
  platformId: ['platform id', 'platformid', 'platform target id', 'plattform id'],
  ownId: [
    'own id',
    'ownid',
    'internal id',
    'interne id',
    'eigene id',
    'eigene nummer', // the app's German word for it (Map screen, results)
    'eigene kennung',
    'interne nummer',
    'referenz',
    'reference',
  ],
  vatId: [
    'vat',
    'vat id',
    'vat no',
    'vat number',
    'vat reg no',
    'vat registration no',
    'vat registration number',
    'eu vat number',
    'stceg', // SAP LFA1-STCEG
    'ust id',
    'ust idnr',
    'ust id nr',
    'ustid',
    'ustidnr',
    'umsatzsteuer id',
    'umsatzsteuer id nr',
    'umsatzsteuer idnr',
    'umsatzsteuer identifikationsnummer',
    'numero de tva',
    'n tva',
    'tva intracommunautaire',
    'partita iva',
    'p iva',
    'btw nummer',
    'btw nr',
    'nif iva',
    'nip',
    'uid', // Austria's and Switzerland's VAT number
    'uid nummer',
  ],
  taxNumber: [
    'tax number',
    'tax no',
    'tax id',
    'taxpayer id',
    'tax registration number',
    'tin',
    'ein',
    'stcd1', // SAP LFA1-STCD1
    'steuernummer',
    'steuer nr',
    'steuernr',
    'codice fiscale',
    'nif',
    'cif',
    'regon',
  ],
  duns: ['duns', 'duns no', 'duns number', 'duns nr', 'duns nummer', 'd u n s', 'dunsnummer'],
  registerNumber: [
    'register number',
    'registration number',
    'company number',
    'company registration number',
    'company reg no',
    'commercial register',
    'commercial register number',
    'trade register number',
    'handelsregister',
    'handelsregisternummer',
    'handelsregister nr',
    'hr nummer',
    'hr nr',
    'registernummer',
    'firmenbuchnummer',
    'kvk',
    'kvk nummer',
    'krs',
    'siren',
    'siret',
    'rcs',
    'numero rea',
  ],
  phone: [
    'phone',
    'phone number',
    'phone no',
    'telephone',
    'telephone number',
    'tel',
    'tel no',
    'tel nr',
    'telefon',
    'telefonnummer',
    'telefon nr',
    'rufnummer',
    'telnr',
    'telf1', // SAP LFA1-TELF1
    'telephone 1',
    'main phone',
    'business phone',
    'telephone principal',
    'telephone fixe',
    'numero de telephone',
    'telefono',
    'numero di telefono',
    'numero de telefono',
    'telefoon',
    'telefoonnummer',
    'numer telefonu',
  ],
  // An identifiers job: the identifier each row adds or removes, and the row's action.
  'identifier.type': [
    'identifier type',
    'id type',
    'type of identifier',
    'kennungstyp',
    'kennungsart',
    'art der kennung',
    'typ der kennung',
  ],
  'identifier.id': [
    'identifier',
    'identifier id',
    'identifier value',
    'new identifier',
    'kennung',
    'kennungswert',
    'neue kennung',
  ],
  'identifier.source': [
    'identifier source',
    'source of identifier',
    'kennungsquelle',
    'quelle der kennung',
  ],
  'identifier.action': [
    'action',
    'identifier action',
    'add or remove',
    'action add or remove', // the Map screen's field, "Action (add or remove)"
    'aktion',
    'aktion hinzufuegen oder entfernen',
  ],
};

/** Names that stand for the supplier's number in one list and for its name in another: SAP
 *  calls the vendor number "Lieferant", "Kreditor", "Vendor", "Supplier" or "Fournisseur", other
 *  lists put the name under the same word. Matched whole only; the column's values decide, the
 *  first field is the likelier one when there are none. */
export const EITHER_HEADERS: Record<string, readonly [MappableField, MappableField]> = {
  lieferant: ['supplierId.id', 'name'],
  kreditor: ['supplierId.id', 'name'],
  vendor: ['supplierId.id', 'name'],
  supplier: ['supplierId.id', 'name'],
  fournisseur: ['supplierId.id', 'name'],
  proveedor: ['supplierId.id', 'name'],
  fornitore: ['supplierId.id', 'name'],
  leverancier: ['supplierId.id', 'name'],
  dostawca: ['supplierId.id', 'name'],
  fornecedor: ['supplierId.id', 'name'],
};

/** Names too general to be sure of ("No." in Business Central is the vendor number, "Number"
 *  in Coupa the supplier number): matched whole only, with a lower confidence. */
export const WEAK_HEADERS: Record<string, MappableField> = {
  no: 'supplierId.id',
  nr: 'supplierId.id',
  number: 'supplierId.id',
  nummer: 'supplierId.id',
  numero: 'supplierId.id',
  // A list's own "ID" column: most often the supplier's number in the list's system.
  id: 'supplierId.id',
};

/** Columns of supplier lists that hold something no payload field takes, although their names
 *  contain a field's word: second name and address lines, sites, regions, search terms. */
export const OTHER_HEADERS: ReadonlySet<string> = new Set([
  'name 2',
  'name2',
  'name 3',
  'name3',
  'name 4',
  'name4',
  'nom 2',
  'nombre 2',
  'address line 2',
  'address line2',
  'address line 3',
  'addressline2',
  'address 2',
  'street2',
  'street 2',
  'primary address street2',
  'primary address street 2',
  'ort02',
  'site',
  'supplier site',
  'vendor site',
  'vendor site code',
  'supplier site code',
  'search term',
  'suchbegriff',
  'sortl',
  // The supplier-base export's further supplier ids, several in a cell ("S-2 (SAP); S-3"): no
  // field takes them, and the export's first supplier id has its own column.
  'more supplier ids',
  'weitere lieferanten ids',
]);

const exact = new Map<string, MappableField>();
for (const [field, names] of Object.entries(HEADER_NAMES) as [MappableField, string[]][]) {
  for (const n of names) {
    exact.set(n, field);
    exact.set(n.replace(/ /g, ''), field);
  }
}

const squeeze = (n: string) => n.replace(/ /g, '');

/** What a header name says about its column, after normalising: a field (`exact`), either of
 *  two fields, a field with little certainty (`weak`), or something no field takes (`other`). */
export type HeaderMeaning =
  | { kind: 'exact'; field: MappableField }
  | { kind: 'either'; fields: readonly [MappableField, MappableField] }
  | { kind: 'weak'; field: MappableField }
  | { kind: 'other' };

export function headerMeaning(header: string): HeaderMeaning | undefined {
  const n = normaliseHeader(header);
  if (OTHER_HEADERS.has(n)) return { kind: 'other' };
  const field = exact.get(n) ?? exact.get(squeeze(n));
  if (field) return { kind: 'exact', field };
  const either = EITHER_HEADERS[n];
  if (either) return { kind: 'either', fields: either };
  const weak = WEAK_HEADERS[n];
  if (weak) return { kind: 'weak', field: weak };
  return undefined;
}

/** The field a header name stands for, exactly (after normalising); for a name that can mean
 *  two fields, the likelier one. */
export function knownHeaderField(header: string): MappableField | undefined {
  const m = headerMeaning(header);
  if (!m || m.kind === 'other') return undefined;
  return m.kind === 'either' ? m.fields[0] : m.field;
}
