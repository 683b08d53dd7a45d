import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import {
  DATE_TIME_FORMAT,
  type RegistrySimulator,
  SHORT_HASH_LENGTH,
  type UnifiedVersion,
  VERSIONS_SHOWN_AT_FIRST,
} from '@proctor/contracts';
import { IconCheck, IconChevronDown, IconChevronRight, IconMinus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { BuildLogDialog, type BuildLogReading, BuildStatusBadge } from '../../hub';
import { RegisterVersionDialog } from './RegisterVersionDialog';
import {
  useRegistrySimulators,
  useUnifiedVersions,
  useVersionBuildLog,
  VERSIONS_MESSAGES,
} from './useSimulatorVersions';

const SIMULATOR_COLUMNS = 5;
const VERSION_COLUMNS = 10;
/** The leading tags keep the environment badge colours; any other tag gets one picked from its name. */
const TAG_COLORS: Record<string, string> = { 'prod-latest': 'red', 'staging-latest': 'yellow' };
const OTHER_TAG_COLORS = ['blue', 'grape', 'teal', 'indigo', 'cyan', 'violet', 'lime', 'pink'];

function tagColor(tag: string): string {
  const known = TAG_COLORS[tag];
  if (known) return known;
  let sum = 0;
  for (const char of tag) sum = (sum * 31 + char.charCodeAt(0)) % 997;
  return OTHER_TAG_COLORS[sum % OTHER_TAG_COLORS.length]!;
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label={`${label}: yes`} />
  ) : (
    <IconMinus size={16} color="var(--mantine-color-gray-5)" aria-label={`${label}: no`} />
  );
}

const LINKS = [
  ['docker_image_url', 'Image'],
  ['firecracker_snapshot_url', 'Snapshot'],
] as const;

/** A version built from a hub push: its build status, and the repository it came from on hover. */
function BuildCell({ version }: { version: UnifiedVersion }) {
  if (version.build_status === null) return <Text size="sm">—</Text>;
  return (
    <Tooltip label={version.built_from ? `Built from ${version.built_from}` : 'Built from the hub'} withArrow>
      <span>
        <BuildStatusBadge status={version.build_status} />
      </span>
    </Tooltip>
  );
}

