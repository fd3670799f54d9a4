// Streets as real lists write them: directionals, street types, ordinals, a type left out,
// house-number forms and notes after the address fold to one street; another directional,
// another numbered street, another type or another house number stay another street.
import { describe, expect, it } from 'vitest';
import { houseNumbersAgree, streetPart } from '../../../src-main/dedupe/address';
import { postalCodesNear, streetRelation } from '../../../src-main/dedupe/compare';
import { foldStreet } from '../../../src-main/dedupe/fold';

const rel = (a: string, b: string, cc = 'US') =>
  streetRelation(foldStreet(a, cc), foldStreet(b, cc))[0];

describe('foldStreet: directionals, types, ordinals', () => {
  it.each([
    ['214 W 12th St', '214 West 12th Street'],
    ['45 N. Elm St', '45 North Elm Street'],
    ['77 SE Main St', '77 Southeast Main Street'],
    ['512 5th Ave', '512 Fifth Avenue'],
    ['1500 NW 2nd Ave', '1500 Northwest Second Avenue'],
    ['410 E Lincoln Blvd', '410 East Lincoln Blv.'],
  ])('%s is %s', (a, b) => {
    expect(rel(a, b)).toBe('equal');
  });

  it('takes a street type left out on one side for the same street', () => {
    expect(['equal', 'similar']).toContain(rel('410 E Lincoln', '410 E Lincoln Blvd'));
    expect(foldStreet('410 E Lincoln', 'US')).toMatchObject({
      core: 'lincoln',
      dir: 'e',
      type: '',
    });
  });

  it.each([
    ['45 N. Elm St', '45 S. Elm St'],
    ['100 N Main St', '100 S Main St'],
    ['214 W 12th St', '214 W 14th St'],
    ['410 E Lincoln Ave', '410 E Lincoln Blvd'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(rel(a, b)).toBe('different');
  });

  it('reads directionals only where they are written so (S. is San in Italy)', () => {
    expect(foldStreet('Via S. Marco 5', 'IT')!.dir).toBe('');
    expect(foldStreet('5 N Main St', 'US')!.dir).toBe('n');
  });

  it('folds street types in the languages of the lists', () => {
    const same: [string, string, string][] = [
      ['Hauptstr. 5', 'Hauptstraße 5', 'DE'],
      ['Wiener Str. 112', 'Wiener Strasse 112', 'AT'],
      ['12 av. Jean Jaurès', '12 Avenue Jean-Jaurès', 'FR'],
      ['3 pl. de la République', '3 place de la Republique', 'FR'],
      ['C.so Vittorio Emanuele II, 120', 'Corso Vittorio Emanuele II 120', 'IT'],
      ['P.za Duomo, 3', 'Piazza Duomo 3', 'IT'],
      ['Avda. de la Constitución 45', 'Avenida Constitución 45', 'ES'],
      ['Pº de Gracia 101', 'Paseo de Gracia, 101', 'ES'],
      ['Kerkstr. 12', 'Kerkstraat 12', 'NL'],
      ['al. Jerozolimskie 65/79', 'Aleje Jerozolimskie 65/79', 'PL'],
      ['pl. Grunwaldzki 3', 'Plac Grunwaldzki 3', 'PL'],
      ['9 Mill Lane', '9 Mill Ln', 'GB'],
    ];
    for (const [a, b, cc] of same) expect([a, rel(a, b, cc)]).toEqual([a, 'equal']);
  });

  it('keeps Saint apart from Street ("rue St-Jean")', () => {
    expect(foldStreet('8 rue St-Jean', 'FR')!.core).toBe(
      foldStreet('8 rue Saint-Jean', 'FR')!.core,
    );
    expect(foldStreet('12 Main St', 'US')!.type).toBe('street');
  });
});

describe('numerals, titles and typos in street names', () => {
  it('reads Roman numerals and titles written short', () => {
    expect(rel('Via XX Settembre 8', 'Via 20 Settembre, 8', 'IT')).toBe('equal');
    expect(rel('Burg. de Vlugtlaan 12', 'Burgemeester de Vlugtlaan 12', 'NL')).toBe('equal');
    expect(rel('Via XX Settembre 8', 'Via XXV Aprile 8', 'IT')).toBe('different');
  });

  it('forgives two letters swapped but not two replaced in a short street name', () => {
    expect(rel('Via Eruopa 27', 'V. Europa 27', 'IT')).toBe('similar');
    expect(rel('Kirchstraße 14', 'Krichstraße 14', 'DE')).toBe('similar');
    expect(rel('Calle Mayor 3', 'Calle Menor 3', 'ES')).toBe('different');
  });

  it('takes the street part with a type when no part has a number', () => {
    expect(streetPart('Unit 5, Riverside Industrial Estate, Mill Road')).toBe('Mill Road');
  });
});

describe('house numbers', () => {
  it('folds 5a, 5 a, 104-A and 14 bis', () => {
    expect(foldStreet('Hauptstraße 5 a')!.number).toBe('5a');
    expect(foldStreet('Prins Hendrikkade 104-A')!.number).toBe('104a');
    expect(foldStreet('14 bis rue Nationale', 'FR')!.number).toBe('14bis');
    expect(foldStreet('14bis, rue Nationale', 'FR')!.number).toBe('14bis');
  });

  it('lets ranges overlap and a door number go, but not another number', () => {
    expect(houseNumbersAgree('5-7', '7')).toBe(true);
    expect(houseNumbersAgree('5-7', '6')).toBe(true);
    expect(houseNumbersAgree('5', '5a')).toBe(true);
    expect(houseNumbersAgree('45-3', '45')).toBe(true); // "45/3": house 45, door 3
    expect(houseNumbersAgree('5-7', '9')).toBe(false);
    expect(houseNumbersAgree('5', '15')).toBe(false);
    expect(rel('Industriestraße 5-7', 'Industriestr. 7', 'DE')).toBe('similar');
    expect(rel('Hauptstr. 5a', 'Hauptstr. 15', 'DE')).toBe('other_number');
  });
});

describe('notes after the address', () => {
  it.each([
    ['88 W 31st St between 5th and 6th Ave', '88 W 31st St'],
    ['3 Harbor St at Pier 9', '3 Harbor St'],
    ['210 Oak Rd, Riverside Plaza', '210 Oak Rd'],
    ['1200 Market St Suite 400', '1200 Market St'],
    ['1200 Market Street, Ste. 400', '1200 Market Street'],
    ['1200 Market St #400', '1200 Market St'],
    ['301 Canal St, 2nd Floor', '301 Canal St'],
    ['Unit 4, 27 Station Rd', '27 Station Rd'],
    ['Gewerbepark Süd, Am Bahnhof 12', 'Am Bahnhof 12'],
    ['c/o Steuerbüro Kunz, Lindenallee 8', 'Lindenallee 8'],
    ['Bahnhofstr. 21, 2. OG', 'Bahnhofstr. 21'],
    ['V. Garibaldi, 15', 'V. Garibaldi 15'],
    ['Carrer de Sants, 80', 'Carrer de Sants 80'],
  ])('%s → %s', (raw, street) => {
    expect(streetPart(raw)).toBe(street);
  });

  it('does not cut a street name that holds a note word', () => {
    expect(streetPart('Rue Sainte-Catherine 12')).toBe('Rue Sainte-Catherine 12');
    expect(streetPart('Im Gewerbepark 3')).toBe('Im Gewerbepark 3');
  });
});

describe('postalCodesNear', () => {
  it('takes one digit off or two swapped for near, nothing more', () => {
    expect(postalCodesNear('50667', '50668')).toBe(true);
    expect(postalCodesNear('80134', '80143')).toBe(true);
    expect(postalCodesNear('50667', '50686')).toBe(false);
    expect(postalCodesNear('50667', '5066')).toBe(false);
  });
});
