// Which column feeds which payload field: suggestions from header names (see headerNames.ts)
// weighed against the column's sample values, and saved templates offered again for the same
// header set.
import { createHash } from 'node:crypto';
import { fail } from '../../src-shared/errors';
import { normaliseTransform } from '../../src-shared/fieldTransforms';
import { kindTraits, MAPPABLE_FIELDS, SUPPLIER_REF_FIELDS } from '../../src-shared/operations';
import { PAYLOAD_FIELDS } from '../../src-shared/supplier';
import { toCountryCode } from './countries';
import { HEADER_NAMES, headerMeaning, normaliseHeader } from './headerNames';
import { isIdResultHeader, isResultHeader } from './resultColumns';
import type {
  FieldMapping,
  FieldSuggestion,
  MappableField,
  Mapping,
  MappingSuggestion,
  MappingTemplate,
} from './types';

const FIELD_KEYS = MAPPABLE_FIELDS.map((f) => f.key) as MappableField[];
export const REQUIRED_FIELDS = PAYLOAD_FIELDS.filter((f) => f.required).map(
  (f) => f.key,
) as MappableField[];

/** Order-independent key of a header set; the result columns of an export do not count. */
export function headerSignature(headers: readonly string[]): string {
  const set = [...new Set(headers.filter((h) => !isResultHeader(h)).map(normaliseHeader))].sort();
  return createHash('sha256').update(set.join('\u001f')).digest('hex').slice(0, 32);
}

export function createTemplate(
  name: string,
  headers: readonly string[],
  mapping: Mapping,
): MappingTemplate {
  return {
    name,
    signature: headerSignature(headers),
    headers: [...headers],
    fields: mapping.fields.map((f) => {
      const transform = normaliseTransform(f.field, f.transform);
      return {
        field: f.field,
        header: f.column === null ? null : (headers[f.column] ?? null),
        ...(f.constant !== undefined ? { constant: f.constant } : {}),
        ...(transform ? { transform } : {}),
      };
    }),
  };
}

/** The last saved template made for this header set, if any. */
export function findTemplate(
  headers: readonly string[],
  templates: readonly MappingTemplate[],
): MappingTemplate | undefined {
  const signature = headerSignature(headers);
  return templates.findLast((t) => t.signature === signature);
}

export function mappingFromTemplate(
  template: MappingTemplate,
  headers: readonly string[],
): Mapping {
  const index = new Map(headers.map((h, i) => [normaliseHeader(h), i]));
  return {
    fields: template.fields.map((f) => {
      const column = f.header === null ? null : (index.get(normaliseHeader(f.header)) ?? null);
      return {
        field: f.field,
        column,
        ...(f.constant !== undefined ? { constant: f.constant } : {}),
        ...(f.transform ? { transform: f.transform } : {}),
      };
    }),
  };
}

interface Candidate {
  field: MappableField;
  column: number;
  confidence: number;
  reason: string;
}

const containsPhrase = (text: string, phrase: string) => ` ${text} `.includes(` ${phrase} `);

function headerCandidates(header: string, column: number): Candidate[] {
  const meaning = headerMeaning(header);
  if (meaning?.kind === 'other') return [];
  if (meaning?.kind === 'exact') {
    return [
      {
        field: meaning.field,
        column,
        confidence: 0.95,
        reason: `"${header}" is a usual column name for ${meaning.field}`,
      },
    ];
  }
  if (meaning?.kind === 'either') {
    const [likelier, other] = meaning.fields;
    const reason = `"${header}" is the column name for ${likelier} in some lists and for ${other} in others`;
    return [
      { field: likelier, column, confidence: 0.65, reason },
      { field: other, column, confidence: 0.55, reason },
    ];
  }
  if (meaning?.kind === 'weak') {
    return [
      {
        field: meaning.field,
        column,
        confidence: 0.55,
        reason: `"${header}" may be the column for ${meaning.field}`,
      },
    ];
  }
  const n = normaliseHeader(header);
  const found: Candidate[] = [];
  for (const field of FIELD_KEYS) {
    let longest = '';
    for (const phrase of HEADER_NAMES[field]) {
      if (phrase.length >= 3 && phrase.length > longest.length && containsPhrase(n, phrase)) {
        longest = phrase;
      }
    }
    if (longest) {
      found.push({
        field,
        column,
        // Longer matched phrases are better evidence.
        confidence: Math.min(0.75, 0.5 + longest.length / 60),
        reason: `"${header}" contains "${longest}"`,
      });
    }
  }
  return found;
}

