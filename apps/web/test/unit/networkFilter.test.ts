import { describe, expect, it } from 'vitest';
import { decodeResponseBody } from '../../src/components/responseBody';
import {
  compileNetworkFilter,
  EMPTY_NETWORK_FILTER,
  filterNetworkRequests,
  type NetworkFilter,
} from '../../src/features/networkRequests/networkFilter';

const request = (method: string, url: string, contentType: string | null, body: string | null) => ({
  method,
  url,
  content_type: contentType,
  request_body: body,
});

const REQUESTS = [
  request('GET', 'https://shop.test/api/cart', 'application/json', null),
  request('POST', 'https://shop.test/api/cart/items', 'application/json', '{"sku":"MUG-SAGE","quantity":2}'),
  request(
    'POST',
    'https://shop.test/api/login',
    'application/json',
    '{"email":"jordan@example.com","remember":true}',
  ),
  request('POST', 'https://shop.test/upload', 'multipart/form-data', 'not json'),
  request('GET', 'https://cdn.test/logo.png', 'image/png', null),
];

function compiled(input: Partial<typeof EMPTY_NETWORK_FILTER>): NetworkFilter {
  const result = compileNetworkFilter({ ...EMPTY_NETWORK_FILTER, ...input });
  if (result.bodyMatchersError) throw new Error(result.bodyMatchersError);
  return result.filter;
}

const urls = (filter: NetworkFilter) => filterNetworkRequests(REQUESTS, filter).map((r) => r.url);

describe('network request filter', () => {
  it('should keep every request when no filter is set', () => {
    expect(urls(compiled({}))).toHaveLength(REQUESTS.length);
  });

  it('should match URL, method and content type as case-insensitive "contains"', () => {
    expect(urls(compiled({ url: '  API/CART ' }))).toEqual([
      'https://shop.test/api/cart',
      'https://shop.test/api/cart/items',
    ]);
    expect(urls(compiled({ method: 'post', contentType: 'JSON' }))).toEqual([
      'https://shop.test/api/cart/items',
      'https://shop.test/api/login',
    ]);
    expect(urls(compiled({ contentType: 'image' }))).toEqual(['https://cdn.test/logo.png']);
  });

  it("should match every regex against the JSON body's top-level field of that name", () => {
    expect(urls(compiled({ bodyMatchers: '{"sku": "^MUG-"}' }))).toEqual([
      'https://shop.test/api/cart/items',
    ]);
    expect(urls(compiled({ bodyMatchers: '{"quantity": "^2$"}' }))).toEqual([
      'https://shop.test/api/cart/items',
    ]);
    expect(urls(compiled({ bodyMatchers: '{"email": "@example\\\\.com$", "remember": "true"}' }))).toEqual([
      'https://shop.test/api/login',
    ]);
    expect(urls(compiled({ bodyMatchers: '{"sku": "^MUG-", "email": "."}' }))).toEqual([]);
  });

  it('should run body matchers in linear time: a catastrophic pattern answers at once', () => {
    const hostile = request(
      'POST',
      'https://shop.test/api/x',
      'application/json',
      `{"sku":"${'a'.repeat(32)}!"}`,
    );
    const filter = compiled({ bodyMatchers: '{"sku": "^(a+)+$"}' });
    expect(filterNetworkRequests([hostile, ...REQUESTS], filter)).toEqual([]);
  });

  it('should leave out requests without a JSON object body once a body matcher is set', () => {
    expect(urls(compiled({ bodyMatchers: '{"anything": ".*"}' }))).toEqual([]);
    expect(urls(compiled({ bodyMatchers: '{}' }))).toHaveLength(REQUESTS.length);
  });

  it('should explain invalid JSON, a non-object, a non-string pattern and an invalid regex', () => {
    const error = (bodyMatchers: string) =>
      compileNetworkFilter({ ...EMPTY_NETWORK_FILTER, bodyMatchers }).bodyMatchersError;
    expect(error('{"sku": ')).toMatch(/^Invalid JSON/);
    expect(error('["sku"]')).toBe('Expected a JSON object such as {"field": "regex"}');
    expect(error('{"quantity": 2}')).toBe('The pattern for "quantity" must be a string');
    expect(error('{"sku": "(unclosed"}')).toMatch(/^The pattern for "sku" is not a valid regular expression/);
    expect(error('{"sku": "^(?!MUG)"}')).toMatch(/^The pattern for "sku" uses a lookahead or lookbehind/);
    expect(error('   ')).toBeNull();
  });

  it('should keep applying the other filters while the body matchers do not compile', () => {
    const result = compileNetworkFilter({ ...EMPTY_NETWORK_FILTER, method: 'get', bodyMatchers: '{"sku": ' });
    expect(result.bodyMatchersError).not.toBeNull();
    expect(urls(result.filter)).toEqual(['https://shop.test/api/cart', 'https://cdn.test/logo.png']);
  });
});

describe('response body decoding', () => {
  const base64OfBytes = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const base64 = (text: string) => base64OfBytes(new TextEncoder().encode(text));

  it('should decode base64 to UTF-8 text', () => {
    expect(decodeResponseBody(base64('{"ok":true,"name":"Café ☕"}'))).toEqual({
      kind: 'text',
      text: '{"ok":true,"name":"Café ☕"}',
    });
  });

  it('should tell a missing, binary and malformed body apart', () => {
    expect(decodeResponseBody(null)).toEqual({ kind: 'none' });
    expect(decodeResponseBody('')).toEqual({ kind: 'none' });
    expect(decodeResponseBody(base64OfBytes(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe)))).toEqual({
      kind: 'binary',
      bytes: 6,
    });
    expect(decodeResponseBody('***')).toEqual({ kind: 'invalid' });
  });
});
