import { Alert, Button } from '@mantine/core';
import { TokenResponse } from '@proctor/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CenteredCard } from '../../../components/CenteredCard';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { paths } from '../../../paths';
import { useAcceptTokens } from '../hooks/useSignIn';
import { joinPathFor, pendingInvite } from '../pendingInvite';
import { safeReturnTo } from '../signInPaths';

/**
 * The end of the identity-provider round trip. The server redirects here with the tokens in the URL
 * fragment (never sent to any server): #access_token=..&refresh_token=..&expires_in=..&returnTo=..&invite_token=..
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const accept = useAcceptTokens();
  const handled = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    // The tokens must not linger in the address bar or the history.
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );

    const parsed = TokenResponse.safeParse({
      access_token: fragment.get('access_token'),
      refresh_token: fragment.get('refresh_token'),
      expires_in: Number(fragment.get('expires_in')),
      token_type: 'Bearer',
    });
    if (!parsed.success) {
      setFailure(
        fragment.get('error_description') ?? fragment.get('error') ?? 'The sign-in response had no tokens.',
      );
      return;
    }
    accept(parsed.data);
    const inviteToken = fragment.get('invite_token') || pendingInvite.get();
    navigate(inviteToken ? joinPathFor(inviteToken) : safeReturnTo(fragment.get('returnTo')), {
      replace: true,
    });
  }, [accept, navigate]);

  if (failure) {
    return (
      <CenteredCard title="Sign-in did not complete">
        <Alert color="red" variant="light">
          {failure}
        </Alert>
        <Button component={Link} to={paths.login()}>
          Back to sign in
        </Button>
      </CenteredCard>
    );
  }
  return <FullPageLoader message="Signing you in" />;
}
