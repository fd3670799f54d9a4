// Supplier sites v2 over real HTTP: access, creation and its lifecycle, the payload rules,
// duplicates, the list, find-by-identifier in both forms, deactivation and identifiers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITES, clientFor, startTestSandbox, supplierPayload, type TestSandbox } from './client';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.sb.close();
});

const find = (query: string) => t.api.get(`${SITES}/find-by-identifier?${query}`);

describe('access', () => {
  it('answers 403 with loggedIn false for a missing or unknown token', async () => {
    const missing = await clientFor(t.sb.url, null).get(SITES);
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ loggedIn: false, code: 'access_denied' });
    const unknown = await clientFor(t.sb.url, 'nope').post(SITES, supplierPayload('X'));
    expect(unknown.status).toBe(403);
    expect(unknown.body.loggedIn).toBe(false);
    expect(t.sb.stats().createRequestsAccepted).toBe(0);
  });

  it('answers 403 with loggedIn true and the permission for every operation a token may not use', async () => {
    t.sb.configure({ tokens: [{ token: 'bare', permissions: [] }] });
    const bare = clientFor(t.sb.url, 'bare');
    const cases: [string, string, unknown, string][] = [
      ['GET', SITES, undefined, 'ACCESS_PUBLIC_SUPPLIERS'],
      ['POST', SITES, supplierPayload('P1'), 'ACCESS_PUBLIC_CONNECT_TARGET'],
      ['DELETE', `${SITES}?platformId=500`, undefined, 'ACCESS_PUBLIC_REMOVE_TARGET'],
      ['GET', `${SITES}/pending`, undefined, 'ACCESS_PUBLIC_SUPPLIERS'],
      ['GET', `${SITES}/find-by-identifier?platformId=500`, undefined, 'ACCESS_PUBLIC_SUPPLIERS'],
      [
        'POST',
        `${SITES}/identifiers?platformId=500`,
        { type: 'OWN_ID', id: 'x' },
        'ACCESS_PUBLIC_CONNECT_TARGET',
      ],
      [
        'DELETE',
        `${SITES}/identifiers?platformId=500`,
        { type: 'OWN_ID', id: 'x' },
        'ACCESS_PUBLIC_CONNECT_TARGET',
      ],
      ['GET', `${SITES}/screening?platformId=500`, undefined, 'ACCESS_PUBLIC_SCREENING_REQUEST'],
      [
        'POST',
        `${SITES}/screening`,
        { identifier: { platformId: 500 }, options: { periodInYears: 2 } },
        'ACCESS_PUBLIC_SCREENING_REQUEST',
      ],
      ['GET', `${SITES}/validation?platformId=500`, undefined, 'ACCESS_PUBLIC_VALIDATION_REQUEST'],
      [
        'POST',
        `${SITES}/validation`,
        { identifier: { platformId: 500 } },
        'ACCESS_PUBLIC_VALIDATION_REQUEST',
      ],
      [
        'GET',
        '/public/v1/scores/externals?platformId=500',
        undefined,
        'ACCESS_PUBLIC_EXTERNAL_SCORES',
      ],
      [
        'POST',
        '/public/v1/scores/externals',
        {
          data: [
            {
              identifier: { platformId: 500 },
              scores: [{ eventTypeKey: 'esg_rating', scoreValue: 5 }],
            },
          ],
        },
        'ACCESS_PUBLIC_EXTERNAL_SCORES',
      ],
      [
        'GET',
        '/public/v1/scores/externals/event-types?perspectiveId=1',
        undefined,
        'ACCESS_PUBLIC_EXTERNAL_SCORES',
      ],
    ];
    for (const [method, path, body, permission] of cases) {
      const answer = await bare.call(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject({ loggedIn: true, permission, code: 'access_denied' });
    }
    const stats = t.sb.stats();
    expect(stats.createRequestsAccepted).toBe(0);
    expect(stats.screeningRequests + stats.validationRequests).toBe(0);
  });

  it('logs one line per request, never the token', async () => {
    const lines: string[] = [];
    t.sb.configure({ log: (line) => lines.push(line) });
    await t.api.get(`${SITES}/find-by-identifier?supplierId=SUP-1`);
    await clientFor(t.sb.url, 'secret-token').get(SITES);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/public\/v2\/suppliers\/sites\/find-by-identifier 200 \d+ms$/);
    expect(lines[1]).toMatch(/ 403 /);
    expect(lines.join('\n')).not.toMatch(/sandbox|secret-token|SUP-1/);
  });

  it('answers 404 for unknown paths and 405 for an unsupported method', async () => {
    expect((await t.api.get('/public/v2/nothing')).status).toBe(404);
    const wrong = await t.api.call('PUT', SITES, { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.body.code).toBe('method_not_allowed');
  });
});

