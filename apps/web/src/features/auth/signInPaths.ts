import { paths } from '../../paths';

/**
 * A returnTo value we may navigate to: a path on this site. Anything else (another origin, `//host`,
 * `javascript:`) falls back to the home page, so a crafted login link cannot send the user elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home;
  return value;
}

/** The login page for a signed-out visitor who wanted `location`. */
export function loginPathFor(location: { pathname: string; search: string; hash?: string }): string {
  const wanted = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return paths.login(wanted);
}

/** `${login_url}?returnTo=..&invite_token=..`: the server's OIDC login sends both back to /auth/callback. */
export function providerLoginUrl(loginUrl: string, returnTo: string, inviteToken: string | null): string {
  const query = new URLSearchParams({ returnTo });
  if (inviteToken) query.set('invite_token', inviteToken);
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}${query.toString()}`;
}
