// Postal codes checked against their country's form, with the patterns of the postcode-validator
// package (one regular expression per country, for about 180 countries). Countries without
// postal codes, or without a pattern there (Hong Kong, the Emirates, ...), accept any value.
// Leading zeros Excel dropped are put back before the check (`restorePostalCode`).
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { word, type Params } from '../../src-shared/i18n';
import { problemText } from '../../src-shared/i18n/importText';
import { countryName } from './countries';

/** How the country's postal codes look, to complete "Postal codes in Germany …", and a real one. */
export const POSTAL_CODE_FORMS: Record<string, { form: string; example: string }> = {
  AD: { form: 'are AD and three digits', example: 'AD500' },
  AL: { form: 'have four digits', example: '1001' },
  AR: {
    form: 'have a letter and four digits, often followed by three letters',
    example: 'C1002ABC',
  },
  AT: { form: 'have four digits and do not start with 0', example: '1010' },
  AU: { form: 'have four digits', example: '2000' },
  BA: { form: 'have five digits', example: '71000' },
  BD: { form: 'have four digits', example: '1000' },
  BE: { form: 'have four digits', example: '1000' },
  BG: { form: 'have four digits', example: '1000' },
  BR: { form: 'have eight digits, often with a hyphen after the fifth', example: '01310-100' },
  BY: { form: 'have six digits', example: '220030' },
  CA: {
    form: 'have six characters: letter, digit, letter, then digit, letter, digit',
    example: 'K1A 0B1',
  },
  CH: { form: 'have four digits', example: '8001' },
  CL: { form: 'have seven digits', example: '8320000' },
  CN: { form: 'have six digits', example: '100000' },
  CY: { form: 'have four digits', example: '1010' },
  CZ: { form: 'have five digits, often written as three and two', example: '110 00' },
  DE: { form: 'have five digits', example: '10115' },
  DK: { form: 'have four digits', example: '1050' },
  EE: { form: 'have five digits', example: '10111' },
  EG: { form: 'have five digits', example: '11511' },
  ES: { form: 'have five digits, the first two from 01 to 52', example: '28013' },
  FI: { form: 'have five digits', example: '00100' },
  FR: { form: 'have five digits', example: '75001' },
  GB: {
    form: 'have two parts: two to four letters and digits, then a digit and two letters',
    example: 'SW1A 1AA',
  },
  GR: { form: 'have five digits, often written as three and two', example: '105 57' },
  HR: { form: 'have five digits', example: '10000' },
  HU: { form: 'have four digits', example: '1051' },
  ID: { form: 'have five digits', example: '10110' },
  IE: {
    form: '(Eircodes) have a letter and two digits, then four letters or digits',
    example: 'D02 X285',
  },
  IL: { form: 'have seven digits', example: '6100000' },
  IN: { form: 'have six digits', example: '110001' },
  IS: { form: 'have three digits', example: '101' },
  IT: { form: 'have five digits', example: '00184' },
  JP: { form: 'have three digits, a hyphen and four digits', example: '100-0001' },
  KR: { form: 'have five digits', example: '03187' },
  KZ: { form: 'have six digits', example: '050000' },
  LI: { form: 'have four digits from 9485 to 9497', example: '9490' },
  LT: { form: 'have five digits, often after "LT-"', example: 'LT-01100' },
  LU: { form: 'have four digits, often after "L-"', example: 'L-1009' },
  LV: { form: 'have four digits, often after "LV-"', example: 'LV-1050' },
  MA: { form: 'have five digits', example: '20000' },
  MC: { form: 'have five digits starting with 980', example: '98000' },
  MK: { form: 'have four digits', example: '1000' },
  MT: { form: 'have three letters and two to four digits', example: 'VLT 1117' },
  MX: { form: 'have five digits', example: '06600' },
  MY: { form: 'have five digits', example: '50000' },
  NL: { form: 'have four digits and two letters', example: '1012 AB' },
  NO: { form: 'have four digits', example: '0150' },
  NZ: { form: 'have four digits', example: '6011' },
  PH: { form: 'have four digits', example: '1000' },
  PK: { form: 'have five digits', example: '44000' },
  PL: { form: 'have two digits, a hyphen and three digits', example: '00-950' },
  PT: { form: 'have four digits, a hyphen and three digits', example: '1000-001' },
  RO: { form: 'have six digits', example: '010011' },
  RS: { form: 'have five digits', example: '11000' },
  RU: { form: 'have six digits', example: '101000' },
  SA: { form: 'have five digits', example: '11564' },
  SE: { form: 'have five digits, often written as three and two', example: '114 55' },
  SG: { form: 'have six digits', example: '018956' },
  SI: { form: 'have four digits', example: '1000' },
  SK: { form: 'have five digits, often written as three and two', example: '811 01' },
  TH: { form: 'have five digits', example: '10200' },
  TN: { form: 'have four digits', example: '1000' },
  TR: { form: 'have five digits', example: '34122' },
  TW: { form: 'have three, five or six digits', example: '100' },
  UA: { form: 'have five digits', example: '01001' },
  US: {
    form: '(ZIP codes) have five digits, or five digits, a hyphen and four more',
    example: '10001',
  },
  VN: { form: 'have five or six digits', example: '100000' },
  ZA: { form: 'have four digits', example: '0001' },
};

