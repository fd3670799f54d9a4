// Answers with long lists of records (a grid page's 500 rows, each some 30 fields) cross the
// channel between the services' process and the front door with each field's name once, not
// once per record: a list of plain records that all have the same fields in the same order is
// sent as the names and a row of values per record, and made back into the same records on the
// other side. A grid page is then about 40 % smaller: less to copy on both sides, and fewer turns
// of the services' loop to write it to the channel while a long work runs there.
// Only lists at the answer's top or in one of its own fields are packed (where the commands'
// lists are), and the message names them, so nothing else is ever read as packed.

/** Lists shorter than this cross as they are: their names cost little. */
const MIN_RECORDS = 16;

interface Packed {
  names: string[];
  values: unknown[][];
}

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The list as names and values, or undefined when its items are not records of the same fields
 *  in the same order. */
function packList(list: unknown[]): Packed | undefined {
  if (list.length < MIN_RECORDS || !isPlainRecord(list[0])) return undefined;
  const names = Object.keys(list[0]);
  // Made back by assignment: a field of that name would set the record's prototype instead.
  if (names.includes('__proto__')) return undefined;
  const values: unknown[][] = new Array<unknown[]>(list.length);
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isPlainRecord(item)) return undefined;
    const keys = Object.keys(item);
    if (keys.length !== names.length) return undefined;
    const row = new Array<unknown>(names.length);
    for (let k = 0; k < names.length; k++) {
      if (keys[k] !== names[k]) return undefined;
      row[k] = item[names[k]!];
    }
    values[i] = row;
  }
  return { names, values };
}

function unpackList(p: Packed): Record<string, unknown>[] {
  const { names, values } = p;
  const out = new Array<Record<string, unknown>>(values.length);
  for (let i = 0; i < values.length; i++) {
    const row = values[i]!;
    const item: Record<string, unknown> = {};
    for (let k = 0; k < names.length; k++) item[names[k]!] = row[k];
    out[i] = item;
  }
  return out;
}

/** What a packed answer says it packed: '' for the answer itself, else the field's name. */
export type PackedAt = string[];

/** The answer with its long lists of records packed, and where; the answer itself is not
 *  changed (a field's list is replaced in a copy of the answer). */
export function packAnswer(value: unknown): { value: unknown; packed?: PackedAt } {
  if (Array.isArray(value)) {
    const p = packList(value);
    return p ? { value: p, packed: [''] } : { value };
  }
  if (!isPlainRecord(value)) return { value };
  let copy: Record<string, unknown> | undefined;
  const packed: PackedAt = [];
  for (const [key, field] of Object.entries(value)) {
    // '' names the answer itself in `packed`.
    if (key === '' || !Array.isArray(field)) continue;
    const p = packList(field);
    if (!p) continue;
    copy ??= { ...value };
    copy[key] = p;
    packed.push(key);
  }
  return copy ? { value: copy, packed } : { value };
}

/** The answer as it was before `packAnswer`. */
export function unpackAnswer(value: unknown, packed: PackedAt | undefined): unknown {
  if (!packed?.length) return value;
  if (packed.includes('')) return unpackList(value as Packed);
  const out = { ...(value as Record<string, unknown>) };
  for (const key of packed) out[key] = unpackList(out[key] as Packed);
  return out;
}
