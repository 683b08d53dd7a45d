import { ActionIcon, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatAverageSteps, formatDuration, type TestCase } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { SiteIcon } from './SiteIcon';
import { TableMessage } from './TableMessage';
import { CapabilityList, LevelBadge, ScoringBadges } from './TestCaseBadges';

export interface TestCaseRowAction {
  label: string;
  icon: ReactNode;
  onClick: (testCase: TestCase) => void;
}

/**
 * Test cases as the tests list (001 §2.1) and the simulator About tab (001 §2.5) show them. A row click
 * opens the test case; an optional row action (the tests list's side panel) does not.
 */
export function TestCaseTable({
  testCases,
  emptyText,
  withAverages = false,
  rowAction,
  selectedId,
  label,
}: {
  testCases: TestCase[];
  emptyText: string;
  withAverages?: boolean;
  rowAction?: TestCaseRowAction;
  selectedId?: number | null;
  label: string;
}) {
  const navigate = useNavigate();
  const columns = 6 + (withAverages ? 2 : 0) + (rowAction ? 1 : 0);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={withAverages ? 1100 : 960} type="native">
        <Table aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Environment</Table.Th>
              <Table.Th>{withAverages ? 'Name' : 'Test'}</Table.Th>
              <Table.Th miw={140}>Scoring</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Capabilities</Table.Th>
              {withAverages && <Table.Th>Avg Steps</Table.Th>}
              {withAverages && <Table.Th>Avg Time</Table.Th>}
              <Table.Th>Prompt</Table.Th>
              {rowAction && (
                <Table.Th>
                  <VisuallyHidden>{rowAction.label}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {testCases.length === 0 && <TableMessage colSpan={columns}>{emptyText}</TableMessage>}
            {testCases.map((testCase) => (
              <Table.Tr
                key={testCase.id}
                data-testid="test-case-row"
                data-name={testCase.name}
                bg={selectedId === testCase.id ? 'indigo.0' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.testCase(testCase.publicId))}
              >
                <Table.Td>
                  {testCase.simulator ? (
                    <Group gap={8} wrap="nowrap">
                      <SiteIcon name={testCase.simulator.name} imgUrl={testCase.simulator.imgUrl} size={22} />
                      <Text size="sm">{testCase.simulator.name}</Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {testCase.site?.name ?? '—'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" fw={500} lineClamp={2} data-testid="test-case-name">
                    {testCase.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ScoringBadges testCase={testCase} />
                </Table.Td>
                <Table.Td>
                  <LevelBadge level={testCase.metadataConfig.reasoning_level} />
                </Table.Td>
                <Table.Td>
                  <CapabilityList capabilities={testCase.metadataConfig.capabilities} />
                </Table.Td>
                {withAverages && (
                  <Table.Td>
                    <Text size="sm">{formatAverageSteps(testCase.averageStepsTaken)}</Text>
                  </Table.Td>
                )}
                {withAverages && (
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDuration(testCase.averageTimeTaken)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td maw={380}>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {testCase.prompt}
                  </Text>
                </Table.Td>
                {rowAction && (
                  <Table.Td w={48}>
                    <Tooltip label={rowAction.label} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${rowAction.label}: ${testCase.name}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          rowAction.onClick(testCase);
                        }}
                      >
                        {rowAction.icon}
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
