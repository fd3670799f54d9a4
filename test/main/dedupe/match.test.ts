// Likely duplicate suppliers within a list and against a base: the spellings of one site make
// one group with its reasons; the same company in another city, similar names of other
// companies in one town, and the sites of a chain do not; blocking never compares two countries.
import { describe, expect, it } from 'vitest';
import {
  findDuplicates,
  matchAgainstBase,
  prepareBase,
  runSliced,
} from '../../../src-main/dedupe/match';
import type { DuplicateReason, SupplierRecord } from '../../../src-main/dedupe/types';

let nextKey = 0;
const row = (
  name: string,
  street: string | undefined,
  postalCode: string | undefined,
  city: string | undefined,
  countryCode = 'DE',
): SupplierRecord => ({
  key: ++nextKey,
  name,
  street,
  postalCode,
  city,
  countryCode,
});
const codes = (reasons: DuplicateReason[]) => reasons.map((r) => r.code);

describe('findDuplicates', () => {
  it('groups Müller GmbH & Co. KG, Mueller GmbH and MULLER GMBH at one address, with reasons', () => {
    const a = row('Müller GmbH & Co. KG', 'Hauptstr. 5', '80331', 'München');
    const b = row('Mueller GmbH', 'Hauptstraße 5', '80331', 'Muenchen');
    const c = row('MULLER GMBH', 'Hauptstrasse 5', undefined, 'MÜNCHEN');
    const other = row('Schneider Elektro GmbH', 'Hauptstr. 7', '80331', 'München');
    const r = findDuplicates([a, b, other, c]);
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.keys).toEqual([a.key, b.key, c.key]);
    expect(r.groups[0]!.pairs).toHaveLength(3);
    const ab = r.groups[0]!.pairs.find((p) => p.a === a.key && p.b === b.key)!;
    expect(ab.score).toBeGreaterThanOrEqual(0.95);
    expect(ab.reasons).toEqual([
      { code: 'name_equal_after_legal_form', a: ['GmbH & Co. KG'], b: ['GmbH'] },
      { code: 'same_postal_code' },
      { code: 'same_city' },
      { code: 'street_equal', a: 'Hauptstr. 5', b: 'Hauptstraße 5' },
    ]);
    const bc = r.groups[0]!.pairs.find((p) => p.a === b.key && p.b === c.key)!;
    expect(codes(bc.reasons)).toEqual([
      'name_equal',
      'postal_code_missing',
      'same_city',
      'street_equal',
    ]);
    for (const p of r.groups[0]!.pairs) {
      expect(p.score).toBeGreaterThanOrEqual(0.8);
      expect(p.score).toBeLessThanOrEqual(1);
    }
  });

  it('takes "Str." for "Straße" and "St." for "Street"', () => {
    const r = findDuplicates([
      row('Weber Metallbau GmbH', 'Industriestr. 12', '70173', 'Stuttgart'),
      row('Weber Metallbau GmbH', 'Industriestraße 12', '70173', 'Stuttgart'),
      row('Taylor Plastics Ltd', '14 High St.', 'M1 4BT', 'Manchester', 'GB'),
      row('Taylor Plastics Limited', '14 High Street', 'M1 4BT', 'Manchester', 'GB'),
    ]);
    expect(r.groups).toHaveLength(2);
    expect(r.groups.map((g) => codes(g.pairs[0]!.reasons))).toEqual([
      ['name_equal', 'same_postal_code', 'same_city', 'street_equal'],
      ['name_equal', 'same_postal_code', 'same_city', 'street_equal'],
    ]);
  });

  it('groups Meyer Bau and Meier Bau on the same street', () => {
    const r = findDuplicates([
      row('Meyer Bau GmbH', 'Lindenweg 7', '28195', 'Bremen'),
      row('Meier Bau GmbH', 'Lindenweg 7', '28195', 'Bremen'),
    ]);
    expect(r.groups).toHaveLength(1);
    const reasons = r.groups[0]!.pairs[0]!.reasons;
    expect(reasons[0]).toEqual({ code: 'name_similar', similarity: 0.889 });
  });

  it('does not take the same company in another city for a duplicate', () => {
    const r = findDuplicates([
      row('Müller GmbH', 'Hauptstr. 5', '80331', 'München'),
      row('Müller GmbH', 'Hauptstr. 5', '10115', 'Berlin'),
      row('Müller GmbH', 'Hauptstr. 5', undefined, 'Hamburg'),
    ]);
    expect(r.groups).toEqual([]);
  });

  it('does not take similar names of other companies in one town for duplicates', () => {
    const r = findDuplicates([
      row('Schmidt Logistik GmbH', 'Industriestraße 3', '04103', 'Leipzig'),
      row('Schmitt Elektro GmbH', 'Gewerbering 8', '04103', 'Leipzig'),
      row('Müller Bau GmbH', 'Bahnhofstraße 1', '04103', 'Leipzig'),
      row('Müller Holzbau GmbH', 'Bahnhofstraße 1', '04103', 'Leipzig'),
      row('Meyer Bau GmbH', 'Lindenweg 7', '04103', 'Leipzig'),
      row('Meier Bau GmbH', 'Gartenweg 30', '04103', 'Leipzig'),
    ]);
    expect(r.groups).toEqual([]);
  });

  it('does not take two sites of a chain in one town for duplicates', () => {
    const r = findDuplicates([
      row('Nordwerk Logistik GmbH', 'Hafenstraße 10', '20457', 'Hamburg'),
      row('Nordwerk Logistik GmbH', 'Billstraße 120', '20539', 'Hamburg'),
      row('Nordwerk Logistik GmbH', 'Hafenstraße 14', '20457', 'Hamburg'),
    ]);
    expect(r.groups).toEqual([]);
  });

  it('never chains two cities into one group through a row without an address', () => {
    const vague = row('Becker Transporte GmbH', undefined, undefined, undefined);
    const berlin = row('Becker Transporte GmbH', 'Hauptstr. 5', '10115', 'Berlin');
    const munich = row('Becker Transporte GmbH', 'Hauptstr. 5', '80331', 'München');
    const r = findDuplicates([berlin, vague, munich]);
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.keys).toHaveLength(2);
    expect(r.groups[0]!.keys).toContain(vague.key);
    expect(r.pairsRefused).toBe(1);
  });

  it('compares names swapped, mistyped, and with other legal form spellings', () => {
    const r = findDuplicates([
      row('Bau Meyer GmbH', 'Lindenweg 7', '28195', 'Bremen'),
      row('Meyer Bau G.m.b.H.', 'Lindenweg 7', '28195', 'Bremen'),
      row('Dupont Emballages SARL', '12 rue Pasteur', '69003', 'Lyon', 'FR'),
      row('DUPONT EMBALAGES S.à r.l.', '12 r. Pasteur', '69003', 'Lyon', 'FR'),
      row('Kowalski Transport Sp. z o.o.', 'ul. Polna 5', '00-950', 'Warszawa', 'PL'),
      row('Kowalski Transport sp. z o. o.', 'Polna 5', '00950', 'Warsaw', 'PL'),
    ]);
    expect(r.groups.map((g) => g.keys.length)).toEqual([2, 2, 2]);
  });

  it('never compares rows of two countries', () => {
    const r = findDuplicates([
      row('Huber Maschinenbau GmbH', 'Hauptstraße 1', '5020', 'Salzburg', 'AT'),
      row('Huber Maschinenbau GmbH', 'Hauptstraße 1', '5020', 'Salzburg', 'DE'),
      row('Huber Maschinenbau GmbH', 'Hauptstraße 1', '5020', 'Salzburg', 'CH'),
    ]);
    expect(r.pairsCompared).toBe(0);
    expect(r.groups).toEqual([]);
  });

  it('blocks: compares far fewer pairs than all', () => {
    const rows: SupplierRecord[] = [];
    for (let i = 0; i < 2000; i++)
      rows.push(row(`Firma${i} Handel GmbH`, `Weg ${i}`, String(10000 + (i % 50)), 'Berlin'));
    const r = findDuplicates(rows);
    expect(r.pairsCompared).toBeLessThan(rows.length * 50);
    expect(r.groups).toEqual([]);
  });
});

