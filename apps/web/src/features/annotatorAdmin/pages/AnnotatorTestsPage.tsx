import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { AssignedTestCasesTable } from '../components/AssignedTestCasesTable';
import { useAssignedTestCases } from '../hooks/useAnnotatorAdmin';

const TESTS = { one: 'test', many: 'tests' };

/** /annotator-tests: the test cases assigned to the caller's organization for recording. */
export function AnnotatorTestsPage() {
  const user = useSignedInUser();
  const [page, setPage] = useState(1);
  const testCases = useAssignedTestCases(page);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Annotator Tests"
        description={`Tests assigned to ${user.organization?.name ?? 'your organization'} for recording`}
      />
      <QueryView query={testCases} errorTitle="Failed to load assigned tests" loading={{ rows: 6 }}>
        {(data) => (
          <>
            <AssignedTestCasesTable testCases={data.testcases} />
            <ListFooter
              position={positionOf(data.pagination, data.testcases.length)}
              noun={TESTS}
              totalPages={data.pagination.total_pages}
              page={page}
              onPageChange={setPage}
              testId="assigned-tests-total"
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
