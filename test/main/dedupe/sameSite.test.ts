// Pairs a person sees at a glance as one site, and hard negatives next to them: names within
// each other (parent and site, generic words, possessives, brackets, abbreviations), the city
// written as a district, a postal code a digit off. Numbered sites, unrelated companies at one
// address, namesakes in another town and sister companies stay apart.
import { describe, expect, it } from 'vitest';
import { foldName } from '../../../src-main/dedupe/fold';
import { findDuplicates } from '../../../src-main/dedupe/match';
import type { SupplierRecord } from '../../../src-main/dedupe/types';

let nextKey = 0;
const row = (
  name: string,
  street: string,
  postalCode: string,
  city: string,
  countryCode = 'DE',
): SupplierRecord => ({
  key: ++nextKey,
  name,
  street,
  postalCode: postalCode || null,
  city: city || null,
  countryCode,
});
const grouped = (a: SupplierRecord, b: SupplierRecord) =>
  findDuplicates([a, b]).groups.length === 1;

describe('names within each other at one address', () => {
  it.each([
    ['Brandt', 'Stadtwerke Brandt, Karl'],
    ['Caritas Verband Köln – Kita Sonnenschein', 'Kita Sonnenschein Caritas'],
    ['Restaurant Zum Goldenen Hirsch', 'Zum Goldenen Hirsch'],
    ['Müller Maschinenbau GmbH (Hauptsitz)', 'Müller Maschinenbau GmbH'],
    ['Evangelische Kita Regenbogen', 'Kita Regenbogen'],
    ['Gasthaus Zur Post', 'Zur Post Gasthaus & Pension'],
    ['Volkshilfe Wien – Pflegezentrum Favoriten', 'Pflegezentrum Favoriten'],
    ['Gewerbepark Nord – Hoffmann Elektrotechnik', 'Hoffmann Elektrotechnik GmbH'],
  ])('%s / %s', (a, b) => {
    expect(
      grouped(row(a, 'Lindenstr. 4', '50968', 'Köln'), row(b, 'Lindenstraße 4', '50968', 'Köln')),
    ).toBe(true);
  });

  it.each([
    ["Mario's Ristorante", 'Ristorante Mario', 'IT'],
    ['Ferri & Figli S.r.l.', 'Ferri e Figli', 'IT'],
    ['Boulangerie Pâtisserie Moreau et Fils', 'Moreau & Fils', 'FR'],
    ['The Red Lion', 'Red Lion Pub', 'GB'],
    ['Apex Tech', 'Apex Technology Inc', 'US'],
    ['Global Freight Intl', "Global Freight Int'l Corp", 'US'],
    ['Global Freight Intl', 'Global Freight International', 'US'],
    ['Precision Mfg Co', 'Precision Manufacturing Company', 'US'],
    ['Marks Plumbing & Heating Svc', 'Marks Plumbing and Heating Services Ltd', 'GB'],
    ['PHU Kowalczyk', 'Przedsiębiorstwo Handlowo-Usługowe Kowalczyk', 'PL'],
    ['Boston Medical Supply (Boston)', 'Boston Medical Supply', 'US'],
  ])('%s / %s (%s)', (a, b, cc) => {
    expect(
      grouped(row(a, '9 Mill Lane', '10001', 'Town', cc), row(b, '9 Mill Ln', '10001', 'Town', cc)),
    ).toBe(true);
  });

  it('keeps numbered sites, unrelated names and sister companies at one address apart', () => {
    const at = (name: string) => row(name, 'Hafenweg 4', '28197', 'Bremen');
    expect(grouped(at('Werk 1'), at('Werk 2'))).toBe(false);
    expect(grouped(at('Lager 1'), at('Lager 2'))).toBe(false);
    expect(grouped(at('Bosch Werk 1'), at('Bosch Werk 2'))).toBe(false);
    expect(grouped(at('Kita Regenbogen'), at('Kita Pusteblume'))).toBe(false);
    expect(
      grouped(
        at('Gewerbepark Nord – Lang Logistik'),
        at('Gewerbepark Nord – Hoffmann Elektrotechnik'),
      ),
    ).toBe(false);
    expect(grouped(at('Treuhand Keller AG'), at('Migros Filiale Altstetten'))).toBe(false);
    // A business word added after the name is a sister company, not the same one.
    expect(grouped(at('Pyrofix SAS'), at('Pyrofix Conseil SAS'))).toBe(false);
    expect(grouped(at('Verpakkingen Mulder'), at('Verpakkingen Mulder Machinebouw'))).toBe(false);
  });

  it('does not take a contained name for the same site at another address', () => {
    expect(
      grouped(
        row('Brandt', 'Lindenstr. 4', '26122', 'Oldenburg'),
        row('Stadtwerke Brandt', 'Ammerländer Heerstr. 1', '26122', 'Oldenburg'),
      ),
    ).toBe(false);
  });
});

