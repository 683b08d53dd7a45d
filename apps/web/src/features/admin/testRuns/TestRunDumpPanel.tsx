import { Anchor, Breadcrumbs, Button, Drawer, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  DATE_TIME_FORMAT,
  formatByteSize,
  NO_FIGURE,
  TEST_RUN_PANEL_WIDTH,
  type TestRunDump,
  type TestRunDumpEntry,
} from '@proctor/contracts';
import { IconDownload, IconFile, IconFolder, IconListDetails } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { environmentsLabel, TagList } from './DumpFields';
import { TEST_RUN_MESSAGES } from './messages';
import { useDownloadDump, useDumpListing } from './useTestRuns';

/** The 500 px detail panel of one dump: what the run was, Download Archive, Load Contents Preview. */
export function TestRunDumpPanel({ dump, onClose }: { dump: TestRunDump | null; onClose: () => void }) {
  return (
    <Drawer
      opened={dump !== null}
      onClose={onClose}
      position="right"
      size={TEST_RUN_PANEL_WIDTH}
      withOverlay={false}
      lockScroll={false}
      shadow="lg"
      title={<Title order={4}>Test Run</Title>}
      closeButtonProps={{ 'aria-label': 'Close test run' }}
    >
      {dump && <DumpDetails key={dump.run_id} dump={dump} />}
    </Drawer>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function DumpDetails({ dump }: { dump: TestRunDump }) {
  const download = useDownloadDump();
  const [preview, setPreview] = useState(false);
  return (
    <Stack gap="md">
      <Field label="Run ID">
        <Text size="sm" ff="monospace">
          {dump.run_id}
        </Text>
      </Field>
      <Group grow align="flex-start">
        <Field label="Status">
          <Text size="sm">{dump.status}</Text>
        </Field>
        <Field label="Date">
          <Text size="sm">{dayjs(dump.created_at).format(DATE_TIME_FORMAT)}</Text>
        </Field>
        <Field label="Size">
          <Text size="sm">{dump.size === null ? NO_FIGURE : formatByteSize(dump.size)}</Text>
        </Field>
      </Group>
      <Field label="Environment">
        <Text size="sm">{environmentsLabel(dump)}</Text>
      </Field>
      <Field label="Simulators">
        <Text size="sm">{dump.simulators.join(', ') || NO_FIGURE}</Text>
      </Field>
      <Field label="Pattern">
        <Text size="sm" ff="monospace">
          {dump.pattern || '(every built-in test case)'}
        </Text>
      </Field>
      <Field label="Tags">
        <TagList tags={dump.tags} />
      </Field>
      <Group>
        <Button
          leftSection={<IconDownload size={16} />}
          disabled={dump.size === null}
          loading={download.isPending}
          onClick={() => download.mutate(dump.run_id)}
        >
          Download Archive
        </Button>
        <Button
          variant="light"
          leftSection={<IconListDetails size={16} />}
          disabled={dump.size === null || preview}
          onClick={() => setPreview(true)}
        >
          Load Contents Preview
        </Button>
      </Group>
      {preview && <ContentsPreview runId={dump.run_id} />}
    </Stack>
  );
}

/** The dump's folders, one at a time: a folder opens on click, the path above goes back. */
function ContentsPreview({ runId }: { runId: string }) {
  const [folder, setFolder] = useState('');
  const listing = useDumpListing(runId, folder, true);
  const parts = folder === '' ? [] : folder.split('/');
  return (
    <Stack gap="xs">
      <Breadcrumbs separatorMargin={4}>
        <Anchor component="button" size="sm" onClick={() => setFolder('')}>
          (archive)
        </Anchor>
        {parts.map((part, index) => (
          <Anchor
            key={parts.slice(0, index + 1).join('/')}
            component="button"
            size="sm"
            onClick={() => setFolder(parts.slice(0, index + 1).join('/'))}
          >
            {part}
          </Anchor>
        ))}
      </Breadcrumbs>
      <QueryView query={listing} errorTitle={TEST_RUN_MESSAGES.contentsFailed}>
        {(answer) => <EntryTable entries={answer.files} onOpen={setFolder} />}
      </QueryView>
    </Stack>
  );
}

function EntryTable({ entries, onOpen }: { entries: TestRunDumpEntry[]; onOpen: (folder: string) => void }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table aria-label="Dump contents" verticalSpacing={4}>
        <Table.Tbody>
          {entries.length === 0 && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  This folder is empty
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {entries.map((entry) => (
            <Table.Tr key={entry.full_path} data-testid="dump-entry">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {entry.is_directory ? <IconFolder size={16} /> : <IconFile size={16} />}
                  {entry.is_directory ? (
                    <Anchor
                      component="button"
                      size="sm"
                      onClick={() => onOpen(entry.full_path.replace(/\/$/, ''))}
                    >
                      {entry.filename}
                    </Anchor>
                  ) : (
                    <Text size="sm">{entry.filename}</Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td w={90}>
                <Text size="xs" c="dimmed" ta="right">
                  {entry.size === null ? '' : formatByteSize(entry.size)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