describe('matchAgainstBase', () => {
  const base = [
    row('Müller GmbH & Co. KG', 'Hauptstr. 5', '80331', 'München'),
    row('Müller GmbH & Co. KG', 'Hauptstr. 5', '10115', 'Berlin'),
    row('Schmitt Elektro GmbH', 'Gewerbering 8', '04103', 'Leipzig'),
    row('Müller GmbH & Co. KG', 'Hauptstr. 5', '80331', 'München', 'AT'),
  ];

  it('finds the existing supplier of a row, best first, with reasons', () => {
    const rows = [
      row('MUELLER GMBH', 'Hauptstraße 5', '80331', 'Munich'),
      row('Schmidt Logistik GmbH', 'Industriestraße 3', '04103', 'Leipzig'),
    ];
    const r = matchAgainstBase(rows, base);
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]!.key).toBe(rows[0]!.key);
    expect(r.matches[0]!.candidates.map((c) => c.baseKey)).toEqual([base[0]!.key]);
    expect(codes(r.matches[0]!.candidates[0]!.reasons)).toEqual([
      'name_equal_after_legal_form',
      'same_postal_code',
      'same_city',
      'street_equal',
    ]);
    expect(r.pairsCompared).toBeGreaterThan(0);
  });

  it('takes a base prepared once, and never compares across countries', () => {
    const prepared = prepareBase(base);
    const r = matchAgainstBase(
      [row('Müller GmbH', 'Hauptstr. 5', '80331', 'München', 'FR')],
      prepared,
    );
    expect(r).toEqual({ matches: [], pairsCompared: 0 });
  });
});

describe('runSliced', () => {
  /** 40 steps of about 1 ms each. */
  function* work(done: { steps: number }): Generator<void, string> {
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      while (performance.now() - t < 1);
      done.steps++;
      yield;
    }
    return 'grouped';
  }
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('gives way while a work the user waits for runs, then goes on to its end', async () => {
    const done = { steps: 0 };
    let userWork = true;
    const run = runSliced(work(done), 3, { giveWay: () => userWork });
    await wait(100);
    // The first slice ran, then it waited: no step while the user's work ran.
    const paused = done.steps;
    expect(paused).toBeGreaterThan(0);
    expect(paused).toBeLessThan(40);
    await wait(100);
    expect(done.steps).toBe(paused);
    userWork = false;
    expect(await run).toBe('grouped');
    expect(done.steps).toBe(40);
  });

  it('stops between slices once aborted, also while giving way', async () => {
    const done = { steps: 0 };
    const stop = new AbortController();
    const run = runSliced(work(done), 3, { signal: stop.signal, giveWay: () => true });
    await wait(50);
    stop.abort(new Error('closing'));
    await expect(run).rejects.toThrow('closing');
    expect(done.steps).toBeLessThan(40);
  });
});
