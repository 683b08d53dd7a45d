import { Alert, Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CreateOrganizationRequest } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { CenteredCard } from '../../../components/CenteredCard';
import { useContractForm } from '../../../components/contractForm';
import { notify } from '../../../components/notify';
import { useSignedInUser, useSignOut } from '../../auth';
import { useCreateOrganization } from '../hooks/useCreateOrganization';

export const CREATE_ORGANIZATION_FAILED = 'Failed to create organization';

/** The gate in front of every signed-in route for a user without an organization (000 §2.1, §2.9). */
export function CreateOrganizationPage() {
  const user = useSignedInUser();
  const signOut = useSignOut();
  const createOrganization = useCreateOrganization();
  const form = useContractForm(CreateOrganizationRequest, { name: '', purpose: '' });
  const submit = form.submit((request) =>
    createOrganization.mutate(request, {
      onSuccess: (updated) => notify.success(`${updated.organization?.name ?? 'Your organization'} is ready`),
      onError: (error) => notify.error(errorDetail(error), CREATE_ORGANIZATION_FAILED),
    }),
  );

  return (
    <CenteredCard
      title="Create your organization"
      description={`Welcome, ${user.name}. Tests, sessions and results belong to an organization; create yours to start.`}
      width={480}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {createOrganization.error && (
            <Alert color="red" variant="light" title={CREATE_ORGANIZATION_FAILED}>
              {errorDetail(createOrganization.error)}
            </Alert>
          )}
          <TextInput label="Company name" required {...form.field('name')} />
          <Textarea
            label="Purpose"
            description="What will you evaluate or train with Proctor?"
            required
            autosize
            minRows={3}
            {...form.field('purpose')}
          />
          <Button type="submit" loading={createOrganization.isPending}>
            Create organization
          </Button>
        </Stack>
      </form>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          Joining a colleague's organization instead? Open the invite link they sent you.
        </Text>
        <Text size="xs" c="dimmed">
          Signed in as {user.email}.{' '}
          <Anchor component="button" type="button" size="xs" onClick={() => void signOut()}>
            Log out
          </Anchor>
        </Text>
      </Stack>
    </CenteredCard>
  );
}
