import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TestCaseSet } from '@proctor/contracts';
import { IconArchive, IconPlus } from '@tabler/icons-react';
import { TableMessage } from '../../../components/TableMessage';
import { DatasetIcon } from './DatasetIcon';
import { SiteFavicons } from './SiteFavicons';

/** The datasets table (001 §2.3); a row click opens the dataset's panel. */
export function DatasetsTable({
  datasets,
  selectedId,
  onSelect,
  canEdit,
  onAddTest,
  onArchive,
}: {
  datasets: TestCaseSet[];
  selectedId: number | null;
  onSelect: (dataset: TestCaseSet) => void;
  canEdit: (dataset: TestCaseSet) => boolean;
  onAddTest: (dataset: TestCaseSet) => void;
  onArchive: (dataset: TestCaseSet) => void;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Datasets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Sites</Table.Th>
              <Table.Th>Test Cases</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {datasets.length === 0 && (
              <TableMessage colSpan={4}>No datasets yet. Create one to group test cases.</TableMessage>
            )}
            {datasets.map((dataset) => (
              <Table.Tr
                key={dataset.id}
                data-testid="dataset-row"
                data-name={dataset.name}
                bg={selectedId === dataset.id ? 'indigo.0' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(dataset)}
              >
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <DatasetIcon icon={dataset.icon} imgUrl={dataset.imgUrl} name={dataset.name} size={30} />
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {dataset.name}
                        </Text>
                        {dataset.organizationId === null && (
                          <Badge size="xs" radius="sm" variant="light" color="teal">
                            Public
                          </Badge>
                        )}
                        {dataset.isBenchmark && (
                          <Badge size="xs" radius="sm" variant="light" color="grape">
                            Benchmark
                          </Badge>
                        )}
                      </Group>
                      {dataset.description && (
                        <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                          {dataset.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <SiteFavicons testCases={dataset.testCases} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="dataset-count">
                    {dataset.testCases.length}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {canEdit(dataset) && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Add test" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Add test to ${dataset.name}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            onAddTest(dataset);
                          }}
                        >
                          <IconPlus size={17} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Archive" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Archive ${dataset.name}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            onArchive(dataset);
                          }}
                        >
                          <IconArchive size={17} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
