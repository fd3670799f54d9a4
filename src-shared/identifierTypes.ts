// What a connection's API calls the customer id and the own id in the `type` of an identifier
// request. api-spec.md shows only SUPPLIER_ID; CUSTOMER_ID and OWN_ID come from api-notes.md, so
// an API may call them differently (and refuse ours with 400). A setting of the connection, like
// the spelling of city and address (fieldNames.ts): the API's choice, not the row's.
import { z } from 'zod';

/** The app's own names of the two configurable types (the row's `customerId` and `ownId`). */
export const CONFIGURABLE_IDENTIFIER_TYPES = ['CUSTOMER_ID', 'OWN_ID'] as const;
export type ConfigurableIdentifierType = (typeof CONFIGURABLE_IDENTIFIER_TYPES)[number];

/** A type name on the wire: uppercase letters, digits and underscores, 1 to 40 characters. */
export const IDENTIFIER_TYPE_NAME = /^[A-Z0-9_]{1,40}$/;

export const IdentifierTypeNameSchema = z.string().trim().regex(IDENTIFIER_TYPE_NAME, {
  error: 'use 1 to 40 uppercase letters, digits or underscores',
});

export const IdentifierTypesSchema = z
  .object({ CUSTOMER_ID: IdentifierTypeNameSchema, OWN_ID: IdentifierTypeNameSchema })
  .strict()
  // Two kinds under one name could not be told apart in the API's answers.
  .refine((t) => t.CUSTOMER_ID !== t.OWN_ID, {
    error: 'the customer id and the own id need different names',
    path: ['OWN_ID'],
  })
  .refine((t) => t.CUSTOMER_ID !== 'SUPPLIER_ID' && t.OWN_ID !== 'SUPPLIER_ID', {
    error: 'SUPPLIER_ID is the supplier id; choose another name',
  });
export type IdentifierTypes = z.infer<typeof IdentifierTypesSchema>;

export const DEFAULT_IDENTIFIER_TYPES: IdentifierTypes = {
  CUSTOMER_ID: 'CUSTOMER_ID',
  OWN_ID: 'OWN_ID',
};

export function isConfigurableType(type: string): type is ConfigurableIdentifierType {
  return (CONFIGURABLE_IDENTIFIER_TYPES as readonly string[]).includes(type);
}

/** The name the API is sent for one of the app's types (SUPPLIER_ID is always SUPPLIER_ID). */
export function wireType(type: string, names: IdentifierTypes = DEFAULT_IDENTIFIER_TYPES): string {
  return isConfigurableType(type) ? names[type] : type;
}

/** The app's type for a name the API answered with; the name itself when it is not one of ours. */
export function appType(wire: string, names: IdentifierTypes = DEFAULT_IDENTIFIER_TYPES): string {
  for (const t of CONFIGURABLE_IDENTIFIER_TYPES) if (names[t] === wire) return t;
  return wire;
}

/** `CUSTOMER_ID=CUST,OWN_ID=OWN` as the command line writes the setting. */
export function formatIdentifierTypes(names: IdentifierTypes): string {
  return CONFIGURABLE_IDENTIFIER_TYPES.map((t) => `${t}=${names[t]}`).join(',');
}

/**
 * The command line's form, `CUSTOMER_ID=CUST,OWN_ID=OWN` (either pair may be left out: it keeps
 * the default). Returns the names, or undefined when the text is not of that form or a name is
 * not valid.
 */
export function parseIdentifierTypes(text: string): IdentifierTypes | undefined {
  const out: Record<string, string> = { ...DEFAULT_IDENTIFIER_TYPES };
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const m = /^\s*([A-Za-z_]+)\s*=\s*(\S*)\s*$/.exec(part);
    if (!m) return undefined;
    const key = m[1]!.toUpperCase();
    if (!isConfigurableType(key) || seen.has(key)) return undefined;
    seen.add(key);
    out[key] = m[2]!;
  }
  const parsed = IdentifierTypesSchema.safeParse(out);
  return parsed.success ? parsed.data : undefined;
}

export function sameIdentifierTypes(a: IdentifierTypes, b: IdentifierTypes): boolean {
  return a.CUSTOMER_ID === b.CUSTOMER_ID && a.OWN_ID === b.OWN_ID;
}
