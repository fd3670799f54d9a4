// Written after the rules of fold/compare were: all four shapes mixed, so that its figures say
// how the rules carry to rows they were not made from. Its rows up to "FHU Malinowski" and the
// two Biedronka came first and were not tuned to; those between were added later and measured
// before any change (precision 0.952, recall 0.800), after which Roman numerals, titles in street
// names, Carretera and a street part chosen by its type were added for them: they are held out
// no longer.
import { site } from './types';
import type { OwnSet } from './types';

export const holdout: OwnSet = {
  name: 'holdout',
  sites: [
    site(
      'US',
      ['Blue Bottle Coffee', '66 Mint St', '94103', 'San Francisco'],
      ['Blue Bottle Coffee Inc.', '66 Mint Street, Suite B', '94103', 'San Francisco, CA'],
    ),
    site(
      'US',
      ["Katz's Delicatessen", '205 E Houston St', '10002', 'New York'],
      ['Katz Delicatessen', '205 East Houston Street', '10002', 'Manhattan'],
    ),
    site('US', ["Katz's Delicatessen", '205 W Houston St', '10014', 'New York']),
    site(
      'US',
      ['Northside Tool & Die', '3300 N Third Ave', '60618', 'Chicago'],
      ['Northside Tool and Die Co', '3300 North 3rd Avenue', '60618', 'Chicago'],
    ),
    site(
      'US',
      ['Quality Auto Body', '15 SW 8th St', '33130', 'Miami'],
      ['Quality Auto Body LLC', '15 Southwest Eighth Street', '33130', 'Miami'],
    ),
    site('US', ['Quality Auto Body', '15 SW 18th St', '33130', 'Miami']),
    site(
      'GB',
      ['Greggs', '44 Northumberland St', 'NE1 7DE', 'Newcastle upon Tyne'],
      ['Greggs plc', '44 Northumberland Street', 'NE1 7DE', 'Newcastle'],
    ),
    site(
      'DE',
      ['Metzgerei Hofmann', 'Bamberger Str. 12 a', '96215', 'Lichtenfels'],
      ['Metzgerei Hofmann', 'Bamberger Straße 12a', '', 'Lichtenfels'],
    ),
    site(
      'DE',
      ['Diakonie Hamburg – Kita Arche Noah', 'Königstraße 54', '22767', 'Hamburg'],
      ['Kita Arche Noah', 'Königstr. 54', '22767', 'Hamburg-Altona'],
    ),
    site(
      'DE',
      ['Stadtwerke Ulm/Neu-Ulm GmbH', 'Karlstr. 1-3', '89073', 'Ulm'],
      ['SWU Stadtwerke Ulm/Neu-Ulm', 'Karlstraße 1', '89073', 'Ulm (Donau)'],
    ),
    site('DE', ['Dreherei Keller', 'Gewerbestr. 8', '78532', 'Tuttlingen']),
    site('DE', ['Fräserei Keller', 'Gewerbestr. 8', '78532', 'Tuttlingen']),
    site(
      'AT',
      ['Elektro Pichler', 'Linzer Straße 221', '1140', 'Wien'],
      ['Elektro Pichler GmbH', 'Linzer Str. 221/2/5', '1140', 'Wien-Penzing'],
    ),
    site(
      'CH',
      ['Garage Brunner AG', 'Zürcherstrasse 45', '8400', 'Winterthur'],
      ['Garage Brunner', 'Zürcherstr. 45', '8401', 'Winterthur'],
    ),
    site(
      'FR',
      ['Fromagerie Girard', '7 place du Marché', '74000', 'Annecy'],
      ['Fromagerie Girard SARL', '7 pl. du Marche', '74000', 'Annecy'],
    ),
    site('FR', ['Fromagerie Girard', '7 rue du Marché', '74000', 'Annecy']),
    site(
      'IT',
      ['Autofficina F.lli Conti', 'Viale Monza 140', '20127', 'Milano'],
      ['Autofficina Fratelli Conti Snc', 'V.le Monza, 140', '20127', 'Milano'],
    ),
    site(
      'ES',
      ['Panadería La Espiga', 'Avda. de América 30', '28028', 'Madrid'],
      ['La Espiga Panaderia', 'Avenida America, 30', '28028', 'Madrid'],
    ),
    site(
      'NL',
      ['Installatiebedrijf Dekker', 'Stationsweg 9 A', '2312 AS', 'Leiden'],
      ['Installatiebedrijf Dekker B.V.', 'Stationsweg 9a', '2312 AS', 'Leiden'],
    ),
    site(
      'PL',
      ['FHU Malinowski', 'ul. Piotrkowska 120 lok. 4', '90-006', 'Łódź'],
      ['Firma Handlowo-Usługowa Malinowski', 'Piotrkowska 120', '90-006', 'Lodz'],
    ),
    site(
      'DE',
      ['Bäckerei Müller', 'Karl-Marx-Allee 90', '10243', 'Berlin'],
      ['Müller Bäckerei & Konditorei', 'Karl Marx Allee 90', '10243', 'Berlin'],
    ),
    site(
      'DE',
      ['Schlosserei Wagner', 'Gewerbegebiet Nord, Industriestr. 5', '97080', 'Würzburg'],
      ['Schlosserei Wagner GmbH', 'Industriestraße 5', '97080', 'Wuerzburg'],
    ),
    site(
      'US',
      ['Ocean View Motel', '2100 Hwy 1', '93950', 'Pacific Grove'],
      ['Ocean View Motel', '2100 Highway 1', '93950', 'Pacific Grove'],
    ),
    site(
      'US',
      ['Saint Vincent Thrift Store', '400 St. Charles Ave', '70130', 'New Orleans'],
      ['St. Vincent Thrift', '400 Saint Charles Avenue', '70130', 'New Orleans'],
    ),
    site(
      'GB',
      [
        'Riverside Joinery',
        'Unit 5, Riverside Industrial Estate, Mill Road',
        'CB1 3AN',
        'Cambridge',
      ],
      ['Riverside Joinery Ltd', 'Mill Road', 'CB1 3AN', 'Cambridge'],
    ),
    site(
      'FR',
      ['Transports Petit', 'ZI des Hauts, 12 rue de l’Industrie', '44300', 'Nantes'],
      ['Transports Petit SAS', '12 rue de l’Industrie', '44300', 'Nantes'],
    ),
    site(
      'IT',
      ['Idraulica Greco', 'Via XX Settembre 8', '16121', 'Genova'],
      ['Idraulica Greco Srl', 'Via 20 Settembre, 8', '16121', 'Genoa'],
    ),
    site('IT', ['Idraulica Greco', 'Via XXV Aprile 8', '16121', 'Genova']),
    site(
      'ES',
      ['Talleres Hermanos Díaz', 'Ctra. de Valencia km 7', '28031', 'Madrid'],
      ['Hnos. Díaz Talleres', 'Carretera de Valencia, km 7', '28031', 'Madrid'],
    ),
    site(
      'NL',
      ['Bloemenhandel Van Dijk', 'Burg. de Vlugtlaan 12', '1063 BJ', 'Amsterdam'],
      ['Bloemenhandel van Dijk', 'Burgemeester de Vlugtlaan 12', '1063 BJ', 'Amsterdam'],
    ),
    site(
      'CH',
      ['Sanitär Frei AG', 'Route de Lausanne 20', '1400', 'Yverdon-les-Bains'],
      ['Sanitär Frei', 'Rte de Lausanne 20', '1400', 'Yverdon'],
    ),
    site('CH', ['Sanitär Frei AG', 'Route de Lausanne 22', '1400', 'Yverdon-les-Bains']),
    site('PL', ['Biedronka', 'ul. Piotrkowska 121', '90-006', 'Łódź']),
    site('PL', ['Biedronka', 'ul. Piotrkowska 212', '90-006', 'Łódź']),
  ],
};
