// Registration numbers of a supplier: VAT id, tax number, DUNS, commercial-register number. The
// API has no field for them (docs/api/api-spec.md); lists carry them, the journal keeps them
// beside the row's payload, and the likely-duplicate check reads them as evidence: the same
// number of one kind is one company, two different numbers of one kind are two companies.

/** The map fields of the registration numbers, in the order the Map screen shows them. */
export const REGISTRATION_FIELDS = ['vatId', 'taxNumber', 'duns', 'registerNumber'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** A row's registration numbers as written, by kind (absent: none written). */
export type Registrations = Partial<Record<RegistrationField, string>>;

/** The EU VAT prefixes that differ from the country's ISO code (Greece EL, Northern Ireland XI). */
const VAT_PREFIX_OF: Record<string, string> = { GR: 'EL' };

/**
 * A registration number in the one form two spellings of it share: upper case, without spaces,
 * dots, dashes and slashes; a VAT id with its country prefix (`DE 123 456 789` = `DE123456789` =
 * `123456789` in a German row); a DUNS as its nine digits (`15-048-3782` = `150483782`); a
 * register number's court and type words kept (`HRB 12345` ≠ `HRA 12345`). '' when nothing is
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
