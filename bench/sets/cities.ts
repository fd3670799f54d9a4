// The city as a district or as the city, a longer or shorter form, a postal code on one side
// only or one digit off, with street, house number and name agreeing. Hard negatives: the same
// name and street in another town (another postal code), a postal code one digit off on
// another street.
import { site } from './types';
import type { OwnSet } from './types';

export const cities: OwnSet = {
  name: 'cities',
  sites: [
    site(
      'US',
      ["Joe's Pizza", '7 Carmine St', '10014', 'New York'],
      ['Joes Pizza', '7 Carmine Street', '10014', 'New York City'],
    ),
    site(
      'US',
      ['Brooklyn Bagel Co', '286 5th Ave', '11215', 'Brooklyn'],
      ['Brooklyn Bagel Co', '286 Fifth Avenue', '', 'New York'],
    ),
    site(
      'US',
      ['Golden Gate Cleaners', '1550 Polk St', '94109', 'San Francisco'],
      ['Golden Gate Cleaners', '1550 Polk Street', '', 'SF'],
    ),
    site(
      'US',
      ['Sunset Tire & Auto', '6500 Sunset Blvd', '90028', 'Hollywood'],
      ['Sunset Tire and Auto', '6500 Sunset Boulevard', '90028', 'Los Angeles'],
    ),
    site(
      'US',
      ['Vernon Boulevard Hardware', '47-20 Vernon Blvd', '11101', 'Long Island City'],
      ['Vernon Blvd Hardware', '47-20 Vernon Boulevard', '11101', 'Queens'],
    ),
    site('US', ['Golden Gate Cleaners', '1550 Polk St', '97201', 'Portland']),
    site(
      'DE',
      ['Druckerei Hahn GmbH', 'Hanauer Landstr. 150', '60314', 'Frankfurt'],
      ['Druckerei Hahn GmbH', 'Hanauer Landstraße 150', '60314', 'Frankfurt am Main'],
    ),
    site(
      'DE',
      ['Kita Sonnenblume', 'Bodenseestr. 12', '81241', 'München-Pasing'],
      ['Kita Sonnenblume', 'Bodenseestraße 12', '81241', 'München'],
    ),
    site(
      'DE',
      ['Autohaus Berger', 'Landsberger Allee 100', '10249', 'Berlin-Friedrichshain'],
      ['Autohaus Berger GmbH', 'Landsberger Allee 100', '', 'Berlin'],
    ),
    site(
      'DE',
      ['Malerbetrieb Schröder', 'Goethestr. 9', '50667', 'Köln'],
      ['Malerbetrieb Schröder', 'Goethestraße 9', '50668', 'Köln'],
    ),
    site('DE', ['Malerbetrieb Schröder', 'Schillerstr. 4', '50668', 'Köln']),
    site(
      'DE',
      ['Apotheke am Markt', 'Marktplatz 1', '48143', 'Münster'],
      ['Apotheke am Markt', 'Marktplatz 1', '', 'Münster (Westf.)'],
    ),
    site('DE', ['Apotheke am Markt', 'Marktplatz 1', '59555', 'Lippstadt']),
    site(
      'DE',
      ['Stadtwerke Oberhausen', 'Danziger Str. 31', '46045', 'Oberhausen'],
      ['Stadtwerke Oberhausen AG', 'Danziger Straße 31', '46045', 'Oberhausen-Alstaden'],
    ),
    site('DE', ['Bäckerei Ludwig', 'Bahnhofstr. 1', '15230', 'Frankfurt (Oder)']),
    site('DE', ['Bäckerei Ludwig', 'Bahnhofstr. 1', '60329', 'Frankfurt am Main']),
    site(
      'AT',
      ['Café Weidinger', 'Favoritenstraße 120', '1100', 'Wien'],
      ['Cafe Weidinger', 'Favoritenstr. 120', '1100', 'Wien-Favoriten'],
    ),
    site(
      'AT',
      ['Bäckerei Brandl', 'Hauptstraße 33', '4040', 'Linz-Urfahr'],
      ['Bäckerei Brandl', 'Hauptstr. 33', '', 'Linz'],
    ),
    site(
      'CH',
      ['Velo Meier', 'Schaffhauserstrasse 350', '8050', 'Zürich-Oerlikon'],
      ['Velo Meier GmbH', 'Schaffhauserstr. 350', '8050', 'Zürich'],
    ),
    site(
      'CH',
      ['Horlogerie Perret', 'Rue du Marché 18', '1204', 'Genève'],
      ['Horlogerie Perret SA', 'Rue du Marche 18', '1204', 'Geneva'],
    ),
    site(
      'FR',
      ['Boucherie Lefèvre', '22 rue de la Roquette', '75011', 'Paris 11e'],
      ['Boucherie Lefevre', '22 rue de la Roquette', '75011', 'Paris'],
    ),
    site(
      'FR',
      ['Cave Saint-Jean', '8 rue Saint-Jean', '69005', 'Lyon 5ème'],
      ['Cave Saint Jean', '8 rue St-Jean', '', 'Lyon'],
    ),
    site(
      'IT',
      ['Pasticceria Colombo', 'Via Torino 51', '20123', 'Milano (MI)'],
      ['Pasticceria Colombo', 'Via Torino 51', '20123', 'Milan'],
    ),
    site(
      'IT',
      ['Alimentari Esposito', 'Via Toledo 210', '80134', 'Napoli'],
      ['Alimentari Esposito Snc', 'Via Toledo, 210', '80143', 'Napoli'],
    ),
    site('IT', ['Alimentari Esposito', 'Corso Umberto I 12', '80138', 'Napoli']),
    site(
      'ES',
      ['Farmacia Ruiz', 'Calle de Alcalá 150', '28028', 'Madrid'],
      ['Farmacia Ruiz', 'C/ Alcalá 150', '28028', 'Madrid (Madrid)'],
    ),
    site(
      'ES',
      ['Bodega Sánchez', 'Carrer de Sants 80', '08014', 'Barcelona'],
      ['Bodega Sanchez', 'Carrer de Sants, 80', '', 'Barcelona, Sants'],
    ),
    site(
      'NL',
      ['Drukkerij Visser', 'Laan van Meerdervoort 50', '2517 AM', "'s-Gravenhage"],
      ['Drukkerij Visser BV', 'Laan van Meerdervoort 50', '2517AM', 'Den Haag'],
    ),
    site(
      'NL',
      ['Autobedrijf Smit', 'Kruisweg 800', '2132 NG', 'Hoofddorp'],
      ['Autobedrijf Smit', 'Kruisweg 800', '', 'Haarlemmermeer'],
    ),
    site(
      'PL',
      ['Kwiaciarnia Róża', 'ul. Puławska 100', '02-620', 'Warszawa-Mokotów'],
      ['Kwiaciarnia Roza', 'Puławska 100', '02-620', 'Warszawa'],
    ),
    site(
      'PL',
      ['Piekarnia Wiśniewski', 'ul. Długa 5', '31-147', 'Kraków'],
      ['Piekarnia Wisniewski', 'Dluga 5', '31-146', 'Krakow'],
    ),
    site('PL', ['Piekarnia Wiśniewski', 'ul. Długa 5', '80-827', 'Gdańsk']),
    site(
      'GB',
      ['Tyne Fasteners', '14 Quayside', 'NE1 3DX', 'Newcastle upon Tyne'],
      ['Tyne Fasteners Ltd', '14 Quayside', 'NE1 3DX', 'Newcastle'],
    ),
    site(
      'GB',
      ['Camden Print Shop', '55 Camden High St', 'NW1 7JL', 'London'],
      ['Camden Print Shop', '55 Camden High Street', '', 'Camden, London'],
    ),
  ],
};
