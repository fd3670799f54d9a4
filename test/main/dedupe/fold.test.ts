// Folding names, streets, cities and postal codes: the spellings of one supplier site fold to one
// form, and the legal forms of the common European and English-speaking countries are stripped
// and reported.
import { describe, expect, it } from 'vitest';
import {
  foldCity,
  foldName,
  foldStreet,
  normalisePostalCode,
  postalCodesAgree,
} from '../../../src-main/dedupe/fold';
import { legalFormsCompatible } from '../../../src-main/dedupe/legalForms';

describe('foldName', () => {
  it('folds Müller, Mueller and MULLER to one name, legal forms stripped and reported', () => {
    const a = foldName('Müller GmbH & Co. KG');
    const b = foldName('Mueller GmbH');
    const c = foldName('MULLER GMBH');
    expect(a).toMatchObject({ core: 'muller', legalForms: ['GmbH & Co. KG'] });
    expect(b).toMatchObject({ core: 'muller', legalForms: ['GmbH'] });
    expect(c).toMatchObject({ core: 'muller', legalForms: ['GmbH'] });
  });

  it('transliterates ß, other accents and other scripts', () => {
    expect(foldName('Groß Straßenbau GmbH').core).toBe(foldName('Gross Strassenbau GmbH').core);
    expect(foldName('Dvořák s.r.o.').core).toBe('dvorak');
    expect(foldName('Łódź Logistyka Sp. z o.o.').core).toBe('lodz logistyka');
    expect(foldName('Ærø Bygg AS').core).toBe(foldName('Aeroe Bygg AS').core);
    expect(foldName('Böhm KG').core).toBe(foldName('Boehm KG').core);
  });

  it('drops "&", "und", "and" and "+", and punctuation', () => {
    const forms = [
      'Meyer & Schulz GmbH',
      'Meyer und Schulz GmbH',
      'Meyer + Schulz',
      'MEYER AND SCHULZ',
    ];
    expect(new Set(forms.map((n) => foldName(n).core))).toEqual(new Set(['meyer schulz']));
    expect(foldName("McDonald's Ltd.").core).toBe('mcdonalds');
    expect(foldName('Müller u. Söhne e.K.').core).toBe('muller sohne');
  });

  it.each([
    ['Müller GmbH & Co. KG', 'GmbH & Co. KG'],
    ['Müller GmbH u. Co. KG', 'GmbH & Co. KG'],
    ['Müller mbH', 'mbH'],
    ['Müller AG', 'AG'],
    ['Müller KG', 'KG'],
    ['Müller OHG', 'OHG'],
    ['Müller e.K.', 'e.K.'],
    ['Müller UG (haftungsbeschränkt)', 'UG (haftungsbeschränkt)'],
    ['Dupont S.A.', 'S.A.'],
    ['Dupont SA', 'S.A.'],
    ['Dupont SAS', 'S.A.S.'],
    ['Dupont SARL', 'SARL'],
    ['Dupont S.à r.l.', 'SARL'],
    ['Rossi S.p.A.', 'S.p.A.'],
    ['Rossi S.r.l.', 'S.r.l.'],
    ['Van Dijk B.V.', 'B.V.'],
    ['Van Dijk N.V.', 'N.V.'],
    ['Kowalski Sp. z o.o.', 'Sp. z o.o.'],
    ['García S.L.', 'S.L.'],
    ['Virtanen Oy', 'Oy'],
    ['Andersson AB', 'AB'],
    ['Jensen A/S', 'A/S'],
    ['Jensen ApS', 'ApS'],
    ['Hansen AS', 'AS'],
    ['Smith Ltd', 'Ltd'],
    ['Smith Limited', 'Ltd'],
    ['Smith PLC', 'PLC'],
    ['Smith Inc.', 'Inc'],
    ['Smith Incorporated', 'Inc'],
    ['Smith LLC', 'LLC'],
    ['Smith LLP', 'LLP'],
    ['Smith Corp.', 'Corp'],
    ['Smith Company', 'Co.'],
  ])('strips the legal form of %s', (name, label) => {
    const folded = foldName(name);
    expect(folded.legalForms).toEqual([label]);
    expect(folded.tokens).toHaveLength(name.startsWith('Van') ? 2 : 1);
  });

  it('strips stacked legal forms and keeps at least one word', () => {
    expect(foldName('Acme Co., Ltd.')).toMatchObject({ core: 'acme', legalForms: ['Co.', 'Ltd'] });
    expect(foldName('Smith & Co. Ltd')).toMatchObject({
      core: 'smith',
      legalForms: ['Co.', 'Ltd'],
    });
    expect(foldName('The Coca-Cola Company').core).toBe('coca cola');
    expect(foldName('AG').core).toBe('ag');
    expect(foldName('SA').legalForms).toEqual([]);
  });

  it('keeps word order in core and sorts it in sorted', () => {
    expect(foldName('Bau Meyer GmbH').sorted).toBe(foldName('Meyer Bau GmbH').sorted);
    expect(foldName('Haupt Bau').concat).toBe(foldName('Hauptbau').concat);
  });
});

