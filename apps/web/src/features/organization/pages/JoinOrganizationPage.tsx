import { Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../../components/CenteredCard';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { SquareLoader } from '../../../components/SquareLoader';
import { paths } from '../../../paths';
import { pendingInvite, useAuth } from '../../auth';
import { InviteExpiredDialog } from '../components/InviteExpiredDialog';
import { useJoinWithInvite } from '../hooks/useJoinWithInvite';

/** /join-organization?invite=<token> (000 §2.11, §4.2 Invitation) and ?invite_expired=true. */
export function JoinOrganizationPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const inviteToken = query.get('invite');

  if (query.get('invite_expired') === 'true') {
    return (
      <CenteredCard title="Join an organization">
        <Text size="sm" c="dimmed">
          This invite can no longer be used.
        </Text>
        <InviteExpiredDialog onClose={() => navigate(paths.home, { replace: true })} />
      </CenteredCard>
    );
  }
  if (!inviteToken) return <Navigate to={paths.home} replace />;
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'anonymous') return <SignInFirst inviteToken={inviteToken} />;
  return <JoinWithInvite inviteToken={inviteToken} />;
}

/** A signed-out visitor keeps the token and signs in; /login brings them back here afterwards. */
function SignInFirst({ inviteToken }: { inviteToken: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    pendingInvite.set(inviteToken);
    navigate(paths.login(), { replace: true });
  }, [inviteToken, navigate]);
  return <FullPageLoader />;
}

function JoinWithInvite({ inviteToken }: { inviteToken: string }) {
  useJoinWithInvite(inviteToken);
  return (
    <CenteredCard>
      <Stack align="center" gap="md" py="lg">
        <SquareLoader label="Joining organization" />
        <Text fw={500}>Joining organization</Text>
      </Stack>
    </CenteredCard>
  );
}
