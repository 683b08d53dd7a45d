import { Alert, Stack, Switch } from '@mantine/core';
import { HUMAN_RECORDER_MESSAGES } from '@proctor/contracts';
import { PageHeader } from '../../../components/PageHeader';
import { useSignedInUser } from '../../auth';
import { useAdminView } from '../../sessions';
import { AssignmentBuckets } from '../components/AssignmentBuckets';
import { NextSessionButton } from '../components/NextSessionButton';

/**
 * The human recorder dashboard (000 §2.7): annotators' home and /human-recording-2. Account admins get the
 * Admin View switch (Review and Completed, Complete and Archive, consensus details).
 */
export function HumanRecorderPage() {
  const user = useSignedInUser();
  const { available, adminView, setAdminView } = useAdminView();
  if (!user.organization?.isAnnotator)
    return (
      <Stack gap="lg">
        <PageHeader title="Tasks" />
        <Alert color="gray" variant="light">
          {HUMAN_RECORDER_MESSAGES.annotatorsOnly}
        </Alert>
      </Stack>
    );
  return (
    <Stack gap={0}>
      <PageHeader
        title="Tasks"
        description="Test cases assigned to your organization: record them, score their sessions, label samples."
        actions={
          <>
            {available && (
              <Switch
                label="Admin View"
                checked={adminView}
                onChange={(event) => setAdminView(event.currentTarget.checked)}
              />
            )}
            <NextSessionButton />
          </>
        }
      />
      <AssignmentBuckets adminView={adminView} />
    </Stack>
  );
}