describe('creation', () => {
  it('goes New, then Pending, then exists: found, listed, gone from pending', async () => {
    const created = await t.api.post(SITES, supplierPayload('N-1'));
    expect(created.status).toBe(202);
    const { uuid } = created.body as { uuid: string };
    const pendingUrl = `${t.sb.url}${SITES}/pending?uuid=${uuid}`;
    expect(created.headers.location).toBe(pendingUrl);
    expect(created.body.pendingEndpoint).toBe(pendingUrl);
    expect(typeof created.body.message).toBe('string');

    const first = await t.api.get(`${SITES}/pending?uuid=${uuid}`);
    expect(first.body).toEqual([
      {
        uuid,
        supplierId: { id: 'N-1', source: 'ERP' },
        name: 'Supplier N-1',
        countryCode: 'DE',
        city: 'Berlin',
        address: 'Hauptstrasse 1',
        status: 'New',
      },
    ]);
    expect((await find('supplierId=N-1')).status).toBe(404);

    await t.clock.advance(500);
    expect(
      (await t.api.get(`${SITES}/pending`)).body.map((p: { status: string }) => p.status),
    ).toEqual(['Pending']);

    await t.clock.advance(500);
    expect((await t.api.get(`${SITES}/pending`)).body).toEqual([]);
    expect((await t.api.get(`${SITES}/pending?uuid=${uuid}`)).body).toEqual([]);
    const found = await find('supplierId=N-1&source=ERP');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      name: 'Supplier N-1',
      supplierIds: [{ id: 'N-1', source: 'ERP' }],
      screened: false,
    });
    const list = await t.api.get(`${SITES}?size=100`);
    expect(list.body.content.map((s: { name: string }) => s.name)).toContain('Supplier N-1');
    const stats = t.sb.stats();
    expect(stats.creationsByIdentity).toEqual({ 'N-1|ERP': 1 });
    expect(stats.createRequestsAccepted).toBe(1);
    expect(stats.pending).toBe(0);
  });

  it('keeps each API user to its own pending list', async () => {
    t.sb.configure({
      tokens: [{ token: 'sandbox' }, { token: 'other' }, { token: 'twin', user: 'sandbox' }],
    });
    await t.api.post(SITES, supplierPayload('U-1'));
    expect((await clientFor(t.sb.url, 'other').get(`${SITES}/pending`)).body).toEqual([]);
    expect((await clientFor(t.sb.url, 'twin').get(`${SITES}/pending`)).body).toHaveLength(1);
  });

  it('trims strings and rejects blank or malformed fields with 400 naming the field', async () => {
    const ok = await t.api.post(SITES, {
      ...supplierPayload('  T-1  '),
      name: '  Trimmed  ',
      postalCode: '   ',
      supplierId: { id: '  T-1 ', source: ' ERP ' },
    });
    expect(ok.status).toBe(202);
    const pending = (await t.api.get(`${SITES}/pending`)).body[0];
    expect(pending).toMatchObject({ name: 'Trimmed', supplierId: { id: 'T-1', source: 'ERP' } });

    const bad: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name must not be blank'],
      [{ name: undefined }, 'name must not be blank'],
      [{ countryCode: 'de' }, 'countryCode must be two capital letters'],
      [{ countryCode: 'DEU' }, 'countryCode must be two capital letters'],
      [{ city: '' }, 'city must not be blank'],
      [{ city: undefined, locality: 'Berlin' }, 'city must not be blank'],
      [{ address: ' ' }, 'address must not be blank'],
      [{ supplierId: { id: '  ', source: 'ERP' } }, 'supplierId.id must not be blank'],
      [{ supplierId: undefined }, 'supplierId must not be null'],
      [{ screeningPeriodInYears: 3 }, 'screeningPeriodInYears must be 2, 5 or 10'],
      [{ requestValidationOnCreate: 'yes' }, 'requestValidationOnCreate must be true or false'],
      [{ name: 42 }, 'name must be a string'],
    ];
    for (const [patch, message] of bad) {
      const answer = await t.api.post(SITES, { ...supplierPayload('B-1'), ...patch });
      expect(answer.status, JSON.stringify(patch)).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
      expect(answer.body.message).toContain(message);
    }
    const several = await t.api.post(SITES, { countryCode: 'DE' });
    expect(several.body.message).toMatch(/name must not be blank.*city must not be blank/);

    const malformed = await t.api.post(SITES, undefined, { rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('not valid JSON');
    const wrongType = await t.api.post(SITES, undefined, {
      rawBody: JSON.stringify(supplierPayload('W-1')),
      contentType: 'text/plain',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('Content-Type');
    expect((await t.api.post(SITES, [1, 2])).status).toBe(400);
    expect(t.sb.stats().createRequestsAccepted).toBe(1);
  });

  it('answers 409 for a supplierId + source that is pending or exists, and accepts another source', async () => {
    expect((await t.api.post(SITES, supplierPayload('D-1'))).status).toBe(202);
    const pendingDup = await t.api.post(SITES, { ...supplierPayload('D-1'), name: 'Other' });
    expect(pendingDup.status).toBe(409);
    expect(pendingDup.body.code).toBe('duplicate_supplier');
    expect(
      (
        await t.api.post(SITES, {
          ...supplierPayload('D-1'),
          supplierId: { id: 'D-1', source: 'SAP' },
        })
      ).status,
    ).toBe(202);
    await t.clock.advance(1000);
    expect((await t.api.post(SITES, supplierPayload('D-1'))).status).toBe(409);
    // Seeded suppliers count too.
    expect(
      (
        await t.api.post(SITES, {
          ...supplierPayload('x'),
          supplierId: { id: 'SUP-1', source: 'ERP' },
        })
      ).status,
    ).toBe(409);
    expect(t.sb.stats().creationsByIdentity).toEqual({ 'D-1|ERP': 1, 'D-1|SAP': 1 });
  });

  it('needs the entitlements for screening or validation on create', async () => {
    t.sb.configure({
      tokens: [
        {
          token: 'plain',
          permissions: ['ACCESS_PUBLIC_SUPPLIERS', 'ACCESS_PUBLIC_CONNECT_TARGET'],
        },
      ],
    });
    const plain = clientFor(t.sb.url, 'plain');
    const screening = await plain.post(
      SITES,
      supplierPayload('E-1', { screeningPeriodInYears: 5 }),
    );
    expect(screening.status).toBe(403);
    expect(screening.body).toMatchObject({
      loggedIn: true,
      permission: 'ENTITLEMENT_SCREENING_ON_CREATE',
    });
    const validation = await plain.post(
      SITES,
      supplierPayload('E-1', { requestValidationOnCreate: true }),
    );
    expect(validation.status).toBe(403);
    expect(validation.body.permission).toBe('ENTITLEMENT_VALIDATION_ON_CREATE');
    expect(
      (
        await plain.post(
          SITES,
          supplierPayload('E-1', {
            requestValidationOnCreate: false,
            screeningPeriodInYears: null,
          }),
        )
      ).status,
    ).toBe(202);
  });

  it('lets a configured share of creations vanish: gone from pending, never found', async () => {
    t.sb.configure({ vanishShare: 1 });
    const created = await t.api.post(SITES, supplierPayload('V-1'));
    expect(created.status).toBe(202);
    await t.clock.advance(1000);
    expect((await t.api.get(`${SITES}/pending`)).body).toEqual([]);
    expect((await find('supplierId=V-1')).status).toBe(404);
    expect(t.sb.stats().creationsByIdentity).toEqual({});
    // The identity is free again, as nothing holds it.
    expect((await t.api.post(SITES, supplierPayload('V-1'))).status).toBe(202);
  });

  it('vanishes about the configured share, reproducibly for a seed', async () => {
    t.sb.configure({ vanishShare: 0.5 });
    for (let i = 0; i < 40; i++) await t.api.post(SITES, supplierPayload(`S-${i}`));
    await t.clock.advance(1000);
    const created = Object.keys(t.sb.stats().creationsByIdentity).length;
    expect(created).toBeGreaterThan(8);
    expect(created).toBeLessThan(32);
  });
});

describe('list', () => {
  it('pages 0-based, ordered by name then id, with the page object', async () => {
    const extra = Array.from({ length: 22 }, (_, i) => ({
      name: i % 2 === 0 ? 'Same Name' : `Name ${String(i).padStart(2, '0')}`,
      countryCode: 'DE',
      city: 'Köln',
      address: `Weg ${i}`,
      supplierIds: [{ id: `L-${i}` }],
    }));
    t.sb.configure({ seedSuppliers: extra });
    t.sb.reset();
    const first = await t.api.get(SITES);
    expect(first.body).toMatchObject({
      size: 10,
      number: 0,
      totalElements: 22,
      totalPages: 3,
      numberOfElements: 10,
      first: true,
      last: false,
      empty: false,
    });
    const all = [];
    for (let page = 0; page < 3; page++) {
      const answer = await t.api.get(`${SITES}?page=${page}&size=10`);
      all.push(...answer.body.content);
      if (page === 2) expect(answer.body).toMatchObject({ numberOfElements: 2, last: true });
    }
    const keys: [string, number][] = all.map((s: { name: string; platformTargetId: number }) => [
      s.name,
      s.platformTargetId,
    ]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
    expect(new Set(all.map((s: { platformTargetId: number }) => s.platformTargetId)).size).toBe(22);
    expect(all[0].supplierIds).toEqual([{ id: expect.stringMatching(/^L-/) }]);

    const beyond = await t.api.get(`${SITES}?page=9`);
    expect(beyond.body).toMatchObject({ content: [], empty: true, number: 9 });
    expect((await t.api.get(`${SITES}?size=5000`)).body.size).toBe(2000);
    expect((await t.api.get(`${SITES}?size=abc&page=-1`)).body).toMatchObject({
      size: 10,
      number: 0,
    });
  });
});

describe('find by identifier', () => {
  it('answers one object, 404 for none and 400 for several (spec form)', async () => {
    const one = await find('supplierId=SUP-1');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      platformTargetId: 500,
      postalCode: '20457',
      supplierIds: [{ id: 'SUP-1', source: 'ERP' }],
      customerIds: [{ id: 'C-1' }],
      ownIds: [],
      screenedStatus: 'Required',
    });
    expect((await find('supplierId=nope')).status).toBe(404);
    const several = await find('supplierId=SHARED');
    expect(several.status).toBe(400);
    expect(several.body.message).toContain('Several suppliers');
    expect((await find('supplierId=SHARED&source=SAP')).body.platformTargetId).toBe(502);
    // source filters string ids only; ids of different kinds are OR-ed.
    expect((await find('platformId=500&source=nothing')).body.platformTargetId).toBe(500);
    expect((await find('customerId=C-1&source=ERP')).status).toBe(404);
    expect((await find('supplierId=SUP-1&ownId=O-1')).status).toBe(400);
    expect((await find('ownId=O-1&source=X')).body.platformTargetId).toBe(501);
    const none = await find('source=ERP');
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('at least one of supplierId');
    expect((await find('platformId=abc')).body.message).toContain(
      'platformId must be a whole number',
    );
  });

  it('answers a list in the list form', async () => {
    t.sb.configure({ findByIdentifierForm: 'list' });
    expect((await find('supplierId=SHARED')).body).toHaveLength(2);
    expect((await find('supplierId=nope')).body).toEqual([]);
    const one = await find('platformId=501');
    expect(one.body).toHaveLength(1);
    expect(one.body[0].ownIds).toEqual([{ id: 'O-1', source: 'X' }]);
  });
});

