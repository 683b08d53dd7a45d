import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { NO_FIGURE, type TestCase } from '@proctor/contracts';
import { Link } from 'react-router';
import { SiteIcon } from '../../../components/SiteIcon';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';

const COLUMNS = 4;

/**
 * Test cases assigned to the organization. Annotators do not open test case pages (those are the work
 * areas of other organizations), so a row offers recording it instead.
 */
export function AssignedTestCasesTable({ testCases }: { testCases: TestCase[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={800} type="native">
        <Table aria-label="Assigned tests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Environment</Table.Th>
              <Table.Th>Test</Table.Th>
              <Table.Th>Prompt</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {testCases.length === 0 && (
              <TableMessage colSpan={COLUMNS}>No tests are assigned to your organization</TableMessage>
            )}
            {testCases.map((testCase) => (
              <Table.Tr key={testCase.id} data-testid="assigned-test-row" data-name={testCase.name}>
                <Table.Td>
                  {testCase.simulator ? (
                    <Group gap={8} wrap="nowrap">
                      <SiteIcon name={testCase.simulator.name} imgUrl={testCase.simulator.imgUrl} size={22} />
                      <Text size="sm">{testCase.simulator.name}</Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {NO_FIGURE}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={280}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} lineClamp={2}>
                      {testCase.name}
                    </Text>
                    {testCase.isSample && (
                      <Badge size="xs" variant="light" color="grape">
                        Sample
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td maw={420}>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {testCase.prompt}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={paths.recorderTestCase(testCase.publicId)} size="sm">
                    Record
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
