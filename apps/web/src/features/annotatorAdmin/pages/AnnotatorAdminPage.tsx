import { Badge, Group } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useSignedInUser } from '../../auth';
import { AssignmentBuckets } from '../../humanRecorder';
import { RequireAnnotatorOrganization } from '../components/RequireAnnotatorOrganization';
import { UsersTab } from '../components/UsersTab';
import { useAnnotatorUsers } from '../hooks/useAnnotatorAdmin';

/**
 * /annotator-admin (000 §2.10): the organization's people with their figures, then its assigned test cases
 * by stage, in admin view (Review with Complete, expanded sessions with their scores count out of 5).
 */
export function AnnotatorAdminPage() {
  return (
    <RequireAnnotatorOrganization accountAdmin>
      <AnnotatorAdmin />
    </RequireAnnotatorOrganization>
  );
}

function AnnotatorAdmin() {
  const user = useSignedInUser();
  const users = useAnnotatorUsers();
  const usersLabel = (
    <Group gap={6} wrap="nowrap">
      Users
      <Badge size="sm" variant="light" data-testid="users-tab-count">
        {users.data?.length ?? '…'}
      </Badge>
    </Group>
  );
  return (
    <>
      <PageHeader title="Annotator Admin" description={user.organization?.name} />
      <AssignmentBuckets
        adminView
        showScoreCount
        stages={['NEEDS_LABELLING', 'NEEDS_RECORDING', 'NEEDS_SCORING', 'REVIEW', 'COMPLETED']}
        leadingTabs={[{ value: 'users', label: usersLabel, panel: <UsersTab /> }]}
      />
    </>
  );
}
