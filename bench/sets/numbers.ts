// Lists that carry telephone and registration numbers, written the ways lists write them: a
// guide's phone with slashes or dashes, a VAT id with and without spaces or its country prefix, a
// DUNS with dashes. Hard negatives: a hotel's outlets on one switchboard number, one company's
// two sites under one VAT id, two companies of one name with two VAT ids, a chain's two towns.
import { site } from './types';
import type { OwnSet } from './types';

export const numbers: OwnSet = {
  name: 'numbers',
  sites: [
    // A guide's second address of one restaurant, its phone the same.
    site(
      'US',
      ['Pronto (Santa Monica)', '8795 Ocean Ave.', '', 'Santa Monica', { phone: '310/652-4025' }],
      ['Pronto', '1114 Horn Ave.', '', 'Los Angeles', { phone: '310-652-4025' }],
    ),
    site(
      'US',
      ['Grill The', '9560 Dayton Way', '', 'Beverly Hills', { phone: '310/276-0615' }],
      ['Grill on the Alley', '9560 Dayton Way', '', 'Los Angeles', { phone: '(310) 276-0615' }],
    ),
    site(
      'US',
      ['Les Artistes', '160 Central Park S', '', 'New York', { phone: '212/484-5113' }],
      ['Les Artistes', '155 W. 58th St.', '', 'New York City', { phone: '+1 212 484 5113' }],
    ),
    // One hotel, two outlets, one switchboard.
    site('US', [
      'Cafe Majestic Midtown',
      '3434 Peachtree Rd.',
      '',
      'Atlanta',
      { phone: '404/237-2700' },
    ]),
    site('US', [
      'Dining Room Majestic Midtown',
      '3434 Peachtree Rd.',
      '',
      'Atlanta',
      { phone: '404/237-2700' },
    ]),
    // A chain's central number in two towns with their postal codes.
    site('US', [
      'Harbor Freight Depot',
      '12 Market St.',
      '02108',
      'Boston',
      { phone: '800-555-0199' },
    ]),
    site('US', [
      'Harbor Freight Depot',
      '40 Pine St.',
      '97204',
      'Portland',
      { phone: '800-555-0199' },
    ]),
    // Germany: the phone national and international, a VAT id with and without spaces.
    site(
      'DE',
      ['Kühne Feinmechanik GmbH', 'Am Brühl 7', '04109', 'Leipzig', { phone: '0341 2345678' }],
      ['Kuehne Präzisionsteile', 'Am Bruehl 7', '', 'Leipzig', { phone: '+49 (0)341 2345678' }],
    ),
    site(
      'DE',
      [
        'Nordlicht Antriebstechnik GmbH',
        'Werftstraße 12',
        '24143',
        'Kiel',
        { vatId: 'DE 811 126 245' },
      ],
      ['NLA Kiel', 'Werftstr. 12', '', 'Kiel', { vatId: '811126245' }],
    ),
    site('DE', [
      'Schulz Metall GmbH',
      'Industriestraße 1',
      '70565',
      'Stuttgart',
      { vatId: 'DE111111111' },
    ]),
    site('DE', [
      'Schulz Metall GmbH',
      'Industriestr. 1',
      '70565',
      'Stuttgart',
      { vatId: 'DE222222222' },
    ]),
    // One VAT id, two sites of one company.
    site('DE', [
      'Brandt Logistik GmbH',
      'Hafenstraße 9',
      '20457',
      'Hamburg',
      { vatId: 'DE333444555' },
    ]),
    site('DE', [
      'Brandt Logistik GmbH',
      'Containerweg 2',
      '28197',
      'Bremen',
      { vatId: 'DE333444555' },
    ]),
    // Austria, Switzerland, France, Italy, the Netherlands, Poland, Britain.
    site(
      'AT',
      ['Huber Holzbau GmbH', 'Bahnhofstraße 4', '4020', 'Linz', { vatId: 'ATU12345678' }],
      ['Holzbau Huber', 'Bahnhofstr. 4', '4020', 'Linz', { vatId: 'ATU 1234 5678' }],
    ),
    site(
      'CH',
      ['Meier Druck AG', 'Seestrasse 40', '8002', 'Zürich', { phone: '044 123 45 67' }],
      ['Druckerei Meier', 'Seestr. 40', '8002', 'Zurich', { phone: '+41 44 123 45 67' }],
    ),
    site(
      'FR',
      [
        'Boulangerie Dupont',
        '12 rue de la Paix',
        '75002',
        'Paris',
        { registerNumber: '552 100 554' },
      ],
      ['Dupont SARL', '12, rue de la Paix', '75002', 'Paris 2e', { registerNumber: '552100554' }],
    ),
    site(
      'IT',
      ['Rossi Trasporti S.r.l.', 'Via Roma 15', '20121', 'Milano', { vatId: 'IT 01234567890' }],
      ['Trasporti Rossi', 'Via Roma, 15', '', 'Milan', { vatId: '01234567890' }],
    ),
    site(
      'NL',
      [
        'De Vries Techniek B.V.',
        'Keizersgracht 100',
        '1015 AA',
        'Amsterdam',
        { duns: '41-234-5678' },
      ],
      ['Techniek De Vries', 'Keizersgracht 100', '', 'Amsterdam', { duns: '412345678' }],
    ),
    site(
      'PL',
      ['Nowak Sp. z o.o.', 'ul. Długa 5', '00-238', 'Warszawa', { vatId: 'PL 526-000-12-46' }],
      ['Firma Nowak', 'Dluga 5', '00238', 'Warsaw', { vatId: '5260001246' }],
    ),
    site(
      'GB',
      ['Smith & Sons Ltd', '10 High Street', 'SW1A 1AA', 'London', { registerNumber: '01234567' }],
      ['Smith and Sons', '10 High St', '', 'London', { registerNumber: '1234567' }],
    ),
  ],
};
