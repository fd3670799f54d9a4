import { CountryCode, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { describe, expect, it } from 'vitest';
import { validateRows, type Mapping, type TableColumn } from '../../../src-main/workbook';
import { POSTAL_CODE_FORMS, postalCodeProblem } from '../../../src-main/workbook/postalCodes';

describe('postalCodeProblem', () => {
  it('accepts postal codes of their country’s form', () => {
    for (const [code, value] of [
      ['DE', '10115'],
      ['US', '10001'],
      ['US', '10001-1234'],
      ['GB', 'SW1A 1AA'],
      ['GB', 'sw1a1aa'],
      ['NL', '1012 ab'],
      ['PL', '00-950'],
      ['FR', '75 001'],
      ['CA', 'k1a 0b1'],
    ] as const) {
      expect(postalCodeProblem(value, code), `${code} ${value}`).toBeNull();
    }
  });

  it('says what is wrong and gives the country’s form with a real example', () => {
    expect(postalCodeProblem('101155', 'DE')).toMatchObject({
      what: 'does not have the form of postal codes in Germany.',
      fix: 'Postal codes in Germany have five digits, for example 10115. Correct it, or leave it empty.',
    });
    expect(postalCodeProblem('12345678', 'US')).toMatchObject({
      what: 'does not have the form of postal codes in the United States.',
      fix: 'Postal codes in the United States (ZIP codes) have five digits, or five digits, a hyphen and four more, for example 10001. Correct it, or leave it empty.',
    });
    // A date where the postal code should be.
    expect(postalCodeProblem('2024-01-05', 'FR')?.fix).toBe(
      'Postal codes in France have five digits, for example 75001. Correct it, or leave it empty.',
    );
    expect(postalCodeProblem('1012', 'NL')?.fix).toBe(
      'Postal codes in the Netherlands have four digits and two letters, for example 1012 AB. Correct it, or leave it empty.',
    );
    expect(postalCodeProblem('00950', 'PL')?.fix).toBe(
      'Postal codes in Poland have two digits, a hyphen and three digits, for example 00-950. Correct it, or leave it empty.',
    );
  });

  it('says to drop the country letters in front of a code that fits', () => {
    expect(postalCodeProblem('D-10115', 'DE')?.fix).toBe(
      'Enter it without the letters in front: 10115.',
    );
    expect(postalCodeProblem('F 75001', 'FR')?.fix).toBe(
      'Enter it without the letters in front: 75001.',
    );
  });

  it('accepts any value where the country has no postal codes or no known form', () => {
    expect(postcodeValidatorExistsForCountry('HK')).toBe(false);
    expect(postalCodeProblem('n/a', 'HK')).toBeNull();
    expect(postalCodeProblem('00000', 'AE')).toBeNull();
    expect(postalCodeProblem('12345', null)).toBeNull();
  });

  it('has examples that fit their own country, and a fix for every country with a form', () => {
    for (const [code, { example }] of Object.entries(POSTAL_CODE_FORMS)) {
      expect(postalCodeProblem(example, code), `${code} ${example}`).toBeNull();
    }
    for (const code of new Set(Object.values(CountryCode) as string[])) {
      const p = postalCodeProblem('??', code);
      if (p === null) continue; // a pattern that also accepts an empty value (BH, NG, ...)
      expect(p.fix, code).toMatch(/^(Postal codes in .+ (have|are) .+\.|Check it against .+\.)/);
    }
    // A country whose form the app derives from a plain pattern of digits.
    expect(POSTAL_CODE_FORMS.DZ).toBeUndefined();
    expect(postalCodeProblem('123', 'DZ')?.fix).toBe(
      'Postal codes in Algeria have five digits. Correct it, or leave it empty.',
    );
  });
});

describe('postal codes in row validation', () => {
  const headers = ['Nr', 'Name', 'Straße', 'PLZ', 'Ort', 'Land'];
  const columns: TableColumn[] = headers.map((header, index) => ({
    index,
    header,
    letter: 'ABCDEF'[index] as string,
  }));
  const mapping = (restoreZeros?: boolean): Mapping => ({
    fields: [
      { field: 'supplierId.id', column: 0 },
      { field: 'name', column: 1 },
      { field: 'address', column: 2 },
      {
        field: 'postalCode',
        column: 3,
        ...(restoreZeros === false ? { transform: { restoreZeros } } : {}),
      },
      { field: 'city', column: 4 },
      { field: 'countryCode', column: 5 },
    ],
  });
  const rows = [
    ['1', 'Müller GmbH', 'Hauptstr. 5', '1067', 'Dresden', 'Deutschland'],
    ['2', 'Acme Corp', '500 Main St', '12345678', 'New York', 'USA'],
    ['3', 'Schmidt KG', 'Ringweg 12', '101155', 'Berlin', 'DE'],
    ['4', 'Lee Ltd', '1 Queen St', 'anything', 'Hong Kong', 'Hong Kong'],
  ].map((cells, i) => ({ sourceRow: i + 2, cells }));

  it('puts lost leading zeros back before checking, and rejects the wrong forms with the fix', () => {
    const { rows: out, summary } = validateRows(rows, mapping(), columns);
    expect(out[0]?.problems).toEqual([]);
    expect(out[0]?.payload?.postalCode).toBe('01067');
    expect(out[1]?.problems).toMatchObject([
      {
        row: 3,
        field: 'postalCode',
        column: 'PLZ (D)',
        value: '12345678',
        code: 'postal_code_invalid',
        message:
          '"12345678" does not have the form of postal codes in the United States (row 3, column PLZ (D)).',
        fix: 'Postal codes in the United States (ZIP codes) have five digits, or five digits, a hyphen and four more, for example 10001. Correct it, or leave it empty.',
      },
    ]);
    expect(out[2]?.problems.map((p) => p.message)).toEqual([
      '"101155" does not have the form of postal codes in Germany (row 4, column PLZ (D)).',
    ]);
    expect(out[3]?.problems).toEqual([]);
    expect(summary.byCode).toEqual({ postal_code_invalid: 2 });
  });

  it('checks the code as it is when the user turned restoring zeros off', () => {
    const { rows: out } = validateRows(rows.slice(0, 1), mapping(false), columns);
    expect(out[0]?.problems.map((p) => [p.value, p.fix])).toEqual([
      [
        '1067',
        'Postal codes in Germany have five digits, for example 10115. Correct it, or leave it empty.',
      ],
    ]);
  });
});
