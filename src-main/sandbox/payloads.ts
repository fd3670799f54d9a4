// Reading request bodies and identifier queries the way the server does: strings trimmed, blank
// optional values treated as absent, and a 400 invalid_request naming the field for anything else.
import countries from 'i18n-iso-countries';
import { invalidRequest } from './apiError';
import type { CreateInput, IdentifierKind, IdentifierQuery, ScoreInput } from './stateSchema';

const INT32_MAX = 2147483647;
export const SCREENING_PERIODS = [2, 5, 10];
export const MAX_SCORE_ENTRIES = 100;
export const MAX_SCORES_PER_ENTRY = 50;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A trimmed string, or undefined for absent, null or blank; 400 for another type. */
function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${field} must be a string`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function requiredText(value: unknown, field: string): string {
  const text = optionalText(value, field);
  if (text === undefined) throw invalidRequest(`${field} must not be blank`);
  return text;
}

function platformIdFrom(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  if (text === '') return undefined;
  if (text === undefined || !/^\d+$/.test(text) || Number(text) > INT32_MAX) {
    throw invalidRequest(`${field} must be a whole number`);
  }
  return Number(text);
}

function requireSomeId(q: IdentifierQuery, where: string): IdentifierQuery {
  if (
    q.supplierId === undefined &&
    q.customerId === undefined &&
    q.ownId === undefined &&
    q.platformId === undefined
  ) {
    throw invalidRequest(
      `${where} needs at least one of supplierId, customerId, ownId or platformId`,
    );
  }
  return q;
}

function compact(q: IdentifierQuery): IdentifierQuery {
  const out: IdentifierQuery = {};
  if (q.supplierId !== undefined) out.supplierId = q.supplierId;
  if (q.customerId !== undefined) out.customerId = q.customerId;
  if (q.ownId !== undefined) out.ownId = q.ownId;
  if (q.platformId !== undefined) out.platformId = q.platformId;
  if (q.source !== undefined) out.source = q.source;
  return out;
}

/** The identifier query parameters of GET and DELETE endpoints. */
export function identifierFromQuery(params: URLSearchParams): IdentifierQuery {
  const text = (name: string) => optionalText(params.get(name) ?? undefined, name);
  return requireSomeId(
    compact({
      supplierId: text('supplierId'),
      customerId: text('customerId'),
      ownId: text('ownId'),
      platformId: platformIdFrom(params.get('platformId') ?? undefined, 'platformId'),
      source: text('source'),
    }),
    'the identifier',
  );
}

/** An identifier object in a body (screening, validation). */
export function identifierFromBody(value: unknown, field: string): IdentifierQuery {
  if (value === undefined || value === null) throw invalidRequest(`${field} must not be null`);
  if (!isObject(value)) throw invalidRequest(`${field} must be an object`);
  return requireSomeId(
    compact({
      supplierId: optionalText(value.supplierId, `${field}.supplierId`),
      customerId: optionalText(value.customerId, `${field}.customerId`),
      ownId: optionalText(value.ownId, `${field}.ownId`),
      platformId: platformIdFrom(value.platformId, `${field}.platformId`),
      source: optionalText(value.source, `${field}.source`),
    }),
    field,
  );
}

function bodyObject(body: unknown): Obj {
  if (!isObject(body)) throw invalidRequest('the request body must be a JSON object');
  return body;
}

function screeningPeriod(value: unknown, field: string): number {
  if (typeof value !== 'number' || !SCREENING_PERIODS.includes(value)) {
    throw invalidRequest(`${field} must be 2, 5 or 10`);
  }
  return value;
}

/**
 * The create body. `fieldNames` is how this API spells city and address: with
 * locality-addressLine, city and address are refused by name (a 400 naming them).
 */
export function parseCreate(
  body: unknown,
  fieldNames: 'city-address' | 'locality-addressLine' = 'city-address',
): CreateInput {
  const b = bodyObject(body);
  const [cityField, addressField] =
    fieldNames === 'city-address' ? ['city', 'address'] : ['locality', 'addressLine'];
  const problems: string[] = [];
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      problems.push((e as Error).message);
      return undefined;
    }
  };
  const name = collect(() => requiredText(b.name, 'name'));
  const countryCode = collect(() => {
    const code = requiredText(b.countryCode, 'countryCode');
    if (!/^[A-Z]{2}$/.test(code)) {
      throw invalidRequest('countryCode must be two capital letters (ISO 3166-1 alpha-2, e.g. DE)');
    }
    // A platform that geocodes sites knows the assigned codes only: XX or QQ are refused.
    if (!countries.isValid(code)) {
      throw invalidRequest(`countryCode ${code} is not an assigned ISO 3166-1 country code`);
    }
    return code;
  });
  const city = collect(() => requiredText(b[cityField], cityField));
  const address = collect(() => requiredText(b[addressField], addressField));
  if (fieldNames === 'locality-addressLine') {
    for (const [usual, own] of [
      ['city', 'locality'],
      ['address', 'addressLine'],
    ] as const) {
      if (usual in b) problems.push(`${usual} is not a field of this API: send it as ${own}`);
    }
  }
  const postalCode = collect(() => optionalText(b.postalCode, 'postalCode'));
  const supplierId = collect(() => {
    if (b.supplierId === undefined || b.supplierId === null) {
      throw invalidRequest('supplierId must not be null');
    }
    if (!isObject(b.supplierId)) throw invalidRequest('supplierId must be an object');
    const id = requiredText(b.supplierId.id, 'supplierId.id');
    const source = optionalText(b.supplierId.source, 'supplierId.source');
    return source === undefined ? { id } : { id, source };
  });
  const industries = collect(() => {
    if (b.industries === undefined || b.industries === null) return undefined;
    if (!Array.isArray(b.industries))
      throw invalidRequest('industries must be an array of strings');
    return b.industries
      .map((v, i) => optionalText(v, `industries[${i}]`))
      .filter((v): v is string => v !== undefined);
  });
  const period = collect(() =>
    b.screeningPeriodInYears === undefined || b.screeningPeriodInYears === null
      ? undefined
      : screeningPeriod(b.screeningPeriodInYears, 'screeningPeriodInYears'),
  );
  const validation = collect(() => {
    const v = b.requestValidationOnCreate;
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean')
      throw invalidRequest('requestValidationOnCreate must be true or false');
    return v;
  });
  if (problems.length > 0) throw invalidRequest(problems.join('; '));
  const out: CreateInput = {
    name: name as string,
    countryCode: countryCode as string,
    city: city as string,
    address: address as string,
    supplierId: supplierId as { id: string; source?: string },
  };
  if (postalCode !== undefined) out.postalCode = postalCode;
  if (industries !== undefined) out.industries = industries;
  if (period !== undefined) out.screeningPeriodInYears = period;
  if (validation !== undefined) out.requestValidationOnCreate = validation;
  return out;
}

export function parseScreening(body: unknown): { identifier: IdentifierQuery; period: number } {
  const b = bodyObject(body);
  const identifier = identifierFromBody(b.identifier, 'identifier');
  if (b.options === undefined || b.options === null)
    throw invalidRequest('options must not be null');
  if (!isObject(b.options)) throw invalidRequest('options must be an object');
  return { identifier, period: screeningPeriod(b.options.periodInYears, 'options.periodInYears') };
}

export function parseValidation(body: unknown): IdentifierQuery {
  return identifierFromBody(bodyObject(body).identifier, 'identifier');
}

/**
 * An identifier management body. `names` is what this API calls the customer id and the own id;
 * a type under any other name is refused with a 400 naming it and the accepted ones.
 */
export function parseIdentifierBody(
  body: unknown,
  names: { CUSTOMER_ID: string; OWN_ID: string } = { CUSTOMER_ID: 'CUSTOMER_ID', OWN_ID: 'OWN_ID' },
): {
  type: IdentifierKind;
  /** The name the type was sent under. */
  sentAs: string;
  id: string;
  source: string;
} {
  const b = bodyObject(body);
  const sentAs = requiredText(b.type, 'type');
  const accepted: Record<string, IdentifierKind> = {
    SUPPLIER_ID: 'SUPPLIER_ID',
    [names.CUSTOMER_ID]: 'CUSTOMER_ID',
    [names.OWN_ID]: 'OWN_ID',
  };
  const type = Object.hasOwn(accepted, sentAs) ? accepted[sentAs] : undefined;
  if (!type) {
    throw invalidRequest(
      `type ${sentAs} is not supported; type must be one of ${Object.keys(accepted).join(', ')}`,
    );
  }
  return {
    type,
    sentAs,
    id: requiredText(b.id, 'id'),
    source: optionalText(b.source, 'source') ?? '',
  };
}

/**
 * The bulk score write. Shape errors (sizes, score values, blank keys) reject the whole request
 * with 400; identifier problems and unknown keys are per-row errors in the 200 answer.
 */
export function parseScores(body: unknown): ScoreInput[] {
  const b = bodyObject(body);
  if (!Array.isArray(b.data) || b.data.length === 0) {
    throw invalidRequest('data must be a non-empty array');
  }
  if (b.data.length > MAX_SCORE_ENTRIES) {
    throw invalidRequest(
      `data may hold at most ${MAX_SCORE_ENTRIES} entries (got ${b.data.length})`,
    );
  }
  return b.data.map((raw, i): ScoreInput => {
    const field = `data[${i}]`;
    if (!isObject(raw)) throw invalidRequest(`${field} must be an object`);
    const scoresRaw = raw.scores;
    if (!Array.isArray(scoresRaw) || scoresRaw.length === 0) {
      throw invalidRequest(`${field}.scores must be a non-empty array`);
    }
    if (scoresRaw.length > MAX_SCORES_PER_ENTRY) {
      throw invalidRequest(
        `${field}.scores may hold at most ${MAX_SCORES_PER_ENTRY} scores (got ${scoresRaw.length})`,
      );
    }
    const scores = scoresRaw.map((s, j) => {
      const f = `${field}.scores[${j}]`;
      if (!isObject(s)) throw invalidRequest(`${f} must be an object`);
      const eventTypeKey = requiredText(s.eventTypeKey, `${f}.eventTypeKey`);
      const value = s.scoreValue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
        throw invalidRequest(`${f}.scoreValue must be a whole number from 1 to 100`);
      }
      const comment = optionalText(s.comment, `${f}.comment`);
      return comment === undefined
        ? { eventTypeKey, scoreValue: value }
        : { eventTypeKey, scoreValue: value, comment };
    });
    // An identifier without a usable key is a row error (INVALID_IDENTIFIER), not a 400.
    const idRaw = isObject(raw.identifier) ? raw.identifier : {};
    const lenientText = (v: unknown) =>
      typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    let platformId: number | undefined;
    try {
      platformId = platformIdFrom(idRaw.platformId, `${field}.identifier.platformId`);
    } catch {
      platformId = undefined;
    }
    const identifier = compact({
      supplierId: lenientText(idRaw.supplierId),
      customerId: lenientText(idRaw.customerId),
      ownId: lenientText(idRaw.ownId),
      platformId,
      source: lenientText(idRaw.source),
    });
    const echo: Record<string, unknown> = {};
    for (const key of ['supplierId', 'customerId', 'ownId', 'source'] as const) {
      const v = identifier[key];
      if (v !== undefined) echo[key] = v;
    }
    if (identifier.platformId !== undefined) echo.platformId = identifier.platformId;
    return { identifier, identifierEcho: echo, scores };
  });
}

/** Spring-style paging: invalid values fall back to defaults, the size is capped. */
export function pageParams(
  params: URLSearchParams,
  maxSize: number,
): { page: number; size: number } {
  const int = (name: string): number | undefined => {
    const raw = params.get(name);
    return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  };
  const page = int('page') ?? 0;
  let size = int('size') ?? 10;
  if (size < 1) size = 10;
  return { page: Math.min(page, INT32_MAX), size: Math.min(size, maxSize) };
}
