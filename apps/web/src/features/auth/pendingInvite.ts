import { paths } from '../../paths';

/**
 * An invite token kept while the visitor signs in (000 §4.2 Invitation): stored by /login and
 * /join-organization, used after sign-in to send the user to /join-organization?invite=<token>.
 */
const KEY = 'invite_token';

export const pendingInvite = {
  get(): string | null {
    return localStorage.getItem(KEY);
  },
  set(token: string): void {
    localStorage.setItem(KEY, token);
  },
  clear(): void {
    localStorage.removeItem(KEY);
  },
};

export function joinPathFor(inviteToken: string): string {
  return paths.joinOrganization({ invite: inviteToken });
}

/** Where a user goes once signed in: the pending invite first, else where they were heading. */
export function destinationAfterSignIn(
  returnTo: string,
  inviteToken: string | null = pendingInvite.get(),
): string {
  return inviteToken ? joinPathFor(inviteToken) : returnTo;
}
