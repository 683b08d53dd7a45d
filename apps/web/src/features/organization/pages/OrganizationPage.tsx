import { Button, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { InviteLink } from '../components/InviteLink';
import { MembersTable } from '../components/MembersTable';
import { useCreateInvite } from '../hooks/useCreateInvite';
import { useMembers } from '../hooks/useMembers';

export const MEMBERS_LOAD_FAILED = 'Failed to load organization members';
export const INVITE_CREATE_FAILED = 'Failed to create invite link';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard outside a secure context (plain http on another host) or without permission.
    return false;
  }
}

export function OrganizationPage() {
  const user = useSignedInUser();
  const members = useMembers();
  const createInvite = useCreateInvite();
  const [invite, setInvite] = useState<{ url: string; expiresAt: string } | null>(null);
  const isAccountAdmin = user.permissions.is_account_admin;

  useEffect(() => {
    if (members.isError) notify.error(MEMBERS_LOAD_FAILED);
  }, [members.isError]);

  const copyInviteUrl = () =>
    createInvite.mutate(undefined, {
      onSuccess: async (created) => {
        setInvite(created);
        if (await copyToClipboard(created.url)) notify.success('Invite URL copied to clipboard');
        else notify.info('Copy the link below and send it to your colleague.', 'Invite URL created');
      },
      onError: (error) => notify.error(errorDetail(error), INVITE_CREATE_FAILED),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Organization"
        description={user.organization ? `Members of ${user.organization.name}` : undefined}
        actions={
          isAccountAdmin && (
            <Button
              leftSection={<IconLink size={16} />}
              onClick={copyInviteUrl}
              loading={createInvite.isPending}
            >
              Copy Invite URL
            </Button>
          )
        }
      />
      {invite && <InviteLink url={invite.url} expiresAt={invite.expiresAt} />}
      <QueryView query={members} errorTitle={MEMBERS_LOAD_FAILED} loading={{ rows: 3, height: 20 }}>
        {(list) => <MembersTable members={list} currentUserId={user.id} />}
      </QueryView>
      {!isAccountAdmin && (
        <Text size="sm" c="dimmed">
          Only account admins can invite people. Ask one of your organization's admins for an invite link.
        </Text>
      )}
    </Stack>
  );
}
