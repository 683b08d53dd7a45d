import { Anchor, Box, Breadcrumbs, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { HubContentEntry } from '@proctor/contracts';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError, QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import {
  useSimulatorBranches,
  useSimulatorContents,
  useSimulatorFileContent,
  useSimulatorRepository,
} from '../hooks/useHub';
import { HUB_PAGE_MESSAGES } from '../messages';
import { breadcrumbOf, preferredBranch, sizeInKb } from '../repositoryBrowsing';
import { FilePreview } from './FilePreview';
import { RepositoryBuilds } from './RepositoryBuilds';

/** A folder's entries: folders open in place, files open in the preview. */
function ContentsTable({
  entries,
  selectedFile,
  onOpen,
}: {
  entries: HubContentEntry[];
  selectedFile: string | null;
  onOpen: (entry: HubContentEntry) => void;
}) {
  return (
    <Table aria-label="Repository contents" highlightOnHover verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th ta="right" w={120}>
            Size
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.length === 0 ? (
          <TableMessage colSpan={2}>{HUB_PAGE_MESSAGES.emptyDirectory}</TableMessage>
        ) : (
          entries.map((entry) => (
            <Table.Tr
              key={entry.path}
              data-testid="repository-entry"
              data-type={entry.type}
              bg={entry.path === selectedFile ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {entry.type === 'dir' ? (
                    <IconFolder size={16} color="var(--mantine-color-blue-6)" />
                  ) : (
                    <IconFile size={16} color="var(--mantine-color-gray-6)" />
                  )}
                  <Anchor component="button" size="sm" onClick={() => onOpen(entry)}>
                    {entry.name}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  {entry.type === 'file' ? sizeInKb(entry.size) : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A simulator's repository: the branch (main, master, default, else the first, until one is chosen), the
 * folder's breadcrumb and listing, the chosen file's preview, and the versions built from its pushes.
 */
export function RepositoryView({ simulatorName }: { simulatorName: string }) {
  const repository = useSimulatorRepository(simulatorName);
  const branches = useSimulatorBranches(simulatorName);
  const [chosenBranch, setChosenBranch] = useState<string | null>(null);
  const [path, setPath] = useState('');
  const [file, setFile] = useState<string | null>(null);
  const branchNames = (branches.data?.branches ?? []).map((branch) => branch.name);
  const ref = chosenBranch ?? preferredBranch(branches.data?.branches ?? []);
  const contents = useSimulatorContents(simulatorName, path, ref);
  const fileContent = useSimulatorFileContent(simulatorName, file, ref);

  const openFolder = (folder: string) => {
    setPath(folder);
    setFile(null);
  };

  return (
    <QueryView
      query={repository}
      errorTitle={HUB_PAGE_MESSAGES.loadRepository}
      loading={{ label: 'Loading repository' }}
    >
      {(repo) => (
        <Stack gap="md" data-testid="repository" data-name={repo.full_name}>
          {branches.isError ? (
            <QueryError
              title={HUB_PAGE_MESSAGES.loadBranches}
              error={branches.error}
              onRetry={branches.refetch}
            />
          ) : repo.empty || (branches.data && branchNames.length === 0) ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" size="sm" ta="center">
                {HUB_PAGE_MESSAGES.emptyRepository}
              </Text>
            </Paper>
          ) : (
            <>
              <Group justify="space-between" wrap="wrap">
                <Box component="nav" aria-label="Path">
                  <Breadcrumbs separator="/">
                    <Anchor component="button" size="sm" fw={600} onClick={() => openFolder('')}>
                      {repo.name}
                    </Anchor>
                    {breadcrumbOf(path).map((crumb) => (
                      <Anchor
                        key={crumb.path}
                        component="button"
                        size="sm"
                        onClick={() => openFolder(crumb.path)}
                      >
                        {crumb.label}
                      </Anchor>
                    ))}
                  </Breadcrumbs>
                </Box>
                <Select
                  aria-label="Branch"
                  placeholder={branches.isPending ? 'Loading branches…' : undefined}
                  data={branchNames}
                  value={ref}
                  allowDeselect={false}
                  w={200}
                  onChange={(branch) => {
                    setChosenBranch(branch);
                    setFile(null);
                  }}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
              <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
                {contents.isError && !contents.data ? (
                  <QueryError
                    title={HUB_PAGE_MESSAGES.loadContents}
                    error={contents.error}
                    onRetry={contents.refetch}
                  />
                ) : contents.data ? (
                  <ContentsTable
                    entries={contents.data.entries}
                    selectedFile={file}
                    onOpen={(entry) => (entry.type === 'dir' ? openFolder(entry.path) : setFile(entry.path))}
                  />
                ) : (
                  <Text size="sm" c="dimmed" p="md">
                    Loading…
                  </Text>
                )}
              </Paper>
              {file && <FilePreview query={fileContent} />}
            </>
          )}
          <RepositoryBuilds repository={repo} />
        </Stack>
      )}
    </QueryView>
  );
}
