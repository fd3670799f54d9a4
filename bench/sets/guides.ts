// Lists in the shape of guides and directories: no postal codes, the town written as a district
// by one list and as its city by the other, notes and shopping centres after the street, a
// name with its cuisine, its hotel or its trade added. Hard negatives: one name and one address
// on a street every town has, in two towns; two trades of one family at one address; two
// businesses of one centre.
import { site } from './types';
import type { OwnSet } from './types';

export const guides: OwnSet = {
  name: 'guides',
  sites: [
    site(
      'US',
      ['Harvey of Boston', '435 S. La Pradera Blv.', '', 'Los Angeles'],
      ['Harvey of Boston', '435 S. La Pradera Blvd.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ["Ned's Delicatessen", '12224 Ventura Blvd.', '', 'Studio City'],
      ["Ned's Deli", '12224 Ventura Blvd.', '', 'Studio City'],
    ),
    site(
      'US',
      ['Hotel Sequoia', '701 Stone Ridge Rd.', '', 'Bel Air'],
      ['Sequoia Hotel', '701 Stone Ridge Rd.', '', 'Bel Air'],
    ),
    site(
      'US',
      ['Fenwick', '8358 Sunset Blvd. West', '', 'Hollywood'],
      ['Fenwick at the Ambrose', '8358 Sunset Blvd.', '', 'W. Hollywood'],
    ),
    // Truly one place, but only the address says so: an honest miss.
    site(
      'US',
      ['Grill The', '9560 Dayton Way', '', 'Beverly Hills'],
      ['Grill on the Lane', '9560 Dayton Way', '', 'Los Angeles'],
    ),
    site(
      'US',
      ['Restaurant Kenzo', '1972 Hillcrest Ave.', '', 'Los Feliz'],
      ['Kenzo', '1972 N. Hillcrest Ave.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ["L'Amandier", '903 N. La Pradera Blvd.', '', 'W. Hollywood'],
      ["L'Amandier", '903 N. La Pradera Blvd.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ['Locanda Rosa', '3rd St.', '', 'Los Angeles'],
      ['Locanda Rosa', '8638 W. Third St.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ['The Oak', '9001 Santa Monica Blvd.', '', 'W. Hollywood'],
      ['Oak The', '9001 Santa Monica Blvd.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ["Pedro's the Original", '1001 N. Alameda St.', '', 'Chinatown'],
      ['Pedro the Original', '1001 N. Alameda St.', '', 'Los Angeles'],
    ),
    site(
      'US',
      ["Yu Lin's Gourmet Chinese Cuisine", '67 N. Raymond Ave.', '', 'Los Angeles'],
      ["Yu Lin's", '67 N. Raymond Ave.', '', 'Pasadena'],
    ),
    site(
      'US',
      ['52 Club', '21 W. 52nd St.', '', 'New York'],
      ['52 Club', '21 W. 52nd St.', '', 'New York City'],
    ),
    site(
      'US',
      ["Carmelo's", '2450 Broadway between 90th and 91st Sts.', '', 'New York'],
      ["Carmelo's", '2450 Broadway', '', 'New York City'],
    ),
    site(
      'US',
      ['Pike Bar', '95 Ave. A at 6th St.', '', 'New York'],
      ['Pike Bar', '95 Ave. A', '', 'New York City'],
    ),
    site(
      'US',
      ['Star Room', '30 Rockefeller Plaza', '', 'New York'],
      ['Star Room', '30 Rockefeller Plaza 65th Fl', '', 'New York City'],
    ),
    site(
      'US',
      ['Tavern on the Lawn', 'Central Park West', '', 'New York'],
      ['Tavern on the Lawn', 'Central Park West at 67th St.', '', 'New York City'],
    ),
    site(
      'US',
      ['Le Chablis', '3000 W. Paradise Rd.', '', 'Las Vegas'],
      ['Le Chablis', '3000 Paradise Rd.', '', 'Las Vegas'],
    ),
    site(
      'US',
      ['Abruzzo', '2355 Peachtree Rd. Peachtree Battle Shopping Center', '', 'Atlanta'],
      ['Abruzzo', '2355 Peachtree Rd. NE', '', 'Atlanta'],
    ),
    site(
      'US',
      ['Brasserie le Blanc', '3393 Peachtree Rd. Lenox Square Mall near Macys', '', 'Atlanta'],
      ['Brasserie le Blanc', '3393 Peachtree Rd.', '', 'Atlanta'],
    ),
    site(
      'US',
      ['Cafe Grand-Hotel Buckhead', '3434 Peachtree Rd.', '', 'Atlanta'],
      ['Grand-Hotel Cafe (Buckhead)', '3434 Peachtree Rd.', '', 'Atlanta'],
    ),
    site(
      'US',
      ['Dining Room Grand-Hotel Buckhead', '3434 Peachtree Rd.', '', 'Atlanta'],
      ['Grand-Hotel Dining Room (Buckhead)', '3434 Peachtree Rd.', '', 'Atlanta'],
    ),
    site(
      'US',
      ["Arturo's Grill", '3 Harbor St at Pier 9', '', 'San Francisco'],
      ["Arturo's", '3 Harbor Street', '', 'SF'],
    ),
    // Hard negatives: one name, one common street, two towns; one centre, two businesses.
    site('US', ['Bistro Nord', '5 Main St.', '', 'Boston']),
    site('US', ['Bistro Nord', '5 Main St.', '', 'Portland']),
    site('US', ['Blue Lantern', '12 Market St.', '', 'San Francisco']),
    site('US', ['Golden Lantern', '14 Market St.', '', 'San Francisco']),
    site('US', ['Peachtree Dental', '2355 Peachtree Rd.', '', 'Atlanta']),
    // Germany: districts, trades, parent and site, a number in a name.
    site(
      'DE',
      ['Elektro Huber GmbH', 'Landsberger Straße 300', '', 'München-Pasing'],
      ['Elektro Huber', 'Landsberger Str. 300', '', 'München'],
    ),
    site(
      'DE',
      ['Müller Bäckerei', 'Bahnhofstraße 5a', '', 'Frankfurt'],
      ['Bäckerei & Konditorei Müller', 'Bahnhofstr. 5 a', '', 'Frankfurt am Main'],
    ),
    site('DE', ['Dreherei Keller', 'Gewerbepark Süd 3', '', 'Ulm']),
    site('DE', ['Fräserei Keller', 'Gewerbepark Süd 3', '', 'Ulm']),
    site('DE', ['Metzgerei Vogt', 'Kronenstraße 8', '', 'Freiburg']),
    site('DE', ['Bäckerei Vogt', 'Kronenstraße 8', '', 'Freiburg']),
    site('DE', ['Tischlerei Braun', 'Dorfstraße 2', '', 'Dresden']),
    site('DE', ['Tischlerei Braun', 'Dorfstraße 2', '', 'Leipzig']),
    site(
      'DE',
      ['Diakonie Hamburg – Pflegedienst Elbe', 'Koppel 17', '', 'Hamburg'],
      ['Pflegedienst Elbe (Diakonie)', 'Koppel 17', '', 'Hamburg-St. Georg'],
    ),
    // France, Italy, Spain, the Netherlands, Poland, Britain: the city as its district.
    site(
      'FR',
      ['Le Petit Zinc', '11 rue Saint-Benoît', '', 'Paris 6e'],
      ['Petit Zinc', '11 r. St-Benoît', '', 'Paris'],
    ),
    site(
      'IT',
      ['Trattoria da Gino', 'Via dei Coronari 45', '', 'Roma'],
      ['Da Gino', 'Via Coronari, 45', '', 'Rome'],
    ),
    site(
      'ES',
      ['Casa Lucio', 'Calle Cava Baja 35', '', 'Madrid'],
      ['Restaurante Casa Lucio', 'C/ Cava Baja, 35', '', 'Madrid Centro'],
    ),
    site(
      'NL',
      ['Drukkerij De Vries', 'Prinsengracht 210', '', 'Amsterdam-Centrum'],
      ['De Vries Drukkerij B.V.', 'Prinsengracht 210', '', 'Amsterdam'],
    ),
    site(
      'PL',
      ['Piekarnia Nowak', 'ul. Marszałkowska 84', '', 'Warszawa Śródmieście'],
      ['Nowak Piekarnia Sp. z o.o.', 'Marszałkowska 84', '', 'Warsaw'],
    ),
    site(
      'GB',
      ['The Anchor Pub', '34 Park Street', '', 'Southwark'],
      ['Anchor', '34 Park St', '', 'London'],
    ),
    site('GB', ['The Anchor', '34 High Street', '', 'Oxford']),
    site('GB', ['The Anchor', '34 High Street', '', 'Cambridge']),
  ],
};
