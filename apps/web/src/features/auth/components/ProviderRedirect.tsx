import { Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { CenteredCard } from '../../../components/CenteredCard';
import { SquareLoader } from '../../../components/SquareLoader';
import { providerLoginUrl } from '../signInPaths';

export function ProviderRedirect({
  loginUrl,
  returnTo,
  inviteToken,
  automatic,
}: {
  loginUrl: string;
  returnTo: string;
  inviteToken: string | null;
  automatic: boolean;
}) {
  const target = providerLoginUrl(loginUrl, returnTo, inviteToken);
  useEffect(() => {
    if (automatic) window.location.assign(target);
  }, [automatic, target]);

  if (!automatic) {
    return (
      <CenteredCard title="Sign in" description="Signing in through the identity provider did not complete.">
        <Button component="a" href={target}>
          Try again
        </Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard>
      <Stack align="center" gap="md" py="md">
        <SquareLoader label="Redirecting to the provider" />
        <Text c="dimmed">Redirecting to the provider</Text>
      </Stack>
    </CenteredCard>
  );
}
