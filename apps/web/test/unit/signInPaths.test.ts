import { describe, expect, it } from 'vitest';
import { loginPathFor, providerLoginUrl, safeReturnTo } from '../../src/features/auth/signInPaths';

describe('sign-in paths', () => {
  it('should keep a returnTo that is a path on this site', () => {
    expect(safeReturnTo('/sessions?page=2#top')).toBe('/sessions?page=2#top');
  });

  it('should send any other returnTo home', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(value), String(value)).toBe('/');
    }
  });

  it('should ask a signed-out visitor to sign in and come back to where they were going', () => {
    expect(loginPathFor({ pathname: '/organization', search: '?tab=members', hash: '' })).toBe(
      '/login?returnTo=%2Forganization%3Ftab%3Dmembers',
    );
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });

  it('should hand returnTo and the invite token to the identity provider login', () => {
    expect(providerLoginUrl('/api/auth/oidc/login', '/tests?page=2', 'inv_abc')).toBe(
      '/api/auth/oidc/login?returnTo=%2Ftests%3Fpage%3D2&invite_token=inv_abc',
    );
    expect(providerLoginUrl('https://id.example/login?client=proctor', '/', null)).toBe(
      'https://id.example/login?client=proctor&returnTo=%2F',
    );
  });
});
