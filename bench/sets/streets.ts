// Streets written another way: directionals, street types and their abbreviations, ordinals as
// words or numbers, the street type left out, house-number forms, notes after the address. The
// names and places agree (or differ as lists make them differ: a legal form, case). Hard
// negatives: the same name on the other side of a directional, another house number, another
// numbered street.
import { site } from './types';
import type { OwnSet } from './types';

export const streets: OwnSet = {
  name: 'streets',
  sites: [
    // United States: directionals, ordinals, suites, notes.
    site(
      'US',
      ['Gotham Hardware', '214 W 12th St', '10011', 'New York'],
      ['Gotham Hardware Inc.', '214 West 12th Street', '10011', 'New York'],
    ),
    site('US', ['Gotham Hardware', '214 W 14th St', '10011', 'New York']),
    site(
      'US',
      ['Elm Street Dental', '45 N. Elm St', '27401', 'Greensboro'],
      ['Elm Street Dental PLLC', '45 North Elm Street', '27401', 'Greensboro'],
    ),
    site('US', ['Elm Street Dental', '45 S. Elm St', '27401', 'Greensboro']),
    site(
      'US',
      ['Fifth Avenue Florist', '512 5th Ave', '10036', 'New York'],
      ['Fifth Avenue Florist', '512 Fifth Avenue', '10036', 'New York'],
    ),
    site(
      'US',
      ['Lincoln Auto Parts', '410 E Lincoln Blvd', '90291', 'Venice'],
      ['Lincoln Auto Parts', '410 E Lincoln', '90291', 'Venice'],
      ['LINCOLN AUTO PARTS', '410 East Lincoln Blv.', '90291', 'Venice'],
    ),
    site(
      'US',
      ['Koreatown Deli', '88 W 31st St between 5th and 6th Ave', '10001', 'New York'],
      ['Koreatown Deli LLC', '88 West 31st Street', '10001', 'New York'],
    ),
    site(
      'US',
      ['Harbor Marine Supply', '3 Harbor St at Pier 9', '02210', 'Boston'],
      ['Harbor Marine Supply Co', '3 Harbor Street', '02210', 'Boston'],
    ),
    site(
      'US',
      ['Oak Road Pharmacy', '210 Oak Rd, Riverside Plaza', '92501', 'Riverside'],
      ['Oak Road Pharmacy', '210 Oak Road', '92501', 'Riverside'],
    ),
    site(
      'US',
      ['Summit Office Supply', '1200 Market St Suite 400', '94102', 'San Francisco'],
      ['Summit Office Supply', '1200 Market Street, Ste. 400', '94102', 'San Francisco'],
      ['Summit Office Supply Inc', '1200 Market St #400', '94102', 'San Francisco'],
    ),
    site(
      'US',
      ['Bayview Printing', '77 SE Main St', '97214', 'Portland'],
      ['Bayview Printing Inc', '77 Southeast Main Street', '97214', 'Portland'],
    ),
    site(
      'US',
      ['Riverside Machine Works', '1500 NW 2nd Ave', '33136', 'Miami'],
      ['Riverside Machine Works', '1500 Northwest Second Avenue', '33136', 'Miami'],
    ),
    site(
      'US',
      ['Canal Street Optical', '301 Canal St, 2nd Floor', '10013', 'New York'],
      ['Canal Street Optical', '301 Canal Street', '10013', 'New York'],
    ),
    // Britain.
    site(
      'GB',
      ['Crown & Anchor', '12 High St', 'OX1 4AA', 'Oxford'],
      ['Crown and Anchor Ltd', '12 High Street', 'OX1 4AA', 'Oxford'],
    ),
    site(
      'GB',
      ['Smith Electrical', 'Unit 4, 27 Station Rd', 'M1 2AB', 'Manchester'],
      ['Smith Electrical Ltd', '27 Station Road', 'M1 2AB', 'Manchester'],
    ),
    site(
      'GB',
      ['Oakfield Garage', '101 Church Ln', 'LS6 2AB', 'Leeds'],
      ['Oakfield Garage', '101 Church Lane', 'LS6 2AB', 'Leeds'],
    ),
    // Germany: Str./Straße, 5a / 5 a, ranges, business parks, floors, c/o.
    site(
      'DE',
      ['Bäckerei Schulze', 'Hauptstr. 5a', '10115', 'Berlin'],
      ['Bäckerei Schulze', 'Hauptstraße 5 a', '10115', 'Berlin'],
    ),
    site('DE', ['Bäckerei Schulze', 'Hauptstr. 15', '10115', 'Berlin']),
    site(
      'DE',
      ['Metallbau Krüger GmbH', 'Industriestraße 5-7', '33602', 'Bielefeld'],
      ['Metallbau Krüger GmbH', 'Industriestr. 7', '33602', 'Bielefeld'],
    ),
    site(
      'DE',
      ['Kfz-Werkstatt Yilmaz', 'Gewerbepark Süd, Am Bahnhof 12', '86150', 'Augsburg'],
      ['Kfz Werkstatt Yilmaz', 'Am Bahnhof 12', '86150', 'Augsburg'],
    ),
    site(
      'DE',
      ['Elektro Maier', 'Friedrich-Ebert-Str. 44', '34117', 'Kassel'],
      ['Elektro Maier e.K.', 'Friedrich Ebert Straße 44', '34117', 'Kassel'],
    ),
    site(
      'DE',
      ['Zahnarztpraxis Dr. Weber', 'Bahnhofstr. 21, 2. OG', '72070', 'Tübingen'],
      ['Zahnarztpraxis Dr. Weber', 'Bahnhofstraße 21', '72070', 'Tübingen'],
    ),
    site(
      'DE',
      ['Hausverwaltung Berger', 'c/o Steuerbüro Kunz, Lindenallee 8', '45127', 'Essen'],
      ['Hausverwaltung Berger', 'Lindenallee 8', '45127', 'Essen'],
    ),
    // Austria and Switzerland.
    site(
      'AT',
      ['Tischlerei Huber', 'Wiener Str. 112', '4020', 'Linz'],
      ['Tischlerei Huber', 'Wiener Strasse 112', '4020', 'Linz'],
    ),
    site(
      'AT',
      ['Installateur Gruber', 'Mariahilfer Straße 45/3', '1060', 'Wien'],
      ['Installateur Gruber GmbH', 'Mariahilferstr. 45', '1060', 'Wien'],
    ),
    site(
      'CH',
      ['Schreinerei Bühler AG', 'Bahnhofstrasse 10', '8001', 'Zürich'],
      ['Schreinerei Bühler AG', 'Bahnhofstr. 10', '8001', 'Zürich'],
    ),
    site(
      'CH',
      ['Boulangerie Favre', 'Rue du Rhône 42', '1204', 'Genève'],
      ['Boulangerie Favre SA', 'R. du Rhone 42', '1204', 'Genève'],
    ),
    // France: av./bd/pl./ch., "bis".
    site(
      'FR',
      ['Garage Martin', '12 av. Jean Jaurès', '69007', 'Lyon'],
      ['Garage Martin SARL', '12 Avenue Jean-Jaurès', '69007', 'Lyon'],
    ),
    site(
      'FR',
      ['Boulangerie Dupont', '5 bd Voltaire', '75011', 'Paris'],
      ['Boulangerie Dupont', '5 boulevard Voltaire', '75011', 'Paris'],
    ),
    site(
      'FR',
      ['Pharmacie Centrale', '3 pl. de la République', '13001', 'Marseille'],
      ['Pharmacie Centrale', '3 place de la Republique', '13001', 'Marseille'],
    ),
    site(
      'FR',
      ['Imprimerie Leroy', '14 bis rue Nationale', '59000', 'Lille'],
      ['Imprimerie Leroy', '14bis, rue Nationale', '59000', 'Lille'],
    ),
    site('FR', ['Imprimerie Leroy', '41 rue Nationale', '59000', 'Lille']),
    // Italy: V./C.so/P.za, the number after a comma.
    site(
      'IT',
      ['Trattoria da Mario', 'Via Garibaldi 15', '10122', 'Torino'],
      ['Trattoria Da Mario', 'V. Garibaldi, 15', '10122', 'Torino'],
    ),
    site(
      'IT',
      ['Officina Rossi Srl', 'Corso Vittorio Emanuele II 120', '10121', 'Torino'],
      ['Officina Rossi Srl', 'C.so Vittorio Emanuele II, 120', '10121', 'Torino'],
    ),
    site(
      'IT',
      ['Ferramenta Bianchi', 'Piazza Duomo 3', '20122', 'Milano'],
      ['Ferramenta Bianchi', 'P.za Duomo, 3', '20122', 'Milano'],
    ),
    // Spain: C/, Avda., Pº.
    site(
      'ES',
      ['Bar Casa Pepe', 'C/ Mayor 12', '28013', 'Madrid'],
      ['Bar Casa Pepe', 'Calle Mayor, 12', '28013', 'Madrid'],
    ),
    site(
      'ES',
      ['Talleres García SL', 'Avda. de la Constitución 45', '41001', 'Sevilla'],
      ['Talleres Garcia SL', 'Avenida Constitución 45', '41001', 'Sevilla'],
    ),
    site(
      'ES',
      ['Ferretería López', 'Pº de Gracia 101', '08008', 'Barcelona'],
      ['Ferreteria Lopez', 'Paseo de Gracia, 101', '08008', 'Barcelona'],
    ),
    // Netherlands and Poland.
    site(
      'NL',
      ['Bakkerij De Vries', 'Kerkstraat 12', '1017 GB', 'Amsterdam'],
      ['Bakkerij de Vries', 'Kerkstr. 12', '1017GB', 'Amsterdam'],
    ),
    site(
      'NL',
      ['Fietsenmaker Jansen', 'Prins Hendrikkade 104-A', '1011 AJ', 'Amsterdam'],
      ['Fietsenmaker Jansen', 'Prins Hendrikkade 104a', '1011 AJ', 'Amsterdam'],
    ),
    site(
      'PL',
      ['Piekarnia Nowak', 'ul. Marszałkowska 10', '00-590', 'Warszawa'],
      ['Piekarnia Nowak', 'Marszałkowska 10', '00-590', 'Warszawa'],
    ),
    site(
      'PL',
      ['Zakład Mechaniczny Kowalski', 'al. Jerozolimskie 65/79', '00-697', 'Warszawa'],
      ['Zaklad Mechaniczny Kowalski Sp. z o.o.', 'Aleje Jerozolimskie 65/79', '00-697', 'Warszawa'],
    ),
    site(
      'PL',
      ['Apteka Pod Orłem', 'pl. Grunwaldzki 3', '50-377', 'Wrocław'],
      ['Apteka Pod Orlem', 'Plac Grunwaldzki 3', '50-377', 'Wroclaw'],
    ),
  ],
};