describe('deactivation', () => {
  it('hides the supplier and frees its supplierId for a new supplier', async () => {
    expect((await t.api.delete(`${SITES}?supplierId=SUP-1`)).status).toBe(204);
    expect((await find('platformId=500')).status).toBe(404);
    expect((await t.api.get(`${SITES}?size=50`)).body.totalElements).toBe(2);
    expect((await t.api.delete(`${SITES}?platformId=500`)).status).toBe(404);
    const again = await t.api.post(SITES, {
      ...supplierPayload('x'),
      supplierId: { id: 'SUP-1', source: 'ERP' },
    });
    expect(again.status).toBe(202);
    await t.clock.advance(1000);
    const found = await find('supplierId=SUP-1');
    expect(found.status).toBe(200);
    expect(found.body.platformTargetId).not.toBe(500);
  });

  it('needs exactly one match', async () => {
    expect((await t.api.delete(`${SITES}?supplierId=SHARED`)).status).toBe(400);
    expect((await t.api.delete(SITES)).status).toBe(400);
    expect((await t.api.get(`${SITES}?size=50`)).body.totalElements).toBe(3);
  });
});

describe('identifiers', () => {
  const IDS = `${SITES}/identifiers`;

  it('adds an identifier (201) that then finds the supplier, and removes it (204)', async () => {
    const added = await t.api.post(`${IDS}?platformId=500`, {
      type: 'CUSTOMER_ID',
      id: ' K-9 ',
      source: 'CRM',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      type: 'CUSTOMER_ID',
      id: 'K-9',
      source: 'CRM',
      platformTargetId: 500,
    });
    expect(added.headers.location).toContain('platformId=500');
    expect((await find('customerId=K-9')).body.platformTargetId).toBe(500);

    const removed = await t.api.delete(`${IDS}?platformId=500`, {
      type: 'CUSTOMER_ID',
      id: 'K-9',
      source: 'CRM',
    });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await find('customerId=K-9')).status).toBe(404);
    expect(
      (
        await t.api.delete(`${IDS}?platformId=500`, {
          type: 'CUSTOMER_ID',
          id: 'K-9',
          source: 'CRM',
        })
      ).status,
    ).toBe(404);
  });

  it('answers 409 for an identifier that exists anywhere, pending creations included', async () => {
    const clash = await t.api.post(`${IDS}?platformId=501`, {
      type: 'SUPPLIER_ID',
      id: 'SUP-1',
      source: 'ERP',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('duplicate_supplier');
    await t.api.post(SITES, supplierPayload('P-7'));
    expect(
      (await t.api.post(`${IDS}?platformId=501`, { type: 'SUPPLIER_ID', id: 'P-7', source: 'ERP' }))
        .status,
    ).toBe(409);
    // Same id, other kind: a different identifier.
    expect(
      (await t.api.post(`${IDS}?platformId=501`, { type: 'OWN_ID', id: 'SUP-1', source: 'ERP' }))
        .status,
    ).toBe(201);
  });

  it('checks the body and the supplier', async () => {
    expect(
      (await t.api.post(`${IDS}?platformId=500`, { type: 'TAX_ID', id: '1' })).body.message,
    ).toContain('type must be one of');
    expect((await t.api.post(`${IDS}?platformId=500`, { type: 'OWN_ID', id: ' ' })).status).toBe(
      400,
    );
    expect((await t.api.post(`${IDS}?platformId=999`, { type: 'OWN_ID', id: 'z' })).status).toBe(
      404,
    );
    expect((await t.api.post(`${IDS}?supplierId=SHARED`, { type: 'OWN_ID', id: 'z' })).status).toBe(
      400,
    );
    expect((await t.api.delete(`${IDS}?platformId=500`)).status).toBe(400);
    expect((await t.api.delete(`${IDS}?platformId=999`, { type: 'OWN_ID', id: 'z' })).status).toBe(
      404,
    );
  });
});
