import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyHash,
  bodyKeys,
  EMPTY_SIMULATOR_CONFIG,
  ExchangeIndex,
  type IndexedExchange,
  isIdLike,
  ProxyInstance,
  pathPattern,
  type RequestDescription,
  requestSimilarity,
  tokenize,
  writeMutation,
} from '../../src/index';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

function request(method: string, url: string, body?: unknown): RequestDescription {
  const bytes = body === undefined ? Buffer.alloc(0) : json(body);
  return { method, url, bodyHash: bodyHash(bytes), bodyKeys: bodyKeys(bytes, 'application/json') };
}

function recording(...requests: RequestDescription[]): ExchangeIndex<string> {
  return new ExchangeIndex(requests.map((r, seq) => ({ seq, request: r, answer: `answer ${seq}` })));
}

describe('the closest-match scorer', () => {
  it('should score a request against itself 1 and stay within 0..1', () => {
    const segment = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    const url = fc
      .tuple(fc.array(segment, { maxLength: 5 }), fc.dictionary(segment, segment, { maxKeys: 3 }))
      .map(([path, query]) => `http://site.test/${path.join('/')}?${new URLSearchParams(query)}`);
    const body = fc.option(fc.dictionary(segment, fc.jsonValue(), { maxKeys: 4 }), { nil: undefined });
    fc.assert(
      fc.property(url, url, body, body, (a, b, x, y) => {
        const left = tokenize(request('POST', a, x));
        const right = tokenize(request('POST', b, y));
        expect(requestSimilarity(left, left)).toBeCloseTo(1);
        const score = requestSimilarity(left, right);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1 + 1e-9);
        expect(score).toBeCloseTo(requestSimilarity(right, left));
      }),
    );
  });

  it('should rank another record of the same resource above another resource', () => {
    const asked = tokenize(request('GET', 'http://site.test/api/items/9'));
    const sameResource = tokenize(request('GET', 'http://site.test/api/items/3'));
    const otherResource = tokenize(request('GET', 'http://site.test/api/users/3'));
    expect(requestSimilarity(asked, sameResource)).toBeGreaterThan(requestSimilarity(asked, otherResource));
  });

  it('should name ids in paths and make table names of them', () => {
    expect(
      ['42', 'ORD-1001', '3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'a1b2c3d4e5f60718'].every(isIdLike),
    ).toBe(true);
    expect(['items', 'v2', 'api', 'login'].some(isIdLike)).toBe(false);
    expect(pathPattern('/api/items/42/comments')).toBe('/api/items/:id/comments');
    expect(pathPattern('/')).toBe('/');
  });

  it('should read JSON keys as dotted paths and form fields as names', () => {
    expect(bodyKeys(json({ a: 1, b: { c: 2 } }), 'application/json; charset=utf-8')).toEqual([
      'a',
      'b',
      'b.c',
    ]);
    expect(bodyKeys(Buffer.from('name=x&qty=2'), 'application/x-www-form-urlencoded')).toEqual([
      'name',
      'qty',
    ]);
    expect(bodyKeys(Buffer.from('<p>'), 'text/html')).toEqual([]);
    expect(bodyHash(Buffer.alloc(0))).toBeNull();
  });
});

