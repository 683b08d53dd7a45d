import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeIndex, type RequestDescription, requestSimilarity, tokenize } from '../../src/index';

/** Requests drawn from a small space, so that shared ids, values, names and keys are common. */
const requestArbitrary: fc.Arbitrary<RequestDescription> = fc
  .record({
    method: fc.constantFrom('GET', 'POST'),
    host: fc.constantFrom('app.test', 'api.test'),
    segments: fc.array(fc.constantFrom('api', 'items', 'orders', '12', '345', '7777', 'ORD-1001', 'x'), {
      maxLength: 4,
    }),
    query: fc.array(
      fc.tuple(fc.constantFrom('page', 'sort', 'q', 'tag'), fc.constantFrom('1', '2', 'asc', 'desc', '')),
      { maxLength: 4 },
    ),
    keys: fc.subarray(['id', 'name', 'owner.id', 'tags']),
  })
  .map(({ method, host, segments, query, keys }) => ({
    method,
    url: `https://${host}/${segments.join('/')}${query.length ? `?${new URLSearchParams(query)}` : ''}`,
    bodyHash: keys.length ? keys.join(',') : null,
    bodyKeys: keys,
  }));

/** One resource's records with the same query names: many exchanges of one kind, told apart by shared values. */
const sameKindArbitrary: fc.Arbitrary<RequestDescription> = fc
  .record({
    resource: fc.constantFrom('items', 'orders'),
    id: fc.constantFrom('12', '345', '7777', '8080'),
    page: fc.constantFrom('1', '2', '3'),
    sort: fc.constantFrom('asc', 'desc'),
  })
  .map(({ resource, id, page, sort }) => ({
    method: 'GET',
    url: `https://app.test/api/${resource}/${id}?page=${page}&sort=${sort}`,
    bodyHash: null,
    bodyKeys: [],
  }));

/** What the index must answer: every exchange of the method and host scored, the earliest of the best. */
function bruteForce(recorded: RequestDescription[], request: RequestDescription) {
  const tokens = tokenize(request);
  let best: { seq: number; score: number } | null = null;
  recorded.forEach((candidate, seq) => {
    const other = tokenize(candidate);
    if (other.method !== tokens.method || other.host !== tokens.host) return;
    const score = requestSimilarity(tokens, other);
    if (!best || score > best.score) best = { seq, score };
  });
  return best;
}

describe('the replay index closest match', () => {
  it('should find what scoring every exchange of the method and host finds', () => {
    fc.assert(
      fc.property(fc.array(requestArbitrary, { maxLength: 60 }), requestArbitrary, (recorded, request) => {
        const index = new ExchangeIndex(recorded.map((r, seq) => ({ seq, request: r, answer: seq })));
        const found = index.closest(tokenize(request));
        const expected = bruteForce(recorded, request);
        if (expected === null) expect(found).toBeNull();
        else {
          expect(found?.exchange.seq).toBe((expected as { seq: number }).seq);
          expect(found?.score).toBeCloseTo((expected as { score: number }).score, 12);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('should pick, among many exchanges of one kind, the one sharing the most with the request', () => {
    fc.assert(
      fc.property(fc.array(sameKindArbitrary, { maxLength: 40 }), sameKindArbitrary, (recorded, request) => {
        const index = new ExchangeIndex(recorded.map((r, seq) => ({ seq, request: r, answer: seq })));
        const found = index.closest(tokenize(request));
        const expected = bruteForce(recorded, request) as { seq: number; score: number } | null;
        expect(found?.exchange.seq ?? null).toBe(expected?.seq ?? null);
      }),
      { numRuns: 1_000 },
    );
  });
});
