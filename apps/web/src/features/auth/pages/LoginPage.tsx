import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import { CenteredCard } from '../../../components/CenteredCard';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { paths } from '../../../paths';
import { CreateAccountForm } from '../components/CreateAccountForm';
import { ProviderRedirect } from '../components/ProviderRedirect';
import { SignInForm } from '../components/SignInForm';
import { useAuth } from '../hooks/useAuth';
import { useAuthConfig } from '../hooks/useAuthConfig';
import { destinationAfterSignIn, pendingInvite } from '../pendingInvite';
import { safeReturnTo } from '../signInPaths';

/** A path /login/invite/{org_public_id} carries an invite too, unless the segment is "info" (000 §2.12). */
function inviteFrom(query: URLSearchParams, pathSegment: string | undefined): string | null {
  const fromQuery = query.get('invite_token');
  if (fromQuery) return fromQuery;
  return pathSegment && pathSegment !== 'info' ? pathSegment : null;
}

export function LoginPage() {
  const [query] = useSearchParams();
  const { orgPublicId } = useParams();
  const auth = useAuth();
  const config = useAuthConfig();
  const [mode, setMode] = useState<'sign-in' | 'create-account'>('sign-in');

  const returnTo = safeReturnTo(query.get('returnTo'));
  const inviteToken = inviteFrom(query, orgPublicId);
  const providerError = query.get('error');
  const loginError = query.get('loginError');

  useEffect(() => {
    if (inviteToken) pendingInvite.set(inviteToken);
  }, [inviteToken]);

  useEffect(() => {
    if (providerError || loginError)
      console.warn('Sign-in reported an error', { error: providerError, loginError });
  }, [providerError, loginError]);

  if (auth.status === 'authenticated') {
    return <Navigate to={destinationAfterSignIn(returnTo, inviteToken ?? pendingInvite.get())} replace />;
  }
  if (auth.status === 'loading' || config.isPending) return <FullPageLoader />;

  if (config.isError) {
    return (
      <CenteredCard title="Sign in">
        <Alert color="red" variant="light" title="Sign-in is unavailable">
          {errorDetail(config.error)}
        </Alert>
        <Button variant="light" onClick={() => config.refetch()}>
          Try again
        </Button>
      </CenteredCard>
    );
  }

  if (config.data.mode === 'oidc' && config.data.login_url) {
    return (
      <ProviderRedirect
        loginUrl={config.data.login_url}
        returnTo={returnTo}
        inviteToken={inviteToken ?? pendingInvite.get()}
        // After a failed round trip, wait for the user instead of bouncing straight back to the provider.
        automatic={!providerError && !loginError}
      />
    );
  }

  const registrationOpen = config.data.registration_open;
  const creating = mode === 'create-account' && registrationOpen;
  return (
    <CenteredCard
      title={creating ? 'Create your account' : 'Sign in to Proctor'}
      description={creating ? 'The first account on a new server becomes its platform admin.' : undefined}
    >
      {creating ? <CreateAccountForm /> : <SignInForm />}
      <Stack gap={4} align="center">
        {registrationOpen ? (
          <Text size="sm" c="dimmed">
            {creating ? 'Already have an account? ' : 'New to Proctor? '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setMode(creating ? 'sign-in' : 'create-account')}
            >
              {creating ? 'Sign in' : 'Create account'}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            Registration is closed on this server. Ask its administrator for an account.
          </Text>
        )}
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          By continuing you accept the{' '}
          <Anchor component={Link} to={paths.terms} size="xs">
            Terms
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to={paths.privacy} size="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Stack>
    </CenteredCard>
  );
}