/** Countries whose English name takes "the" in a sentence. */
const WITH_THE = new Set(['US', 'GB', 'NL', 'PH', 'DO', 'AE', 'BS', 'GM', 'CF', 'KM', 'MV']);

function inCountry(code: string): string {
  const name = code === 'US' ? 'United States' : countryName(code);
  return WITH_THE.has(code) ? `the ${name}` : name;
}

const DIGIT_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The number of digits of a country without an entry above, where its pattern is just N
 *  digits. */
function derivedDigits(code: string): number | null {
  for (let n = 3; n <= 9; n++) {
    const all = '1'.repeat(n);
    if (
      postcodeValidator(all, code) &&
      !postcodeValidator('1'.repeat(n - 1), code) &&
      !postcodeValidator('1'.repeat(n + 1), code) &&
      !postcodeValidator(`${'1'.repeat(n - 1)}A`, code)
    ) {
      return n;
    }
  }
  return null;
}

const fits = (value: string, code: string) => postcodeValidator(value.toUpperCase(), code);

/**
 * Whether a postal code has its country's form; null when it has, when the country is not known
 * or has no pattern. Otherwise the params of `problem.postal_code_invalid` and what is wrong and
 * how to fix it in English: `does not have the form of postal codes in Germany.` /
 * `Postal codes in Germany have five digits, for example 10115. Correct it, or leave it empty.`
 */
export function postalCodeProblem(
  value: string,
  countryCode: string | null,
): { params: Params; what: string; fix: string } | null {
  if (!countryCode || !value || !postcodeValidatorExistsForCountry(countryCode)) return null;
  if (fits(value, countryCode)) return null;
  const where = { inCountry: inCountry(countryCode), countryDe: countryName(countryCode, 'de') };
  const worded = (params: Params) => {
    const all = { ...where, ...params };
    const code = 'postal_code_invalid';
    return {
      params: all,
      what: word('en', `problem.${code}`, all),
      fix: problemText('en', { code, params: all }).fix,
    };
  };
  // "D-10115", "F 75001": the country's letters before a code that fits.
  const bare = /^[A-Z]{1,3}\s*-\s*|^[A-Z]{1,3}\s+/i.exec(value);
  if (bare) {
    const rest = value.slice(bare[0].length);
    if (fits(rest, countryCode)) return worded({ variant: 'bare', rest });
  }
  const known = POSTAL_CODE_FORMS[countryCode];
  if (known) return worded({ variant: 'form', form: known.form, example: known.example });
  const digits = derivedDigits(countryCode);
  if (digits) return worded({ variant: 'digits', digits, digitWord: DIGIT_WORDS[digits]! });
  return worded({});
}
