// The spec check itself: it must catch mismatches, forgive only the listed deliberate differences,
// and every difference must say why.
import { describe, expect, it } from 'vitest';
import { SPEC_DIFFERENCES } from '../../../src-main/sandbox';
import { SpecChecker, toJsonSchema } from './openapi';

const checker = new SpecChecker();
const SITES = '/public/v2/suppliers/sites';

describe('spec check', () => {
  it('turns OpenAPI nullable into JSON Schema', () => {
    expect(toJsonSchema({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toJsonSchema({ type: 'string', nullable: true, enum: ['A', 'A', 'B'] })).toEqual({
      type: ['string', 'null'],
      enum: ['A', 'B', null],
    });
    expect(toJsonSchema({ nullable: true, allOf: [{ $ref: '#/components/schemas/X' }] })).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [{ $ref: 'https://supplier-api.spec/schemas/X' }] }],
    });
  });

  it('catches wrong bodies', () => {
    expect(
      checker.problems('GET', SITES, 403, { code: 'access_denied', message: 'x' }, '{}'),
    ).not.toEqual([]);
    expect(
      checker.problems(
        'POST',
        SITES,
        202,
        { uuid: 'not-a-uuid', message: 'm', pendingEndpoint: 'p' },
        '{}',
      ),
    ).not.toEqual([]);
    expect(
      checker.problems(
        'GET',
        `${SITES}/find-by-identifier`,
        200,
        { platformTargetId: 1, name: 'n' },
        '{}',
      ),
    ).not.toEqual([]);
    expect(
      checker.problems(
        'GET',
        `${SITES}/screening`,
        200,
        { id: 1, status: 'Running', periodInYears: 2 },
        '{}',
      ),
    ).not.toEqual([]);
    // A status the document does not list, outside the deliberate differences.
    expect(
      checker.problems('GET', `${SITES}/pending`, 404, { code: 'x', message: 'y' }, '{}'),
    ).not.toEqual([]);
    expect(checker.problems('DELETE', SITES, 204, undefined, '{"a":1}')).not.toEqual([]);
  });

  it('forgives the local date-times of 429 only in their documented form', () => {
    const body = (currentTime: string) => ({
      error: 'Too Many Requests',
      message: 'm',
      requestLimit: 1,
      requestCount: 1,
      limits: [{ requestLimit: 1, timeInSeconds: 10 }],
      currentTime,
      nextResetAt: '2026-01-15T10:30:10',
    });
    expect(checker.problems('GET', SITES, 429, body('2026-01-15T10:30:00'), '{}')).toEqual([]);
    expect(checker.problems('GET', SITES, 429, body('10:30 yesterday'), '{}')).not.toEqual([]);
  });

  it('lists every deliberate difference with a reason', () => {
    const ids = SPEC_DIFFERENCES.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of SPEC_DIFFERENCES) {
      expect(d.reason.length, d.id).toBeGreaterThan(40);
      if (d.kind === 'undocumented-status') expect(d.schema, d.id).toBeDefined();
      if (d.kind === 'format') expect(d.instancePaths?.length, d.id).toBeGreaterThan(0);
      if (d.kind === 'spec-answer') expect(d.missing?.length, d.id).toBeGreaterThan(0);
    }
  });

  it("forgives a lean answer's missing fields only for a sandbox in spec answers, and only those listed", () => {
    const lean = new SpecChecker({ specAnswers: true });
    const status = { status: 'New' };
    expect(checker.problems('GET', `${SITES}/screening`, 200, status, '{}')).not.toEqual([]);
    expect(lean.problems('GET', `${SITES}/screening`, 200, status, '{}')).toEqual([]);
    // A field the spec shows is still required.
    expect(lean.problems('GET', `${SITES}/screening`, 200, { id: 1 }, '{}')).not.toEqual([]);
    // Wrong types are never forgiven.
    expect(
      lean.problems('GET', `${SITES}/screening`, 200, { status: 'New', id: 'x' }, '{}'),
    ).not.toEqual([]);
    // Not listed for this answer: the pending list keeps the document's required fields.
    expect(lean.problems('GET', `${SITES}/pending`, 200, [{ uuid: 'x' }], '{}')).not.toEqual([]);
  });
});
