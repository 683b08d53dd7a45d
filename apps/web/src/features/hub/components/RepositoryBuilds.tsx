import { Button, Paper, Table, Text, Title } from '@mantine/core';
import { DATE_TIME_FORMAT, type HubBuild, NO_FIGURE, SHORT_HASH_LENGTH } from '@proctor/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useRepositoryBuildLog, useRepositoryBuilds } from '../hooks/useHub';
import { buildDuration } from '../hubBuilds';
import { HUB_BUILD_MESSAGES } from '../messages';
import { BuildLogDialog, type BuildLogReading } from './BuildLogDialog';
import { BuildStatusBadge } from './BuildStatusBadge';

const BUILD_COLUMNS = 7;

function BuildRow({ build, onLog }: { build: HubBuild; onLog: () => void }) {
  const short = build.commit.slice(0, SHORT_HASH_LENGTH);
  return (
    <Table.Tr data-testid="hub-build" data-commit={build.commit}>
      <Table.Td>
        <BuildStatusBadge status={build.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" title={build.commit}>
          {short}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayjs(build.created_at).format(DATE_TIME_FORMAT)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{build.ended_at ? dayjs(build.ended_at).format(DATE_TIME_FORMAT) : NO_FIGURE}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{buildDuration(build)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {build.dataset ?? NO_FIGURE}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Button size="xs" variant="light" aria-label={`Log of ${short}`} onClick={onLog}>
          Log
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The versions built from pushes to the repository's default branch, newest first (each bundled, seeded and every
 * test case proven), with each build's log. The list is read again while a build goes on.
 */
export function RepositoryBuilds({ repository }: { repository: { owner: string; name: string } }) {
  const builds = useRepositoryBuilds(repository);
  const [reading, setReading] = useState<BuildLogReading | null>(null);
  const log = useRepositoryBuildLog(repository, reading);
  return (
    <section aria-labelledby="hub-builds-title">
      <Title order={4} id="hub-builds-title" mb="xs">
        Builds
      </Title>
      <QueryView query={builds} errorTitle={HUB_BUILD_MESSAGES.loadBuilds}>
        {(list) => (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={640} type="native">
              <Table aria-label="Builds" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Commit</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Ended</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Dataset</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.length === 0 && (
                    <TableMessage colSpan={BUILD_COLUMNS}>{HUB_BUILD_MESSAGES.noBuilds}</TableMessage>
                  )}
                  {list.map((build) => (
                    <BuildRow
                      key={build.commit}
                      build={build}
                      onLog={() => setReading({ commit: build.commit, opened: true })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryView>
      <BuildLogDialog
        reading={reading}
        query={log}
        onClose={() => setReading((current) => current && { ...current, opened: false })}
      />
    </section>
  );
}
