import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { ANNOTATOR_ADMIN_MESSAGES, HUMAN_RECORDER_MESSAGES } from '@proctor/contracts';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../../auth';

/** What a screen for annotator organizations shows anyone else (000 §2.9, §2.10); the server refuses alike. */
function AnnotatorOnly({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="annotator-only">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{message}</Text>
      </Stack>
    </Paper>
  );
}

/** Annotator organizations only, and with `accountAdmin` their account admins only. */
export function RequireAnnotatorOrganization({
  accountAdmin = false,
  children,
}: {
  accountAdmin?: boolean;
  children: ReactNode;
}) {
  const user = useSignedInUser();
  if (!user.organization?.isAnnotator)
    return <AnnotatorOnly message={HUMAN_RECORDER_MESSAGES.annotatorsOnly} />;
  if (accountAdmin && !user.permissions.is_account_admin)
    return <AnnotatorOnly message={ANNOTATOR_ADMIN_MESSAGES.adminsOnly} />;
  return children;
}
