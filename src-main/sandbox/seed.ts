// The seeded supplier base: records given in code, or a .json / .csv file. Seeds may share
// identifiers between suppliers on purpose, so that clients meet ambiguous matches.
//
// 'sample': the built-in practice base (sampleSuppliers.ts).
// JSON: an array of records (or {"suppliers": [...]}) shaped like SandboxSeedSupplier.
// CSV (header row, comma or semicolon): name, countryCode, city, address, postalCode,
// platformTargetId, supplierId, supplierIdSource, customerId, customerIdSource, ownId,
// ownIdSource. A cell may hold several ids separated by `|`; its source column applies to each.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { SAMPLE_SUPPLIERS } from './sampleSuppliers';
import type { SandboxSeedSupplier } from './types';

/** The seedSuppliers value (and --seed-suppliers argument) that loads the built-in sample base. */
export const SAMPLE_SEED = 'sample';

export class SeedError extends Error {
  override name = 'SeedError';
}

type IdList = { id: string; source?: string }[];

export function loadSeedSuppliers(
  seed: string | SandboxSeedSupplier[] | undefined,
): SandboxSeedSupplier[] {
  if (seed === undefined) return [];
  if (Array.isArray(seed)) return seed.map((s, i) => checkSeed(s, `seed supplier ${i + 1}`));
  if (seed === SAMPLE_SEED)
    return SAMPLE_SUPPLIERS.map((s, i) => checkSeed(s, `sample supplier ${i + 1}`));
  let text: string;
  try {
    text = readFileSync(seed, 'utf8');
  } catch (e) {
    throw new SeedError(
      `The seed supplier file ${seed} cannot be read (${(e as Error).message}). Check the path.`,
    );
  }
  const ext = extname(seed).toLowerCase();
  if (ext === '.json') return fromJson(text, seed);
  if (ext === '.csv') return fromCsv(text, seed);
  throw new SeedError(`The seed supplier file ${seed} must end in .json or .csv.`);
}

function fromJson(text: string, file: string): SandboxSeedSupplier[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SeedError(
      `The seed supplier file ${file} is not valid JSON: ${(e as Error).message}.`,
    );
  }
  const list =
    data && typeof data === 'object' && !Array.isArray(data) && 'suppliers' in data
      ? (data as { suppliers: unknown }).suppliers
      : data;
  if (!Array.isArray(list)) {
    throw new SeedError(
      `The seed supplier file ${file} must hold an array of suppliers (or {"suppliers": [...]}).`,
    );
  }
  return list.map((s, i) => checkSeed(s, `${file}, supplier ${i + 1}`));
}

function fromCsv(text: string, file: string): SandboxSeedSupplier[] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      delimiter,
    }) as Record<string, string>[];
  } catch (e) {
    throw new SeedError(
      `The seed supplier file ${file} is not valid CSV: ${(e as Error).message}.`,
    );
  }
  return records.map((r, i) => {
    const ids = (idCol: string, sourceCol: string): IdList | undefined => {
      const cell = r[idCol];
      if (!cell) return undefined;
      const source = r[sourceCol] || undefined;
      return cell
        .split('|')
        .map((id) => id.trim())
        .filter((id) => id !== '')
        .map((id) => (source ? { id, source } : { id }));
    };
    const platform = r.platformTargetId ? Number(r.platformTargetId) : undefined;
    const record: Record<string, unknown> = {
      name: r.name,
      countryCode: r.countryCode,
      city: r.city,
      address: r.address,
      postalCode: r.postalCode || undefined,
      platformTargetId: platform,
      supplierIds: ids('supplierId', 'supplierIdSource'),
      customerIds: ids('customerId', 'customerIdSource'),
      ownIds: ids('ownId', 'ownIdSource'),
    };
    // Row numbers count the header as row 1, as a spreadsheet shows them.
    return checkSeed(record, `${file}, row ${i + 2}`);
  });
}

function checkSeed(value: unknown, where: string): SandboxSeedSupplier {
  if (!value || typeof value !== 'object') throw new SeedError(`${where}: not an object.`);
  const v = value as Record<string, unknown>;
  const text = (field: string, required: boolean): string | undefined => {
    const raw = v[field];
    if (raw === undefined || raw === null || raw === '') {
      if (required) throw new SeedError(`${where}: ${field} is missing.`);
      return undefined;
    }
    if (typeof raw !== 'string' || raw.trim() === '') {
      throw new SeedError(`${where}: ${field} must be non-blank text.`);
    }
    return raw.trim();
  };
  const idList = (field: string): IdList | undefined => {
    const raw = v[field];
    if (raw === undefined || raw === null) return undefined;
    if (!Array.isArray(raw))
      throw new SeedError(`${where}: ${field} must be an array of {id, source}.`);
    return raw.map((item, j) => {
      const entry = item as { id?: unknown; source?: unknown } | null;
      if (!entry || typeof entry.id !== 'string' || entry.id.trim() === '') {
        throw new SeedError(`${where}: ${field}[${j}].id must be non-blank text.`);
      }
      if (entry.source !== undefined && entry.source !== null && typeof entry.source !== 'string') {
        throw new SeedError(`${where}: ${field}[${j}].source must be text.`);
      }
      const source = typeof entry.source === 'string' ? entry.source.trim() : '';
      return source ? { id: entry.id.trim(), source } : { id: entry.id.trim() };
    });
  };
  const countryCode = text('countryCode', true) as string;
  if (!/^[A-Z]{2}$/.test(countryCode)) {
    throw new SeedError(`${where}: countryCode must be two capital letters, such as DE.`);
  }
  const platform = v.platformTargetId;
  if (
    platform !== undefined &&
    (typeof platform !== 'number' ||
      !Number.isInteger(platform) ||
      platform < 1 ||
      platform > 2147483647)
  ) {
    throw new SeedError(`${where}: platformTargetId must be a positive whole number.`);
  }
  const out: SandboxSeedSupplier = {
    name: text('name', true) as string,
    countryCode,
    city: text('city', true) as string,
    address: text('address', true) as string,
  };
  const postalCode = text('postalCode', false);
  if (postalCode !== undefined) out.postalCode = postalCode;
  if (platform !== undefined) out.platformTargetId = platform as number;
  const supplierIds = idList('supplierIds');
  const customerIds = idList('customerIds');
  const ownIds = idList('ownIds');
  if (supplierIds) out.supplierIds = supplierIds;
  if (customerIds) out.customerIds = customerIds;
  if (ownIds) out.ownIds = ownIds;
  return out;
}

/** Checks that explicit platform ids are unique; shared string ids are allowed on purpose. */
export function checkSeedIds(seeds: SandboxSeedSupplier[]): void {
  const seen = new Set<number>();
  for (const s of seeds) {
    if (s.platformTargetId === undefined) continue;
    if (seen.has(s.platformTargetId)) {
      throw new SeedError(
        `Two seed suppliers have platformTargetId ${s.platformTargetId}; platform ids must be unique.`,
      );
    }
    seen.add(s.platformTargetId);
  }
}
