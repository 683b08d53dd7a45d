import { ActionIcon, Badge, Button, Group, Modal, Paper, Table, Text, Tooltip } from '@mantine/core';
import { DATE_TIME_FORMAT, formatByteSize, NO_FIGURE, type TestRunDump } from '@proctor/contracts';
import { IconDownload, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { environmentsLabel, TagList } from './DumpFields';
import { TEST_RUN_MESSAGES } from './messages';
import { NewTestRunDialog } from './NewTestRunDialog';
import { RunReport } from './RunReport';
import { TestRunDumpPanel } from './TestRunDumpPanel';
import { useDownloadDump, useTestRunDumps } from './useTestRuns';

const COLUMNS = 6;

/** Test Run Dumps (002 §2.3): every test run; a row opens its panel, View its report in a full-size dialog. */
export function TestRunDumpsTab() {
  const dumps = useTestRunDumps();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const selected = dumps.data?.find((dump) => dump.run_id === selectedId) ?? null;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => setStarting(true)}>
          New test run
        </Button>
      </Group>
      <NewTestRunDialog opened={starting} onClose={() => setStarting(false)} />
      <QueryView query={dumps} errorTitle={TEST_RUN_MESSAGES.loadDumpsFailed}>
        {(list) => (
          <DumpsTable dumps={list} selectedId={selectedId} onSelect={setSelectedId} onView={setViewedId} />
        )}
      </QueryView>
      <TestRunDumpPanel dump={selected} onClose={() => setSelectedId(null)} />
      <Modal
        opened={viewedId !== null}
        onClose={() => setViewedId(null)}
        fullScreen
        title={viewedId ? `Test run ${viewedId}` : ''}
        closeButtonProps={{ 'aria-label': 'Close report' }}
      >
        {viewedId && <RunReport runId={viewedId} />}
      </Modal>
    </>
  );
}

function DumpsTable({
  dumps,
  selectedId,
  onSelect,
  onView,
}: {
  dumps: TestRunDump[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onView: (id: string) => void;
}) {
  const download = useDownloadDump();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Test run dumps" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Run ID</Table.Th>
              <Table.Th>Environment</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th w={90}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dumps.length === 0 && <TableMessage colSpan={COLUMNS}>{TEST_RUN_MESSAGES.noDumps}</TableMessage>}
            {dumps.map((dump) => (
              <Table.Tr
                key={dump.run_id}
                onClick={() => onSelect(dump.run_id)}
                style={{ cursor: 'pointer' }}
                bg={dump.run_id === selectedId ? 'var(--mantine-color-indigo-light)' : undefined}
                data-testid="test-run-dump-row"
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {dump.run_id}
                    </Text>
                    {dump.status !== 'completed' && (
                      <Badge size="xs" variant="light" color={dump.status === 'failed' ? 'red' : 'blue'}>
                        {dump.status}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{environmentsLabel(dump)}</Text>
                  <Text size="xs" c="dimmed">
                    {dump.simulators.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TagList tags={dump.tags} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dayjs(dump.created_at).format(DATE_TIME_FORMAT)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dump.size === null ? NO_FIGURE : formatByteSize(dump.size)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={dump.size === null ? 'The archive is not written yet' : 'Download'}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download ${dump.run_id}`}
                        disabled={dump.size === null}
                        loading={download.isPending && download.variables === dump.run_id}
                        onClick={(event) => {
                          event.stopPropagation();
                          download.mutate(dump.run_id);
                        }}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="View">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`View ${dump.run_id}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onView(dump.run_id);
                        }}
                      >
                        <IconEye size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