describe('the city as a district, the postal code a digit off', () => {
  it('groups a district under one postal code and the aliases of a city', () => {
    expect(
      grouped(
        row('Sunset Tire & Auto', '6500 Sunset Blvd', '90028', 'Hollywood', 'US'),
        row('Sunset Tire and Auto', '6500 Sunset Boulevard', '90028', 'Los Angeles', 'US'),
      ),
    ).toBe(true);
    expect(
      grouped(
        row('Brooklyn Bagel Co', '286 5th Ave', '11215', 'Brooklyn', 'US'),
        row('Brooklyn Bagel Co', '286 Fifth Avenue', '', 'New York', 'US'),
      ),
    ).toBe(true);
    expect(
      grouped(
        row('Golden Gate Cleaners', '1550 Polk St', '94109', 'San Francisco', 'US'),
        row('Golden Gate Cleaners', '1550 Polk Street', '', 'SF', 'US'),
      ),
    ).toBe(true);
    expect(
      grouped(
        row('Kita Sonnenblume', 'Bodenseestr. 12', '81241', 'München-Pasing'),
        row('Kita Sonnenblume', 'Bodenseestraße 12', '81241', 'München'),
      ),
    ).toBe(true);
    expect(
      grouped(
        row('Camden Print Shop', '55 Camden High St', 'NW1 7JL', 'London', 'GB'),
        row('Camden Print Shop', '55 Camden High Street', '', 'Camden, London', 'GB'),
      ),
    ).toBe(true);
  });

  it('groups a postal code a digit off or two digits swapped at the same address', () => {
    expect(
      grouped(
        row('Malerbetrieb Schröder', 'Goethestr. 9', '50667', 'Köln'),
        row('Malerbetrieb Schröder', 'Goethestraße 9', '50668', 'Köln'),
      ),
    ).toBe(true);
    expect(
      grouped(
        row('Alimentari Esposito', 'Via Toledo 210', '80134', 'Napoli', 'IT'),
        row('Alimentari Esposito Snc', 'Via Toledo, 210', '80143', 'Napoli', 'IT'),
      ),
    ).toBe(true);
  });

  it('keeps a digit off on another street, and other towns, apart', () => {
    expect(
      grouped(
        row('Malerbetrieb Schröder', 'Goethestr. 9', '50667', 'Köln'),
        row('Malerbetrieb Schröder', 'Schillerstr. 4', '50668', 'Köln'),
      ),
    ).toBe(false);
    expect(
      grouped(
        row('Kita Sonnenschein', 'Rosenweg 1', '50939', 'Köln'),
        row('Kita Sonnenschein', 'Rosenweg 1', '53111', 'Bonn'),
      ),
    ).toBe(false);
    expect(
      grouped(
        row('Müller GmbH', 'Hauptstr. 5', '80331', 'München'),
        row('Müller GmbH', 'Hauptstr. 5', '', 'Hamburg'),
      ),
    ).toBe(false);
    expect(
      grouped(
        row('Bäckerei Ludwig', 'Bahnhofstr. 1', '15230', 'Frankfurt (Oder)'),
        row('Bäckerei Ludwig', 'Bahnhofstr. 1', '60329', 'Frankfurt am Main'),
      ),
    ).toBe(false);
  });
});

describe('streets written another way, in a list', () => {
  it('groups directionals, ordinals and notes, and keeps the other side of the street apart', () => {
    const r = findDuplicates([
      row('Koreatown Deli', '88 W 31st St between 5th and 6th Ave', '10001', 'New York', 'US'),
      row('Koreatown Deli LLC', '88 West 31st Street', '10001', 'New York', 'US'),
      row('Koreatown Deli', '88 W 32nd St', '10001', 'New York', 'US'),
      row('Starbucks', '100 N Main St', '48104', 'Ann Arbor', 'US'),
      row('Starbucks', '100 S Main St', '48104', 'Ann Arbor', 'US'),
    ]);
    expect(r.groups.map((g) => g.keys.length)).toEqual([2]);
  });
});

describe('connectors and initials', () => {
  it('drops "e", "i", "et" between words but keeps an initial first', () => {
    expect(foldName('Ferri e Figli').tokens).toEqual(['ferri', 'figli']);
    expect(foldName('Nowak i Syn').tokens).toEqual(['nowak', 'syn']);
    expect(foldName('E. Wagner').tokens).toEqual(['e', 'wagner']);
  });
});

