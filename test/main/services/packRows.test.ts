// The long lists of records in an answer cross the services' channel packed (names once, values
// per record) and come out as the same records: same fields, same order, same values.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { packAnswer, unpackAnswer } from '../../../src-main/services/remote/packRows';

const row = (i: number) => ({
  id: i,
  sourceRow: i + 1,
  cells: [`S${i}`, 'Müller GmbH', '', null],
  state: i % 2 ? 'valid' : 'invalid',
  platformId: null,
  problems: i % 3 ? [] : [{ message: 'Country missing', field: 'countryCode' }],
  edits: i % 5 ? {} : { city: 'Köln' },
  payload: i % 7 ? { name: 'Müller GmbH', supplierId: { id: `S${i}`, source: 'SAP' } } : null,
  note: undefined,
  updatedAt: 1_795_766_080_868 + i,
});

/** As the channel copies it. */
const across = <T>(v: T): T => v8.deserialize(v8.serialize(v)) as T;

describe('answers packed for the services’ channel', () => {
  it('gives back a grid page as it was, in fewer bytes', () => {
    const page = { rows: Array.from({ length: 500 }, (_, i) => row(i)), nextCursor: 500 };
    const before = structuredClone(page);
    const { value, packed } = packAnswer(page);
    expect(packed).toEqual(['rows']);
    expect(page).toStrictEqual(before);
    const back = unpackAnswer(across(value), packed) as typeof page;
    expect(back).toStrictEqual(page);
    expect(back.rows.map((r) => Object.keys(r))).toEqual(page.rows.map((r) => Object.keys(r)));
    expect(v8.serialize(value).length).toBeLessThan(v8.serialize(page).length * 0.75);
  });

  it('packs a list that is the answer itself', () => {
    const list = Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Job ${i}` }));
    const { value, packed } = packAnswer(list);
    expect(packed).toEqual(['']);
    expect(unpackAnswer(across(value), packed)).toStrictEqual(list);
  });

  it('leaves short lists, mixed lists and other answers as they are', () => {
    const short = { rows: [row(1), row(2)] };
    const mixed = {
      rows: [...Array.from({ length: 20 }, (_, i) => row(i)), { id: 99, other: true }],
    };
    // The same fields, the last record's in another order.
    const reordered = {
      rows: [
        ...Array.from({ length: 20 }, (_, i) => row(i)),
        Object.fromEntries(Object.entries(row(20)).reverse()),
      ],
    };
    const withArrays = { rows: Array.from({ length: 20 }, (_, i) => [i, i + 1]) };
    // A field named as the prototype (say, a key read from a file) would not come back as one.
    const protoNamed = {
      rows: Array.from(
        { length: 20 },
        (_, i) => JSON.parse(`{"__proto__": ${i}, "b": 1}`) as Record<string, unknown>,
      ),
    };
    // '' names the answer itself among the packed places.
    const emptyNamed = { '': Array.from({ length: 20 }, (_, i) => ({ id: i })) };
    for (const answer of [
      emptyNamed,
      short,
      mixed,
      reordered,
      withArrays,
      protoNamed,
      'text',
      7,
      null,
      undefined,
    ]) {
      const { value, packed } = packAnswer(answer);
      expect(packed).toBeUndefined();
      expect(value).toBe(answer);
      expect(unpackAnswer(value, packed)).toBe(answer);
    }
  });
});
