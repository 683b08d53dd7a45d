import { Anchor, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { AGENT_MESSAGES, type AgentTestCaseResult, NO_FIGURE } from '@proctor/contracts';
import { Link } from 'react-router';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { passAtKLines, passAtKText } from '../agentResults';
import { SuccessRateCell } from './SuccessRateCell';

const COUNT_WIDTH = 72;
/** The longer headers of the count columns wrap, so the table fits beside the side navigation. */
const WRAP = { whiteSpace: 'normal' } as const;

const Count = ({ value, testId, warn = false }: { value: number; testId: string; warn?: boolean }) => (
  <Text
    size="sm"
    c={warn && value > 0 ? 'orange.8' : value === 0 ? 'dimmed' : undefined}
    data-testid={testId}
  >
    {value}
  </Text>
);

function PassAtK({ result }: { result: AgentTestCaseResult }) {
  const text = passAtKText(result);
  if (text === null) return null;
  const lines = passAtKLines(result);
  const shown = (
    <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }} data-testid="pass-at-k">
      {text}
    </Text>
  );
  if (lines.length < 2) return shown;
  return (
    <Tooltip
      label={
        <Stack gap={0}>
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Stack>
      }
      withArrow
    >
      {shown}
    </Tooltip>
  );
}

/**
 * By Test Case (001 §2.8): each test case the agent ran, its sessions, those scored and passed, and the
 * success rate with its interval; pass@k and pass^k where there are several scored runs; what waits for
 * people. Runs that failed for infrastructure reasons are counted apart, never against the agent.
 */
export function TestCaseResultsTable({ results }: { results: AgentTestCaseResult[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={980} type="native">
        <Table aria-label="Results by test case" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test case · simulator</Table.Th>
              <Table.Th w={COUNT_WIDTH}>Total</Table.Th>
              <Table.Th w={COUNT_WIDTH}>Scored</Table.Th>
              <Table.Th w={COUNT_WIDTH}>Passed</Table.Th>
              <Table.Th>Success rate · pass@k</Table.Th>
              <Table.Th w={COUNT_WIDTH} style={WRAP}>
                Infra failures
              </Table.Th>
              <Table.Th w={COUNT_WIDTH} style={WRAP}>
                Needs scoring
              </Table.Th>
              <Table.Th w={COUNT_WIDTH} style={WRAP}>
                Disagree&shy;ments
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.length === 0 && <TableMessage colSpan={8}>{AGENT_MESSAGES.notFound}</TableMessage>}
            {results.map((result, index) => (
              <Table.Tr
                key={result.testCase?.id ?? `deleted-${index}`}
                data-testid="test-case-result-row"
                data-test-case={result.testCase?.publicId ?? ''}
              >
                <Table.Td miw={200}>
                  {result.testCase ? (
                    <Anchor component={Link} to={paths.testCase(result.testCase.publicId)} size="sm" fw={600}>
                      {result.testCase.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Deleted test case
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" data-testid="simulator">
                    {result.simulator?.name ?? NO_FIGURE}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Count value={result.total} testId="total" />
                </Table.Td>
                <Table.Td>
                  <Count value={result.scored} testId="scored" />
                </Table.Td>
                <Table.Td>
                  <Count value={result.passed} testId="passed" />
                </Table.Td>
                <Table.Td>
                  <SuccessRateCell rate={result.successRate} />
                  <PassAtK result={result} />
                </Table.Td>
                <Table.Td>
                  <Count value={result.infrastructureFailures} testId="infrastructure-failures" />
                </Table.Td>
                <Table.Td>
                  <Count value={result.needsHumanScoring} testId="needs-human-scoring" warn />
                </Table.Td>
                <Table.Td>
                  <Count value={result.humanDisagreements} testId="human-disagreements" warn />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
