// A small supplier base for practice: a first-run user sees a list, finds suppliers, meets an
// existing supplier id (409 on create) and an id shared by two suppliers (ambiguous match).
// Kept as code rather than a data file so that bundlers carry it along.
import type { SandboxSeedSupplier } from './types';

export const SAMPLE_SUPPLIERS: readonly SandboxSeedSupplier[] = [
  {
    name: 'Nordwind Stahlbau GmbH',
    countryCode: 'DE',
    city: 'Hamburg',
    address: 'Am Sandtorkai 12',
    postalCode: '20457',
    supplierIds: [{ id: 'SUP-1001', source: 'ERP' }],
    customerIds: [{ id: 'CU-77' }],
  },
  {
    name: 'Atelier Lumière SARL',
    countryCode: 'FR',
    city: 'Lyon',
    address: '14 Rue de la République',
    postalCode: '69002',
    supplierIds: [{ id: 'SUP-1002', source: 'ERP' }],
  },
  {
    name: 'Tessuti Toscani S.p.A.',
    countryCode: 'IT',
    city: 'Prato',
    address: 'Via Pistoiese 310',
    postalCode: '59100',
    supplierIds: [{ id: 'SUP-1003', source: 'ERP' }],
  },
  {
    name: 'Polar Components Oy',
    countryCode: 'FI',
    city: 'Oulu',
    address: 'Teknologiantie 5',
    postalCode: '90590',
    supplierIds: [{ id: 'SUP-1004', source: 'ERP' }],
    ownIds: [{ id: 'PC-4', source: 'PLM' }],
  },
  {
    name: 'Andes Minerals S.A.',
    countryCode: 'CL',
    city: 'Antofagasta',
    address: 'Avenida Grecia 1280',
    postalCode: '1240000',
    supplierIds: [{ id: 'SUP-1005', source: 'ERP' }],
  },
  {
    name: 'Sakura Precision K.K.',
    countryCode: 'JP',
    city: 'Nagoya',
    address: '3-2-1 Meieki, Nakamura-ku',
    postalCode: '450-0002',
    supplierIds: [{ id: 'SUP-1006', source: 'ERP' }],
  },
  {
    name: 'Great Lakes Packaging Inc.',
    countryCode: 'US',
    city: 'Cleveland',
    address: '1200 Lakeside Avenue',
    postalCode: '44114',
    supplierIds: [{ id: 'SUP-1007', source: 'ERP' }],
  },
  // The same supplier id in two systems: without a source, the id matches both.
  {
    name: 'Vistula Logistics Sp. z o.o.',
    countryCode: 'PL',
    city: 'Gdańsk',
    address: 'ul. Długa 45',
    postalCode: '80-831',
    supplierIds: [{ id: 'SUP-2000', source: 'ERP' }],
  },
  {
    name: 'Vistula Logistics (Warehouse)',
    countryCode: 'PL',
    city: 'Gdynia',
    address: 'ul. Portowa 8',
    postalCode: '81-336',
    supplierIds: [{ id: 'SUP-2000', source: 'WMS' }],
  },
  {
    name: 'Iberia Fresh Produce S.L.',
    countryCode: 'ES',
    city: 'Valencia',
    address: 'Carrer de Colón 22',
    postalCode: '46004',
    supplierIds: [{ id: 'SUP-1010', source: 'ERP' }],
  },
];
