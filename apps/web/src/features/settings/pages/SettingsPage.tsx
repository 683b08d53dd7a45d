import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useSignedInUser } from '../../auth';
import { ApiKeyCard } from '../components/ApiKeyCard';
import { ProfileCard } from '../components/ProfileCard';

export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title="Settings" description="Your account and your organization's API access." />
      {user.organization && (
        <ApiKeyCard apiKey={user.organization.apiKey} organizationName={user.organization.name} />
      )}
      <ProfileCard user={user} />
    </Stack>
  );
}