function VersionRow({
  version,
  withBuild,
  onRegister,
  onLog,
}: {
  version: UnifiedVersion;
  /** Whether the table has the Build column (some version of the simulator was built from the hub). */
  withBuild: boolean;
  onRegister: () => void;
  onLog: () => void;
}) {
  const links = LINKS.filter(([key]) => version[key]);
  const short = version.version.slice(0, SHORT_HASH_LENGTH);
  return (
    <Table.Tr data-testid="version-row">
      <Table.Td>
        <Text size="sm" ff="monospace" title={version.version}>
          {short}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{version.dataset ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayjs(version.created_at).format(DATE_TIME_FORMAT)}</Text>
      </Table.Td>
      <Table.Td>
        <Flag on={version.has_docker_image} label="Docker image" />
      </Table.Td>
      <Table.Td>
        <Flag on={version.has_firecracker_snapshot} label="Firecracker snapshot" />
      </Table.Td>
      <Table.Td>
        <Flag on={version.has_ecs_task_definition} label="ECS task" />
      </Table.Td>
      <Table.Td>
        <Flag on={version.has_dynamodb_entry} label="Registered" />
      </Table.Td>
      {withBuild && (
        <Table.Td>
          <BuildCell version={version} />
        </Table.Td>
      )}
      <Table.Td>
        {version.dynamodb_tags.length === 0 ? (
          <Text size="xs" c="dimmed">
            {VERSIONS_MESSAGES.noTags}
          </Text>
        ) : (
          <Group gap={4}>
            {version.dynamodb_tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light" color={tagColor(tag)}>
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {links.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          links.map(([key, label]) => (
            <Text key={key} size="sm" component="a" href={version[key]!} target="_blank" rel="noreferrer">
              {label}
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {!version.has_dynamodb_entry && (
            <Button size="xs" variant="light" onClick={onRegister}>
              Register
            </Button>
          )}
          {version.build_status !== null && (
            <Button size="xs" variant="subtle" aria-label={`Build log of ${short}`} onClick={onLog}>
              Log
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** An expanded simulator's versions: ten at first, then Show More / Show Less. */
function SimulatorVersions({ simulator }: { simulator: RegistrySimulator }) {
  const versions = useUnifiedVersions(simulator.name);
  const [showAll, setShowAll] = useState(false);
  const [registering, setRegistering] = useState<string | null>(null);
  const [reading, setReading] = useState<BuildLogReading | null>(null);
  const log = useVersionBuildLog(simulator.name, reading);
  return (
    <QueryView query={versions} errorTitle={VERSIONS_MESSAGES.versionsFailed}>
      {(list) => {
        const shown = showAll ? list : list.slice(0, VERSIONS_SHOWN_AT_FIRST);
        const hidden = list.length - VERSIONS_SHOWN_AT_FIRST;
        // Only a simulator with versions pushed to the hub gets the Build column; built-in ones look as before.
        const withBuild = list.some((version) => version.build_status !== null);
        return (
          <>
            <Table aria-label={`Versions of ${simulator.name}`} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Dataset</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Docker image</Table.Th>
                  <Table.Th>Firecracker snapshot</Table.Th>
                  <Table.Th>ECS task</Table.Th>
                  <Table.Th>Registered</Table.Th>
                  {withBuild && <Table.Th>Build</Table.Th>}
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Links</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.length === 0 && (
                  <TableMessage colSpan={VERSION_COLUMNS}>{VERSIONS_MESSAGES.noVersions}</TableMessage>
                )}
                {shown.map((version) => (
                  <VersionRow
                    key={version.version}
                    version={version}
                    withBuild={withBuild}
                    onRegister={() => setRegistering(version.version)}
                    onLog={() => setReading({ commit: version.version, opened: true })}
                  />
                ))}
              </Table.Tbody>
            </Table>
            {hidden > 0 && (
              <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowAll((current) => !current)}>
                {showAll ? 'Show Less' : `Show More (${hidden} more)`}
              </Button>
            )}
            <RegisterVersionDialog
              simulatorName={simulator.name}
              hash={registering}
              onClose={() => setRegistering(null)}
            />
            <BuildLogDialog
              reading={reading}
              query={log}
              onClose={() => setReading((current) => current && { ...current, opened: false })}
            />
          </>
        );
      }}
    </QueryView>
  );
}

function SimulatorRow({ simulator }: { simulator: RegistrySimulator }) {
  const [expanded, setExpanded] = useState(false);
  const toggle = () => setExpanded((current) => !current);
  return (
    <>
      <Table.Tr data-testid="versions-simulator-row" onClick={toggle} style={{ cursor: 'pointer' }}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={
              expanded ? `Hide versions of ${simulator.name}` : `Show versions of ${simulator.name}`
            }
            aria-expanded={expanded}
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {simulator.name}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{simulator.sim_type}</Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={simulator.enabled ? 'teal' : 'gray'}>
            {simulator.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {simulator.description}
          </Text>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={SIMULATOR_COLUMNS} bg="var(--mantine-color-gray-0)">
            <SimulatorVersions simulator={simulator} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Admin, Versions: every simulator; expanding one shows its recorded versions, flags and registry tags. */
export function VersionsTab() {
  const simulators = useRegistrySimulators();
  return (
    <QueryView query={simulators} errorTitle={VERSIONS_MESSAGES.simulatorsFailed}>
      {(list) => (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="Simulators" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.length === 0 && (
                  <TableMessage colSpan={SIMULATOR_COLUMNS}>{VERSIONS_MESSAGES.noSimulators}</TableMessage>
                )}
                {list.map((simulator) => (
                  <SimulatorRow key={simulator.name} simulator={simulator} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </QueryView>
  );
}
