import { Button, Stack } from '@mantine/core';
import { ANNOTATOR_ADMIN_MESSAGES } from '@proctor/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { ActivityLedger } from '../components/ActivityLedger';
import { RequireAnnotatorOrganization } from '../components/RequireAnnotatorOrganization';
import { useAnnotatorActivity } from '../hooks/useAnnotatorAdmin';

const ENTRIES = { one: 'entry', many: 'entries' };

/** /annotator-admin/user/{userPublicId} (000 §2.10): one member's activity ledger. */
export function AnnotatorActivityPage() {
  return (
    <RequireAnnotatorOrganization accountAdmin>
      <Ledger userPublicId={useParams().userPublicId ?? ''} />
    </RequireAnnotatorOrganization>
  );
}

function Ledger({ userPublicId }: { userPublicId: string }) {
  const [page, setPage] = useState(1);
  const activity = useAnnotatorActivity(userPublicId, page);
  const user = activity.data?.user;
  return (
    <Stack gap="lg">
      <PageHeader
        title={user ? user.name : 'Annotator activity'}
        description={user ? `${user.email} · ${user.role}` : undefined}
        actions={
          <Button
            component={Link}
            to={paths.annotatorAdmin}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back
          </Button>
        }
      />
      <QueryView query={activity} errorTitle={ANNOTATOR_ADMIN_MESSAGES.activityFailed} loading={{ rows: 6 }}>
        {(data) => (
          <>
            <ActivityLedger entries={data.activity} />
            <ListFooter
              position={positionOf(data.pagination, data.activity.length)}
              noun={ENTRIES}
              totalPages={data.pagination.total_pages}
              page={page}
              onPageChange={setPage}
              testId="activity-total"
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