describe('legalFormsCompatible', () => {
  it('lets a GmbH & Co. KG be the GmbH, and Ltd the Limited, but not a GmbH an AG', () => {
    expect(legalFormsCompatible(['GmbH & Co. KG'], ['GmbH'])).toBe(true);
    expect(legalFormsCompatible(['Ltd'], ['Ltd'])).toBe(true);
    expect(legalFormsCompatible(['Inc'], ['Corp'])).toBe(true);
    expect(legalFormsCompatible([], ['AG'])).toBe(true);
    expect(legalFormsCompatible(['GmbH'], ['AG'])).toBe(false);
  });
});

describe('foldStreet', () => {
  it('folds Str., Strasse and Straße, with or without a space or a dash', () => {
    const forms = [
      'Hauptstr. 5',
      'Hauptstraße 5',
      'Hauptstrasse 5',
      'Haupt-Straße 5',
      'Haupt Str.5',
      'HAUPTSTR 5',
    ];
    for (const f of forms)
      expect(foldStreet(f)).toMatchObject({ name: 'hauptstrasse', number: '5' });
  });

  it('folds English, French, Spanish, Italian and Polish street words, and house numbers', () => {
    expect(foldStreet('12 Main St.')).toMatchObject({ name: 'mainstreet', number: '12' });
    expect(foldStreet('Main Street 12')).toMatchObject({ name: 'mainstreet', number: '12' });
    expect(foldStreet('5 Park Ave')!.name).toBe(foldStreet('5 Park Avenue')!.name);
    expect(foldStreet('7 Mill Rd')!.name).toBe(foldStreet('7 Mill Road')!.name);
    expect(foldStreet('3 bd Voltaire')!.name).toBe(foldStreet('3 boulevard Voltaire')!.name);
    expect(foldStreet('C/ Mayor 5')!.name).toBe(foldStreet('Calle Mayor 5')!.name);
    expect(foldStreet('V. Roma 5')!.name).toBe(foldStreet('Via Roma 5')!.name);
    expect(foldStreet('ul. Długa 5')!.name).toBe(foldStreet('Długa 5')!.name);
    expect(foldStreet('Kerkstr. 9')!.name).toBe(foldStreet('Kerkstraat 9')!.name);
    expect(foldStreet('Am Markt 5 a')).toMatchObject({ number: '5a' });
    expect(foldStreet('Am Markt 5-7')).toMatchObject({ number: '5-7' });
    expect(foldStreet('Am Markt Nr. 5')).toMatchObject({ name: 'ammarkt', number: '5' });
    expect(foldStreet('  ')).toBeUndefined();
    expect(foldStreet(null)).toBeUndefined();
  });
});

describe('normalisePostalCode', () => {
  it.each([
    [1067, 'DE', '01067'],
    ['1067', 'DE', '01067'],
    ['D-80331', 'DE', '80331'],
    [' 80331 ', 'DE', '80331'],
    ['CH-8001', 'CH', '8001'],
    ['2108', 'US', '02108'],
    ['12345-6789', 'US', '12345'],
    ['00-950', 'PL', '00950'],
    ['111 22', 'SE', '11122'],
    ['1234 ab', 'NL', '1234AB'],
    ['sw1a 1aa', 'GB', 'SW1A1AA'],
    ['', 'DE', ''],
    [null, 'DE', ''],
    ['0', 'DE', ''],
  ])('normalises %s in %s to %s', (code, cc, out) => {
    expect(normalisePostalCode(code as string | number | null, cc)).toBe(out);
  });

  it('lets a district code agree with the full code where codes have one', () => {
    expect(postalCodesAgree('SW1A', 'SW1A1AA', 'GB')).toBe(true);
    expect(postalCodesAgree('1234', '1234AB', 'NL')).toBe(true);
    expect(postalCodesAgree('8033', '80331', 'DE')).toBe(false);
  });
});

describe('foldCity', () => {
  it('folds umlaut spellings and English names of cities', () => {
    expect(foldCity('München')).toEqual(['munchen']);
    expect(foldCity('Muenchen')).toEqual(['munchen']);
    expect(foldCity('Munich')).toEqual(['munchen']);
    expect(foldCity('Frankfurt a. M.')).toEqual(['frankfurt', 'a', 'm']);
    expect(foldCity('NYC')).toEqual(['new', 'york']);
    expect(foldCity(undefined)).toEqual([]);
  });
});
