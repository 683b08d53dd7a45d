import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { PAGE_SIZE } from '@proctor/contracts';
import { IconLayoutSidebarRightExpand, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { TestCaseTable } from '../../../components/TestCaseTable';
import { useSignedInUser } from '../../auth';
import { useSimulators } from '../../simulators';
import { NewTestCaseDialog } from '../components/NewTestCaseDialog';
import { SearchInput } from '../components/SearchInput';
import { TestCasePanel } from '../components/TestCasePanel';
import { useTestCases } from '../hooks/useTestCases';
import {
  isFiltered,
  listQueryFor,
  readTestListParams,
  type TestListParams,
  withFilter,
  writeTestListParams,
} from '../testListParams';

export const TEST_CASES_LOAD_FAILED = 'Error loading test cases';
const ALL_ENVIRONMENTS = 'all';

/** /tests (001 §2.1): the filters live in the URL; page 1 is left out of it. */
export function TestsPage() {
  const user = useSignedInUser();
  const [search, setSearch] = useSearchParams();
  const params = readTestListParams(search);
  const simulators = useSimulators();
  const testCases = useTestCases(listQueryFor(params, PAGE_SIZE.tests));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const go = (next: TestListParams) => setSearch(writeTestListParams(next));
  const list = testCases.data?.testcases ?? [];
  const pagination = testCases.data?.pagination;
  const selected = list.find((testCase) => testCase.id === selectedId) ?? null;

  const environments = [
    { value: ALL_ENVIRONMENTS, label: 'All environments' },
    ...(simulators.data ?? []).map((simulator) => ({ value: String(simulator.id), label: simulator.name })),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Tests"
        description="Tasks that agents are judged on: a prompt, where to start, and how the result is scored."
        actions={
          user.permissions.create_test_cases && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New Test Case
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Environment"
            data={environments}
            value={params.simulatorId === null ? ALL_ENVIRONMENTS : String(params.simulatorId)}
            onChange={(value) =>
              go(
                withFilter(params, {
                  simulatorId: !value || value === ALL_ENVIRONMENTS ? null : Number(value),
                }),
              )
            }
            allowDeselect={false}
            searchable
            w={220}
          />
          <SearchInput
            label="Search by name"
            placeholder="Test name contains…"
            value={params.name}
            onCommit={(name) => go(withFilter(params, { name }))}
          />
          <SearchInput
            label="Search by prompt"
            placeholder="Prompt contains…"
            value={params.prompt}
            onCommit={(prompt) => go(withFilter(params, { prompt }))}
          />
          <Button
            variant="subtle"
            color="gray"
            disabled={!isFiltered(params)}
            onClick={() => go({ startUrl: '', name: '', prompt: '', simulatorId: null, page: 1 })}
          >
            Clear Filters
          </Button>
        </Group>
      </Paper>

      <QueryView
        query={testCases}
        errorTitle={TEST_CASES_LOAD_FAILED}
        loading={{ label: 'Loading test cases' }}
      >
        {() =>
          pagination && (
            <Stack gap="md">
              <TestCaseTable
                label="Test cases"
                testCases={list}
                emptyText={isFiltered(params) ? 'No test cases match these filters' : 'No test cases yet'}
                selectedId={selectedId}
                rowAction={{
                  label: 'Show details',
                  icon: <IconLayoutSidebarRightExpand size={17} />,
                  onClick: (testCase) => setSelectedId(testCase.id === selectedId ? null : testCase.id),
                }}
              />
              <ListFooter
                position={positionOf(pagination, list.length)}
                noun={{ one: 'test case', many: 'test cases' }}
                totalPages={pagination.total_pages}
                page={params.page}
                onPageChange={(page) => go({ ...params, page })}
                testId="tests-total"
              />
            </Stack>
          )
        }
      </QueryView>
      <TestCasePanel testCase={selected} onClose={() => setSelectedId(null)} />
      {user.permissions.create_test_cases && (
        <NewTestCaseDialog
          opened={creating}
          onClose={() => setCreating(false)}
          defaultSimulatorId={params.simulatorId}
        />
      )}
    </Stack>
  );
}
