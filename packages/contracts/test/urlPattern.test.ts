import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillUrlPattern, originOf, UrlPatternText, urlPatternOf, urlPatternParameterNames } from '../src';

// The contracts compile without DOM or Node types (they run in both); the runtime's WHATWG URL is the reference.
declare const URL: new (url: string) => { origin: string };

/** Fixed parts of paths: words, as resources and actions are named. */
const word = fc.stringMatching(/^[a-z]{2,12}(-[a-z]{2,8})?$/).filter((text) => !/^v[0-9]/.test(text));
/** Values that vary between calls of one endpoint. */
const numericId = fc.nat({ max: 2 ** 40 }).map(String);
const uuid = fc.uuid();
const hexHash = fc.stringMatching(/^[0-9a-f]{8,64}$/).filter((text) => /[0-9]/.test(text));
const letters = fc.string({
  unit: fc.constantFrom(...'abcdefghijkLMNOPQRSTxyz'),
  minLength: 8,
  maxLength: 20,
});
const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 6, maxLength: 20 });
/** An opaque token: 17 or more letters and digits mixed. */
const token = fc.tuple(letters, digits).map(([l, d]) => `${l}${d}${l.slice(0, 3)}`);
const variable = fc.oneof(numericId, uuid, hexHash, token);
const segment = fc.oneof({ arbitrary: word, weight: 3 }, { arbitrary: variable, weight: 2 });
const path = fc.array(segment, { minLength: 0, maxLength: 8 }).map((segments) => `/${segments.join('/')}`);
const query = fc.oneof(
  fc.constant(''),
  fc.stringMatching(/^[a-z]{1,8}=[A-Za-z0-9]{0,12}(&[a-z]{1,8}=[A-Za-z0-9]{0,12}){0,3}$/).map((q) => `?${q}`),
);
const origin = fc.constantFrom(
  'https://shop.example.com',
  'http://localhost:3000',
  'https://API.Example.org',
);

describe('urlPatternOf', () => {
  it('should replace ids, UUIDs, hashes and tokens by named parameters, keeping words', () => {
    expect(
      urlPatternOf('https://api.example.com/users/123/orders/550e8400-e29b-41d4-a716-446655440000?x=1'),
    ).toEqual({
      originUrl: 'https://api.example.com',
      urlPattern: '/users/{userId}/orders/{orderId}',
      parameters: [
        { name: 'userId', value: '123' },
        { name: 'orderId', value: '550e8400-e29b-41d4-a716-446655440000' },
      ],
    });
    const cases: [string, string][] = [
      ['/', '/'],
      ['', '/'],
      ['/items', '/items'],
      ['/items/42', '/items/{itemId}'],
      ['/42', '/{id}'],
      ['/42/7', '/{id}/{id2}'],
      ['/a/1/2/3', '/a/{aId}/{id}/{id2}'],
      ['/api/42', '/api/{id}'],
      ['/v2/42', '/v2/{id}'],
      ['/categories/7', '/categories/{categoryId}'],
      ['/addresses/7', '/addresses/{addressId}'],
      ['/statuses/7', '/statuses/{statusId}'],
      ['/order-items/7', '/order-items/{orderItemId}'],
      ['/users/7/', '/users/{userId}/'],
      ['/users/1/friends/2/users/3', '/users/{userId}/friends/{friendId}/users/{userId2}'],
      ['/commits/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b', '/commits/{commitId}'],
      ['/files/deadbeef', '/files/deadbeef'],
      ['/blog/release-notes-2024-summary', '/blog/release-notes-2024-summary'],
      ['/s/AbCdEf1234567890xyz', '/s/{sId}'],
      ['/reset/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc123def456ghi', '/reset/{resetId}'],
      ['/p/redacted:1a2b3c4d', '/p/{pId}'],
      ['/search?q=1#top', '/search'],
      ['/a b/{x}', '/a%20b/%7Bx%7D'],
      ['https://user:secret@Shop.Example.com:8443/x/1', '/x/{xId}'],
    ];
    for (const [url, pattern] of cases)
      expect({ url, pattern: urlPatternOf(url).urlPattern }).toEqual({ url, pattern });
  });

  it('should read the origin lower-cased with its port and without user info', () => {
    expect(originOf('https://user:secret@Shop.Example.com:8443/x/1')).toBe('https://shop.example.com:8443');
    expect(originOf('/x/1')).toBeNull();
    expect(urlPatternOf('/x/1').originUrl).toBeNull();
  });

  it('should give the same pattern for the same path, whatever the origin, query or fragment', () => {
    fc.assert(
      fc.property(path, origin, query, query, (p, o, q1, q2) => {
        const once = urlPatternOf(`${o}${p}${q1}`);
        expect(urlPatternOf(`${o}${p}${q1}`)).toEqual(once);
        expect(urlPatternOf(`${p}${q2}#frag`).urlPattern).toBe(once.urlPattern);
        expect(once.originUrl).toBe(o.toLowerCase());
      }),
    );
  });

  it('should give one pattern to two calls that differ only in their ids', () => {
    const template = fc.array(
      fc.oneof(
        word.map((w) => ({ word: w })),
        fc.constant(null),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(template, fc.infiniteStream(variable), fc.infiniteStream(variable), (parts, a, b) => {
        const first = `/${parts.map((part) => part?.word ?? a.next().value).join('/')}`;
        const second = `/${parts.map((part) => part?.word ?? b.next().value).join('/')}`;
        expect(urlPatternOf(second).urlPattern).toBe(urlPatternOf(first).urlPattern);
        expect(urlPatternOf(first).parameters).toHaveLength(parts.filter((part) => part === null).length);
      }),
    );
  });

  it('should keep every word, drop the query, and name parameters uniquely and validly', () => {
    fc.assert(
      fc.property(path, query, (p, q) => {
        const { urlPattern, parameters } = urlPatternOf(`${p}${q}`);
        expect(UrlPatternText.safeParse(urlPattern).success).toBe(true);
        expect(urlPattern).not.toMatch(/[?#]/);
        const names = urlPatternParameterNames(urlPattern);
        expect(names).toEqual(parameters.map((parameter) => parameter.name));
        expect(new Set(names).size).toBe(names.length);
        expect(urlPattern.split('/').length).toBe(p.split('/').length);
        // Filling the parameters back gives the path itself: nothing but the varying segments was replaced.
        expect(fillUrlPattern(urlPattern, Object.fromEntries(parameters.map((x) => [x.name, x.value])))).toBe(
          p,
        );
      }),
    );
  });

  it('should never throw and always answer a path pattern, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 150 }), (text) => {
        const { urlPattern } = urlPatternOf(text);
        expect(UrlPatternText.safeParse(urlPattern).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const { urlPattern, originUrl } = urlPatternOf(url);
        expect(UrlPatternText.safeParse(urlPattern).success).toBe(true);
        expect(originUrl).toBe(new URL(url).origin.toLowerCase());
      }),
    );
  });
});