describe('the exchange index', () => {
  it('should replay repeats of one request in recorded order, then stay on the last, and start over', () => {
    const index = recording(
      request('GET', 'http://site.test/api/count'),
      request('GET', 'http://site.test/other'),
      request('GET', 'http://site.test/api/count'),
    );
    const answers = () => {
      const match = index.match(request('GET', 'http://site.test/api/count'), 0.5);
      return match.kind === 'exact' ? match.exchange.answer : match.kind;
    };
    expect([answers(), answers(), answers()]).toEqual(['answer 0', 'answer 2', 'answer 2']);
    index.restart();
    expect(answers()).toBe('answer 0');
  });

  it('should match a query in any order exactly, and a body only by its bytes', () => {
    const index = recording(request('POST', 'http://site.test/api/items?b=2&a=1', { name: 'x' }));
    expect(index.match(request('POST', 'http://site.test/api/items?a=1&b=2', { name: 'x' }), 0.5).kind).toBe(
      'exact',
    );
    const other = index.match(request('POST', 'http://site.test/api/items?a=1&b=2', { name: 'y' }), 0.5);
    expect(other).toMatchObject({ kind: 'closest', score: 1 });
  });

  it('should answer the closest of the same method and host above the threshold, else none with the best', () => {
    const index = recording(
      request('GET', 'http://site.test/api/items/1'),
      request('GET', 'http://site.test/api/items/1/comments'),
      request('POST', 'http://site.test/api/items/5'),
      request('GET', 'http://elsewhere.test/api/items/7'),
    );
    const near = index.match(request('GET', 'http://site.test/api/items/8'), 0.5);
    expect(near.kind).toBe('closest');
    if (near.kind === 'closest') expect(near.exchange.seq).toBe(0);
    const far = index.match(request('GET', 'http://site.test/totally/different/place'), 0.5);
    expect(far.kind).toBe('none');
    if (far.kind === 'none') expect(far.closest?.score).toBeLessThan(0.5);
    expect(index.match(request('DELETE', 'http://site.test/api/items/1'), 0)).toEqual({
      kind: 'none',
      closest: null,
    });
  });

  it('should find the best candidate exactly as scoring each one would', () => {
    const segment = fc.constantFrom('api', 'items', 'users', '7', '12', 'x');
    const url = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom('', '?a=1', '?a=2&b=1', '?c=3'))
      .map(([path, query]) => `http://site.test/${path.join('/')}${query}`);
    fc.assert(
      fc.property(fc.array(url, { minLength: 1, maxLength: 12 }), url, (recorded, asked) => {
        const exchanges: IndexedExchange<number>[] = recorded.map((u, seq) => ({
          seq,
          request: request('GET', u),
          answer: seq,
        }));
        const best = new ExchangeIndex(exchanges).closest(tokenize(request('GET', asked)));
        const scores = exchanges.map((e) =>
          requestSimilarity(tokenize(request('GET', asked)), tokenize(e.request)),
        );
        expect(best?.score).toBeCloseTo(Math.max(...scores));
        expect(best?.exchange.seq).toBe(scores.indexOf(Math.max(...scores)));
      }),
    );
  });
});

describe('a proxy instance', () => {
  const write = (method: string, path: string, body: unknown) => ({
    method,
    url: `http://site.test${path}`,
    body: json(body),
    contentType: 'application/json',
  });

  it('should log writes as mutations of the path pattern, count them by arrival and clear them on reset', () => {
    let restarts = 0;
    const instance = new ProxyInstance({
      id: 'env-1',
      origin: 'http://site.test',
      config: EMPTY_SIMULATOR_CONFIG,
      onReset: () => {
        restarts += 1;
      },
    });
    expect(instance.noteRequest({ ...write('GET', '/api/items', {}), body: Buffer.alloc(0) }, 1)).toBeNull();
    instance.noteRequest(write('POST', '/api/items', { name: 'Lamp' }), 10);
    instance.noteRequest(write('PATCH', '/api/items/7', { name: 'Desk' }), 20);
    instance.noteRequest(write('DELETE', '/api/items/7', {}), 30);
    expect(instance.mutations().map((m) => [m.action, m.table_name, m.pk, m.new])).toEqual([
      ['INSERT', '/api/items', '1', { name: 'Lamp' }],
      ['UPDATE', '/api/items/:id', '7', { name: 'Desk' }],
      ['DELETE', '/api/items/:id', '7', null],
    ]);
    expect([
      instance.mutationCountBefore(20),
      instance.mutationCountBefore(31),
      instance.mutations(2).length,
    ]).toEqual([1, 3, 1]);
    instance.reset();
    expect([instance.mutationCount(), restarts]).toEqual([0, 1]);
  });

  it('should read a form POST as its fields', () => {
    const mutation = writeMutation(
      {
        method: 'POST',
        url: 'http://site.test/contact',
        body: Buffer.from('name=Ada&topic=hello'),
        contentType: 'application/x-www-form-urlencoded',
      },
      1,
      new Date(0),
    );
    expect(mutation).toMatchObject({
      action: 'INSERT',
      table_name: '/contact',
      new: { name: 'Ada', topic: 'hello' },
    });
  });
});
