import { describe, expect, it } from 'vitest';
import {
  COUNTRY_LANGUAGES,
  suggestCountry,
  toCountryCode,
} from '../../../src-main/workbook/countries';

describe('toCountryCode', () => {
  it('knows country names in the languages procurement lists use', () => {
    expect(COUNTRY_LANGUAGES).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt']);
    const germany = ['Germany', 'Deutschland', 'Allemagne', 'Alemania', 'Germania', 'Duitsland'];
    for (const name of [...germany, 'Niemcy', 'Alemanha', 'ALEMANIA', 'alemania ']) {
      expect(toCountryCode(name), name).toBe('DE');
    }
    const known: [string, string][] = [
      ['Países Bajos', 'NL'],
      ['Paesi Bassi', 'NL'],
      ['Holanda', 'NL'],
      ['Holandia', 'NL'],
      ['Reino Unido', 'GB'],
      ['Wielka Brytania', 'GB'],
      ['Regno Unito', 'GB'],
      ['Verenigd Koninkrijk', 'GB'],
      ['Estados Unidos', 'US'],
      ['Stany Zjednoczone', 'US'],
      ['Stati Uniti', 'US'],
      ['EE.UU.', 'US'],
      ['Suiza', 'CH'],
      ['Szwajcaria', 'CH'],
      ['Zwitserland', 'CH'],
      ['Suíça', 'CH'],
      ['Hiszpania', 'ES'],
      ['Francja', 'FR'],
      ['Frankrijk', 'FR'],
      ['Belgio', 'BE'],
      ['Áustria', 'AT'],
      ['Oostenrijk', 'AT'],
      ['Suecia', 'SE'],
      ['Corea del Sur', 'KR'],
      ['Chequia', 'CZ'],
      ['Turquía', 'TR'],
    ];
    for (const [name, code] of known) expect(toCountryCode(name), name).toBe(code);
  });
});

describe('suggestCountry', () => {
  it('suggests the country of a misspelt name, swapped letters counting as one edit', () => {
    expect(suggestCountry('Germny')).toBe('DE');
    expect(suggestCountry('Frnace')).toBe('FR');
    expect(suggestCountry('Spian')).toBe('ES');
    expect(suggestCountry('Alemanja')).toBe('DE');
    expect(suggestCountry('Slovkia')).toBe('SK');
    expect(suggestCountry('Austira')).toBe('AT');
  });

  it('suggests nothing for a name of a real country in another language', () => {
    // Swedish for Germany; Latvian "Nigēra" is Niger, and one letter from Nigeria.
    expect(toCountryCode('Tyskland')).toBeNull();
    expect(suggestCountry('Tyskland')).toBeNull();
    expect(suggestCountry('Nigera')).toBeNull();
  });

  it('suggests nothing when another country is as close, in any language', () => {
    // One letter from Gambia and from Zambia ("Gambai" is only near Gambia).
    expect(suggestCountry('Xambia')).toBeNull();
    expect(suggestCountry('Gambai')).toBe('GM');
    // Mali and Malta, Iran and Irak: short names are one edit apart.
    expect(suggestCountry('Malti')).toBeNull();
    expect(suggestCountry('Irab')).toBeNull();
  });

  it('suggests nothing for values far from every country, or too short to judge', () => {
    expect(suggestCountry('Atlantis')).toBeNull();
    expect(suggestCountry('Mordor')).toBeNull();
    expect(suggestCountry('DEX')).toBeNull();
    expect(suggestCountry('')).toBeNull();
  });
});
