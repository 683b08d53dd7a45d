import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { LAYOUT, PAGE_SIZE, type TestCaseSet } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useTestCases } from '../../tests';
import { useAddTestCasesToSet } from '../hooks/useTestCaseSets';

/** Adds existing test cases (those the user can see, not yet in the dataset) to a dataset. */
export function AddTestDialog({ dataset, onClose }: { dataset: TestCaseSet | null; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const testCases = useTestCases(
    { page: 1, page_size: PAGE_SIZE.simulatorTestCases },
    { enabled: dataset !== null },
  );
  const add = useAddTestCasesToSet();

  const inSet = new Set(dataset?.testCases.map((testCase) => testCase.id));
  const options = (testCases.data?.testcases ?? [])
    .filter((testCase) => !inSet.has(testCase.id))
    .map((testCase) => ({
      value: String(testCase.id),
      label: testCase.simulator ? `${testCase.name} (${testCase.simulator.name})` : testCase.name,
    }));

  const close = () => {
    setSelected([]);
    onClose();
  };

  const submit = () => {
    if (!dataset) return;
    add.mutate(
      { setId: dataset.id, testCaseIds: selected.map(Number) },
      {
        onSuccess: ({ added_count }) => {
          notify.success(
            `Added ${added_count} ${added_count === 1 ? 'test case' : 'test cases'} to ${dataset.name}`,
          );
          close();
        },
        onError: (error) => notify.error(errorDetail(error), 'Failed to add test cases'),
      },
    );
  };

  return (
    <Modal opened={dataset !== null} onClose={close} title="Add Test" size={LAYOUT.dialogWidths.small}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose test cases to add to {dataset?.name}.
        </Text>
        <MultiSelect
          label="Test cases"
          placeholder={selected.length ? undefined : 'Search test cases'}
          data={options}
          value={selected}
          onChange={setSelected}
          searchable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={testCases.isPending ? 'Loading…' : 'No test cases to add'}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={selected.length === 0} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