describe('guides and directories: no postal code, the town as its district', () => {
  const us = (name: string, street: string, city: string) => row(name, street, '', city, 'US');
  it.each([
    [
      us("L'Orchidée", '903 N. Cahuenga Blvd.', 'W. Hollywood'),
      us("L'Orchidée", '903 N. Cahuenga Blvd.', 'Los Angeles'),
    ],
    [
      us('Sakura House', '1972 Hillview Ave.', 'Los Feliz'),
      us('Sakura House', '1972 N. Hillview Ave.', 'Los Angeles'),
    ],
    [
      us("Mei Wong's Gourmet Chinese Cuisine", '67 N. Raymond Ave.', 'Pasadena'),
      us("Mei Wong's", '67 N. Raymond Ave.', 'Los Angeles'),
    ],
    [
      us('Fig Tree', '8358 Sunset Blvd. West', 'Hollywood'),
      us('Fig Tree at the Argent', '8358 Sunset Blvd.', 'W. Hollywood'),
    ],
    [
      row('Elektro Huber GmbH', 'Landsberger Straße 300', '', 'München-Pasing'),
      row('Elektro Huber', 'Landsberger Str. 300', '81241', 'München'),
    ],
  ])('%o and %o are one site', (a, b) => {
    expect(grouped(a, b)).toBe(true);
  });
  it.each([
    // A street every town has: one name and number in two towns are two sites.
    [us('Corner Bistro', '5 Main St.', 'Boston'), us('Corner Bistro', '5 Main St.', 'Portland')],
    [
      row('Tischlerei Braun', 'Dorfstraße 2', '', 'Dresden'),
      row('Tischlerei Braun', 'Dorfstraße 2', '', 'Leipzig'),
    ],
    [
      row('Tischlerei Braun', 'Lindenhofer Weg 2', '01099', 'Dresden'),
      row('Tischlerei Braun', 'Lindenhofer Weg 2', '04109', 'Leipzig'),
    ],
    [us('Corner Bistro', '5 5th Ave.', 'Seattle'), us('Corner Bistro', '5 Fifth Ave.', 'New York')],
  ])('%o and %o stay apart', (a, b) => {
    expect(grouped(a, b)).toBe(false);
  });
});

describe('notes after a number-first street', () => {
  it.each([
    ['2355 Peachtree Rd. Peachtree Battle Shopping Center', '2355 Peachtree Rd. NE'],
    ['3393 Peachtree Rd. Lenox Square Mall near Macys', '3393 Peachtree Rd.'],
    ['10 Downing Street Westminster', '10 Downing St'],
  ])('%s / %s', (a, b) => {
    expect(
      grouped(row('Abruzzo', a, '', 'Atlanta', 'US'), row('Abruzzo', b, '', 'Atlanta', 'US')),
    ).toBe(true);
  });
  it('another street type after the number is still another street', () => {
    expect(
      grouped(
        row('Abruzzo', '2355 Peachtree Rd.', '', 'Atlanta', 'US'),
        row('Abruzzo', '2355 Peachtree Ave.', '', 'Atlanta', 'US'),
      ),
    ).toBe(false);
  });
});

describe('trades and outlets', () => {
  const at = (name: string) => row(name, 'Kronenstraße 8', '79098', 'Freiburg');
  it.each([
    ['Müller Bäckerei', 'Bäckerei & Konditorei Müller'],
    ["Ned's Delicatessen", "Ned's Deli"],
    ['Cafe Grand-Hotel Buckhead', 'Grand-Hotel Cafe (Buckhead)'],
  ])('%s / %s are one business', (a, b) => {
    expect(grouped(at(a), at(b))).toBe(true);
  });
  it.each([
    ['Dreherei Keller', 'Fräserei Keller'],
    ['Metzgerei Vogt', 'Bäckerei Vogt'],
    ['Vogt Bau', 'Vogt Elektro'],
    ['Cafe Grand-Hotel Buckhead', 'Grand-Hotel Dining Room (Buckhead)'],
  ])('%s / %s are two', (a, b) => {
    expect(grouped(at(a), at(b))).toBe(false);
  });
});

describe('registration numbers', () => {
  type Side = [
    name: string,
    street: string,
    postal: string,
    city: string,
    reg: SupplierRecord['registrations'],
  ];
  const rec = ([name, street, postal, city, registrations]: Side): SupplierRecord => ({
    ...row(name, street, postal, city),
    registrations,
  });
  const stuttgart: Side = [
    'Schulz Metall GmbH',
    'Industriestraße 1',
    '70565',
    'Stuttgart',
    { vatId: 'DE111111111' },
  ];
  it.each<[string, Side, Side, boolean]>([
    [
      'the same VAT id written two ways joins names that differ',
      ['IBM Deutschland GmbH', 'IBM-Allee 1', '71139', 'Ehningen', { vatId: 'DE 811 126 245' }],
      ['International Business Machines', 'IBM Allee 1', '', 'Ehningen', { vatId: 'DE811126245' }],
      true,
    ],
    [
      'the same DUNS joins a row without an address',
      ['Kessler Antriebe', 'Werkstraße 3', '88400', 'Biberach', { duns: '31-537-5043' }],
      ['Keßler Antriebstechnik', '', '', '', { duns: '315375043' }],
      true,
    ],
    [
      'two VAT ids keep equal names at one address apart',
      stuttgart,
      ['Schulz Metall GmbH', 'Industriestr. 1', '70565', 'Stuttgart', { vatId: 'DE222222222' }],
      false,
    ],
    [
      'one VAT id in another city is another site, not a duplicate',
      stuttgart,
      ['Schulz Metall GmbH', 'Hafenstraße 9', '20457', 'Hamburg', { vatId: 'DE111111111' }],
      false,
    ],
  ])('%s', (_, a, b, one) => {
    expect(grouped(rec(a), rec(b))).toBe(one);
  });
});
