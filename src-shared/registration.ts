// Registration numbers of a supplier: VAT id, tax number, DUNS, commercial-register number. The
// API has no field for them (docs/api/api-spec.md); lists carry them, the journal keeps them
// beside the row's payload, and the likely-duplicate check reads them as evidence: the same
// number of one kind is one company, two different numbers of one kind are two companies.

/** The map fields of the registration numbers, in the order the Map screen shows them. */
export const REGISTRATION_FIELDS = ['vatId', 'taxNumber', 'duns', 'registerNumber'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The fields kept beside a row's payload as evidence for the likely-duplicate check: the
 *  registration numbers and the telephone number (same number: one site; another number says
 *  nothing, numbers change). */
export const EVIDENCE_FIELDS = [...REGISTRATION_FIELDS, 'phone'] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

/** A row's registration numbers as written, by kind (absent: none written). */
export type Registrations = Partial<Record<RegistrationField, string>>;

/** The EU VAT prefixes that differ from the country's ISO code (Greece EL, Northern Ireland XI). */
const VAT_PREFIX_OF: Record<string, string> = { GR: 'EL' };

/**
 * A registration number in the one form two spellings of it share: upper case, without spaces,
 * dots, dashes and slashes; a VAT id with its country prefix (`DE 123 456 789` = `DE123456789` =
 * `123456789` in a German row); a DUNS as its nine digits (`15-048-3782` = `150483782`); a
 * register number's court and type words kept (`HRB 12345` ≠ `HRA 12345`), one of digits only
 * without its leading zeros (`01234567` = `1234567`). '' when nothing is
 * left or the value is a placeholder (`n/a`, `-`, `0`).
 */
export function normaliseRegistration(
  field: RegistrationField,
  value: string | null | undefined,
  countryCode = '',
): string {
  if (value == null) return '';
  let v = String(value)
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\-/_:]+/g, '');
  if (!v || /^(NA|N\/A|NONE|KEINE|0+|X+|\?+)$/.test(v)) return '';
  if (field === 'vatId') {
    const cc = countryCode.trim().toUpperCase();
    const prefix = VAT_PREFIX_OF[cc] ?? cc;
    if (/^\d/.test(v) && /^[A-Z]{2}$/.test(prefix)) v = prefix + v;
  } else if (field === 'duns') {
    const digits = v.replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 9) v = digits.padStart(9, '0');
  } else if (field === 'taxNumber' && /^[A-Z]{0,2}\d+$/.test(v)) {
    v = v.replace(/^[A-Z]+/, '');
  } else if (field === 'registerNumber' && /^\d+$/.test(v)) {
    // A company number of digits only loses its leading zeros in a spreadsheet (01234567).
    v = v.replace(/^0+(?=\d)/, '');
  }
  return v;
}

/** The registration numbers of a payload (the row's, as the journal keeps it), normalised;
 *  absent kinds left out. */
export function registrationsOf(
  payload: Record<string, unknown> | null | undefined,
  countryCode = '',
): Registrations {
  const out: Registrations = {};
  for (const f of REGISTRATION_FIELDS) {
    const raw = payload?.[f];
    const v =
      typeof raw === 'string' || typeof raw === 'number'
        ? normaliseRegistration(f, String(raw), countryCode)
        : '';
    if (v) out[f] = v;
  }
  return out;
}

/** The country calling codes of the countries lists come from most (ITU E.164). */
const CALLING_CODES: Record<string, string> = {
  US: '1',
  CA: '1',
  DE: '49',
  AT: '43',
  CH: '41',
  FR: '33',
  IT: '39',
  ES: '34',
  NL: '31',
  BE: '32',
  LU: '352',
  PL: '48',
  CZ: '420',
  GB: '44',
  IE: '353',
  DK: '45',
  SE: '46',
  NO: '47',
  FI: '358',
  PT: '351',
  CN: '86',
  JP: '81',
  IN: '91',
  AU: '61',
};

/**
 * A telephone number as the digits both spellings of it share: `310/246-1501` = `(310)
 * 246-1501` = `+1 310 246 1501`; `030 1234567` = `+49 30 1234567` = `0049 (0)30 1234567` in a
 * German row. The international prefix and the row's own calling code come off, then the trunk
 * prefix (0, or 1 in North America). '' when fewer than six digits are left.
 */
export function normalisePhone(value: string | null | undefined, countryCode = ''): string {
  if (value == null) return '';
  // An extension ("ext. 12", "Durchwahl -12" after a space) is not part of the number.
  const text = String(value)
    .replace(/\(0\)/g, '')
    .replace(/\s*(ext|x|durchwahl|dw)\.?\s*\d+\s*$/i, '');
  let digits = text.replace(/\D+/g, '');
  const cc = CALLING_CODES[countryCode.trim().toUpperCase()] ?? '';
  const international = /^\s*\+/.test(text) || digits.startsWith('00');
  if (international) {
    digits = digits.replace(/^00/, '');
    if (cc && digits.startsWith(cc)) digits = digits.slice(cc.length);
    else return digits.length >= 6 ? '+' + digits : '';
  }
  digits = cc === '1' && digits.length === 11 ? digits.replace(/^1/, '') : digits.replace(/^0/, '');
  return digits.length >= 6 ? digits : '';
}