/** A number or code: one token of letters, digits and . _ / # -, with at least as many digits
 *  as letters (100045, 000104, V-100045, DE123456789). */
function isCode(value: string): boolean {
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._/#-]*$/u.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits > 0 && digits >= value.replace(/[^\p{L}]/gu, '').length;
}

/** Words: two letters in a row, and more letters than digits (Müller GmbH, 3M Deutschland). */
function isWords(value: string): boolean {
  const letters = value.replace(/[^\p{L}]/gu, '').length;
  return /\p{L}{2}/u.test(value) && letters > value.replace(/\D/g, '').length;
}

/** What a field's values look like, and the sentences that say a column's values differ. */
const VALUE_SHAPES: Partial<
  Record<MappableField, { fits: (v: string) => boolean; fitting: string; unfitting: string }>
> = {
  name: { fits: (v) => !isCode(v), fitting: 'names', unfitting: 'numbers or codes, not names' },
  city: { fits: (v) => !isCode(v), fitting: 'names', unfitting: 'numbers or codes, not cities' },
  'supplierId.id': {
    fits: (v) => !isWords(v) || isCode(v),
    fitting: 'numbers or codes',
    unfitting: 'words, not numbers or codes',
  },
  customerId: {
    fits: (v) => !isWords(v) || isCode(v),
    fitting: 'numbers or codes',
    unfitting: 'words, not numbers or codes',
  },
  ownId: {
    fits: (v) => !isWords(v) || isCode(v),
    fitting: 'numbers or codes',
    unfitting: 'words, not numbers or codes',
  },
  postalCode: {
    fits: (v) => /\d/.test(v),
    fitting: 'postal codes',
    unfitting: 'words without digits, not postal codes',
  },
};

/**
 * Weighs a header's suggestion against the column's sample values (two at least): when half or
 * more of them do not look like the field's values the suggestion is at most "unsure" (0.3), when
 * a fifth or more do not it is at most "likely" (0.7); a name that can mean two fields (see
 * EITHER_HEADERS) becomes sure (0.85) of the field its values fit.
 */
function weighValues(c: Candidate, samples: readonly (readonly string[])[], either: boolean): void {
  const shape = VALUE_SHAPES[c.field];
  if (!shape) return;
  const values = samples.map((r) => (r[c.column] ?? '').trim()).filter(Boolean);
  if (values.length < 2) return;
  const misfits = values.filter((v) => !shape.fits(v)).length / values.length;
  if (misfits >= 0.5) {
    c.confidence = Math.min(c.confidence, 0.3);
    c.reason += `, but its values are ${shape.unfitting}`;
  } else if (misfits >= 0.2) {
    c.confidence = Math.min(c.confidence, 0.7);
    c.reason += `, but some of its values are ${shape.unfitting}`;
  } else if (either) {
    c.confidence = 0.85;
    c.reason += `, and its values are ${shape.fitting}`;
  }
}

function countryShare(samples: readonly (readonly string[])[], column: number): number | null {
  const values = samples.map((r) => (r[column] ?? '').trim()).filter(Boolean);
  if (values.length < 3) return null;
  return values.filter((v) => toCountryCode(v) !== null).length / values.length;
}

/**
 * Suggests a column for every payload field. A saved template for the same header set wins;
 * otherwise header names decide, and sample values confirm or weaken them (a column of numbers
 * is not the name, a column of words not the supplier id) and find the country column when no
 * header names it.
 */
