// Names that contain each other, at one address: a short and a long name, a parent organisation
// before the site's name, generic words, "&"/and/und/et, possessives, additions in brackets,
// abbreviations. Hard negatives: numbered sites, unrelated names at one address (a business
// park, an office building).
import { site } from './types';
import type { OwnSet } from './types';

export const names: OwnSet = {
  name: 'names',
  sites: [
    site(
      'DE',
      ['Brandt', 'Lindenstr. 4', '26122', 'Oldenburg'],
      ['Stadtwerke Brandt, Karl', 'Lindenstraße 4', '26122', 'Oldenburg'],
    ),
    site(
      'DE',
      ['Caritas Verband Köln – Kita Sonnenschein', 'Bonner Str. 200', '50968', 'Köln'],
      ['Kita Sonnenschein Caritas', 'Bonner Straße 200', '50968', 'Köln'],
    ),
    site(
      'DE',
      ['Restaurant Zum Goldenen Hirsch', 'Marktstr. 3', '79098', 'Freiburg'],
      ['Zum Goldenen Hirsch', 'Marktstraße 3', '79098', 'Freiburg'],
    ),
    site(
      'DE',
      ['Müller Maschinenbau GmbH (Hauptsitz)', 'Industriestr. 20', '70565', 'Stuttgart'],
      ['Müller Maschinenbau GmbH', 'Industriestraße 20', '70565', 'Stuttgart'],
    ),
    site(
      'DE',
      ['Schmidt & Söhne Werkzeugbau', 'Am Gewerbering 7', '42369', 'Wuppertal'],
      ['Schmidt und Söhne Werkzeugbau GmbH', 'Am Gewerbering 7', '42369', 'Wuppertal'],
    ),
    site('DE', ['Bosch Werk 1', 'Tübinger Str. 123', '72762', 'Reutlingen']),
    site('DE', ['Bosch Werk 2', 'Tübinger Str. 123', '72762', 'Reutlingen']),
    site('DE', ['Logistikzentrum Lager 1', 'Hafenstr. 10', '47119', 'Duisburg']),
    site('DE', ['Logistikzentrum Lager 2', 'Hafenstr. 10', '47119', 'Duisburg']),
    site(
      'DE',
      ['Evangelische Kita Regenbogen', 'Kirchweg 2', '30159', 'Hannover'],
      ['Kita Regenbogen', 'Kirchweg 2', '30159', 'Hannover'],
    ),
    site('DE', ['Kita Pusteblume', 'Kirchweg 2', '30159', 'Hannover']),
    site(
      'AT',
      ['Gasthaus Zur Post', 'Hauptplatz 1', '8010', 'Graz'],
      ['Zur Post Gasthaus & Pension', 'Hauptplatz 1', '8010', 'Graz'],
    ),
    site(
      'AT',
      ['Volkshilfe Wien – Pflegezentrum Favoriten', 'Laxenburger Str. 90', '1100', 'Wien'],
      ['Pflegezentrum Favoriten', 'Laxenburger Straße 90', '1100', 'Wien'],
    ),
    site(
      'CH',
      ['Migros Genossenschaft – Filiale Altstetten', 'Badenerstrasse 500', '8048', 'Zürich'],
      ['Migros Filiale Altstetten', 'Badenerstr. 500', '8048', 'Zürich'],
    ),
    site('CH', ['Treuhand Keller AG', 'Badenerstrasse 500', '8048', 'Zürich']),
    site(
      'FR',
      ['Boulangerie Pâtisserie Moreau et Fils', '4 rue de Paris', '35000', 'Rennes'],
      ['Moreau & Fils', '4 rue de Paris', '35000', 'Rennes'],
    ),
    site(
      'FR',
      ['Restaurant Le Petit Zinc', '11 rue Saint-Benoît', '75006', 'Paris'],
      ['Le Petit Zinc', '11 rue Saint-Benoît', '75006', 'Paris'],
    ),
    site(
      'IT',
      ["Mario's Ristorante", 'Via Roma 22', '50123', 'Firenze'],
      ['Ristorante Mario', 'Via Roma 22', '50123', 'Firenze'],
    ),
    site(
      'IT',
      ['Ferri & Figli S.r.l.', 'Via Emilia 300', '41126', 'Modena'],
      ['Ferri e Figli', 'Via Emilia 300', '41126', 'Modena'],
    ),
    site(
      'ES',
      ['Hermanos Ortega y Cía', 'Calle Real 5', '29001', 'Málaga'],
      ['Hermanos Ortega', 'Calle Real 5', '29001', 'Malaga'],
    ),
    site(
      'NL',
      ['Stichting Kinderopvang Zonnetje (Utrecht)', 'Biltstraat 40', '3572 BC', 'Utrecht'],
      ['Kinderopvang Zonnetje', 'Biltstraat 40', '3572 BC', 'Utrecht'],
    ),
    site(
      'PL',
      ['PHU Kowalczyk', 'ul. Fabryczna 12', '90-344', 'Łódź'],
      ['Przedsiębiorstwo Handlowo-Usługowe Kowalczyk', 'Fabryczna 12', '90-344', 'Łódź'],
    ),
    site(
      'GB',
      ['Marks Plumbing & Heating Svc', '9 Mill Lane', 'BS1 5AA', 'Bristol'],
      ['Marks Plumbing and Heating Services Ltd', '9 Mill Ln', 'BS1 5AA', 'Bristol'],
    ),
    site(
      'GB',
      ['The Red Lion', '1 Market Sq', 'CB2 3QJ', 'Cambridge'],
      ['Red Lion Pub', '1 Market Square', 'CB2 3QJ', 'Cambridge'],
    ),
    site(
      'US',
      ['Apex Tech', '500 Commerce Dr', '75201', 'Dallas'],
      ['Apex Technology Inc', '500 Commerce Drive', '75201', 'Dallas'],
    ),
    site(
      'US',
      ['Global Freight Intl', '2200 Harbor Blvd', '90731', 'San Pedro'],
      ["Global Freight Int'l Corp", '2200 Harbor Blvd', '90731', 'San Pedro'],
      ['Global Freight International', '2200 Harbor Boulevard', '90731', 'San Pedro'],
    ),
    site(
      'US',
      ['Precision Mfg Co', '800 Industrial Pkwy', '44101', 'Cleveland'],
      ['Precision Manufacturing Company', '800 Industrial Parkway', '44101', 'Cleveland'],
    ),
    site('US', ['Lakeside Dental Center', '800 Industrial Pkwy', '44101', 'Cleveland']),
    site(
      'US',
      ['Walgreens #4521', '1 N State St', '60602', 'Chicago'],
      ['Walgreens (Chicago Loop)', '1 North State Street', '60602', 'Chicago'],
    ),
    site(
      'US',
      ['Boston Medical Supply (Boston)', '75 Albany St', '02118', 'Boston'],
      ['Boston Medical Supply', '75 Albany Street', '02118', 'Boston'],
    ),
    site('US', ['Boston Medical Supply', '10 Main St', '01608', 'Worcester']),
  ],
};
