import { describe, expect, it } from 'vitest';
import { Router } from '../../src/web/router';

describe('Router', () => {
  it('should match parameters and prefer static segments whatever the order of registration', () => {
    const router = new Router<string>();
    router.add('GET', '/issues/:number', 'issue');
    router.add('GET', '/issues/new', 'new');
    router.add('GET', '/projects/:project/issues/:number', 'nested');
    expect(router.match('GET', '/issues/new').found?.route).toBe('new');
    expect(router.match('GET', '/issues/42').found).toEqual({ route: 'issue', params: { number: '42' } });
    expect(router.match('GET', '/projects/web/issues/7/').found?.params).toEqual({
      project: 'web',
      number: '7',
    });
  });

  it('should decode each segment on its own and tell which methods would match', () => {
    const router = new Router<string>();
    router.add('GET', '/files/:name', 'file');
    router.add('POST', '/files/:name', 'upload');
    expect(router.match('GET', '/files/a%2Fb%20c').found?.params).toEqual({ name: 'a/b c' });
    expect(router.match('DELETE', '/files/x')).toEqual({ found: null, allowed: ['GET', 'POST'] });
    expect(router.match('GET', '/files/%E0%A4%A').found).toBeNull();
  });

  it('should refuse a route registered twice', () => {
    const router = new Router<string>();
    router.add('GET', '/a/:id', 'one');
    expect(() => router.add('GET', '/a/:other', 'two')).toThrow(/registered twice/);
  });
});