export function suggestMapping(
  headers: readonly string[],
  samples: readonly (readonly string[])[] = [],
  templates: readonly MappingTemplate[] = [],
): MappingSuggestion {
  const template = findTemplate(headers, templates);
  if (template) {
    const mapping = mappingFromTemplate(template, headers);
    const fields: FieldSuggestion[] = mapping.fields.map((f) => ({
      field: f.field,
      column: f.column,
      header: f.column === null ? null : (headers[f.column] ?? null),
      confidence: f.column === null && f.constant === undefined ? 0 : 1,
      reason: `saved mapping "${template.name}"`,
    }));
    for (const key of FIELD_KEYS) {
      if (!fields.some((f) => f.field === key)) {
        fields.push({
          field: key,
          column: null,
          header: null,
          confidence: 0,
          reason: 'not in the saved mapping',
        });
        mapping.fields.push({ field: key, column: null });
      }
    }
    return { fields, mapping, template: template.name };
  }

  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    // The app's own result columns are not the list's data, except the one naming the supplier.
    if (isResultHeader(header) && !isIdResultHeader(header)) return;
    const either = headerMeaning(header)?.kind === 'either';
    for (const c of headerCandidates(header, column)) {
      weighValues(c, samples, either);
      if (c.field === 'countryCode') {
        const share = countryShare(samples, column);
        if (share !== null && share >= 0.8) {
          c.confidence = Math.min(1, c.confidence + 0.05);
          c.reason += ', and its values are countries';
        } else if (share !== null && share < 0.5) {
          c.confidence -= 0.3;
          c.reason += ', but most of its values are not countries';
        }
      }
      candidates.push(c);
    }
  });
  if (!candidates.some((c) => c.field === 'countryCode')) {
    headers.forEach((header, column) => {
      if (isResultHeader(header)) return;
      const share = countryShare(samples, column);
      if (share !== null && share >= 0.8) {
        candidates.push({
          field: 'countryCode',
          column,
          confidence: 0.5,
          reason: `the values of "${header}" are countries`,
        });
      }
    });
  }

  // Best evidence first; each field and each column is used once.
  candidates.sort((a, b) => b.confidence - a.confidence || a.column - b.column);
  const byField = new Map<MappableField, Candidate>();
  const usedColumns = new Set<number>();
  for (const c of candidates) {
    if (byField.has(c.field) || usedColumns.has(c.column)) continue;
    byField.set(c.field, c);
    usedColumns.add(c.column);
  }
  const fields: FieldSuggestion[] = FIELD_KEYS.map((field) => {
    const c = byField.get(field);
    if (!c) {
      const required = REQUIRED_FIELDS.includes(field);
      return {
        field,
        column: null,
        header: null,
        confidence: 0,
        reason: required ? 'no column found: pick one or set a constant' : 'no column found',
      };
    }
    return {
      field,
      column: c.column,
      header: headers[c.column] ?? null,
      confidence: Math.round(c.confidence * 100) / 100,
      reason: c.reason,
    };
  });
  return {
    fields,
    mapping: { fields: fields.map((f) => ({ field: f.field, column: f.column })) },
    template: null,
  };
}

/** Required fields with neither a column nor a constant. */
export function missingRequiredFields(mapping: Mapping): MappableField[] {
  const open = (field: MappableField) => {
    const f = mapping.fields.find((m) => m.field === field);
    return !f || (f.column === null && (f.constant ?? '').trim() === '');
  };
  // A deactivate or identifiers row names its supplier by any identifier: one of them must be
  // mapped; an identifiers row also needs the identifier it changes (its type and id).
  const traits = kindTraits(mapping.operation);
  if (traits.namesSupplier) {
    const ref: MappableField[] = SUPPLIER_REF_FIELDS.every(open) ? [...SUPPLIER_REF_FIELDS] : [];
    // Besides: the kind's own required fields (an identifiers row's identifier type and id).
    return [
      ...ref,
      ...traits.fields
        .filter((f) => f.required)
        .map((f) => f.key)
        .filter(open),
    ];
  }
  return REQUIRED_FIELDS.filter(open);
}

/** Refuses a mapping that leaves required fields open, or points at columns the table lacks. */
export function assertMappingUsable(mapping: Mapping, columnCount: number): void {
  const missing = missingRequiredFields(mapping);
  if (missing.length > 0) {
    fail(
      'mapping_incomplete',
      `These required fields have no column and no constant value: ${missing.join(', ')}. Map them or set a constant.`,
      { missing },
    );
  }
  const outside = mapping.fields.filter(
    (f: FieldMapping) => f.column !== null && (f.column < 0 || f.column >= columnCount),
  );
  if (outside.length > 0) {
    fail(
      'invalid_input',
      `The mapping points at columns the table does not have (${outside.map((f) => f.field).join(', ')}).`,
    );
  }
}
