import { Anchor, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import {
  compareByTestCase,
  type FamilyResults,
  type FamilyTestCaseResult,
  formatSuccessRate,
  NO_FIGURE,
} from '@proctor/contracts';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { SuccessBadge } from './SuccessBadge';

const FAMILY_COLUMN_WIDTH = 150;

function ResultCell({ result }: { result: FamilyTestCaseResult | undefined }) {
  if (!result) {
    return (
      <Text size="sm" c="dimmed">
        {NO_FIGURE}
      </Text>
    );
  }
  const failures = result.infrastructureFailures;
  const details = [
    formatSuccessRate(result.successRate),
    `${result.total} ${result.total === 1 ? 'session' : 'sessions'}`,
    ...(failures > 0 ? [`${failures} infrastructure ${failures === 1 ? 'failure' : 'failures'}`] : []),
  ].join(' · ');
  return (
    <Tooltip label={details} withArrow multiline maw={320}>
      <Group gap={6} wrap="nowrap" data-testid="family-result" aria-label={details}>
        <SuccessBadge rate={result.successRate} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="family-result-counts">
          {result.passed}/{result.scored}
        </Text>
      </Group>
    </Tooltip>
  );
}

/**
 * Results by test case (001 §2.5 Benchmarks, §2.9): a row per test case, a column per family with its
 * rounded rate and passed of scored; the hover says the interval, the sessions and the infrastructure
 * failures. A family that never ran the test case shows a dash.
 */
export function TestCaseComparisonTable({
  families,
  withSimulator,
}: {
  families: FamilyResults[];
  /** Show each test case's simulator (several were compared). */
  withSimulator: boolean;
}) {
  const rows = compareByTestCase(families);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer
        minWidth={360 + (withSimulator ? 160 : 0) + families.length * FAMILY_COLUMN_WIDTH}
        type="native"
      >
        <Table aria-label="Results by test case" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test case</Table.Th>
              {withSimulator && <Table.Th>Environment</Table.Th>}
              {families.map((family) => (
                <Table.Th key={family.family} w={FAMILY_COLUMN_WIDTH}>
                  {family.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.testCase.id}
                data-testid="test-case-comparison-row"
                data-test-case={row.testCase.publicId}
              >
                <Table.Td>
                  <Anchor component={Link} to={paths.testCase(row.testCase.publicId)} size="sm">
                    {row.testCase.name}
                  </Anchor>
                </Table.Td>
                {withSimulator && (
                  <Table.Td>
                    <Text size="sm">{row.simulator.name}</Text>
                  </Table.Td>
                )}
                {families.map((family) => (
                  <Table.Td key={family.family} data-family={family.family}>
                    <ResultCell result={row.byFamily[family.family]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
