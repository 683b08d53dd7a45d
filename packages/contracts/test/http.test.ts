import { describe, expect, it } from 'vitest';
import { endpointUrl, queryValues } from '../src/http';

describe('the address of a call', () => {
  it('should fill path parameters encoded, and leave a path without them as it is', () => {
    expect(endpointUrl('/api/sessions/{id}', { params: { id: 'a/b?c d' } })).toBe(
      '/api/sessions/a%2Fb%3Fc%20d',
    );
    expect(endpointUrl('/api/agents/:id/icon', { params: { id: 7 } })).toBe('/api/agents/7/icon');
    expect(endpointUrl('/api/health')).toBe('/api/health');
    expect(() => endpointUrl('/api/sessions/{id}', {})).toThrow('Missing path parameter "id"');
  });

  it('should carry the query as the server reads it: absent values left out, lists joined, values encoded', () => {
    expect(
      endpointUrl('/api/sessions', { query: { page: 2, q: 'x&y', tags: ['a', 'b'], none: undefined } }),
    ).toBe('/api/sessions?page=2&q=x%26y&tags=a%2Cb');
    expect(endpointUrl('/api/sessions', { query: {} })).toBe('/api/sessions');
    expect(queryValues({ on: true, off: null })).toEqual({ on: 'true' });
  });
});
