import { Select, Stack, Table, Text } from '@mantine/core';
import { type ExpectationRow, expectationRows, withExpectationApp } from '../testCaseApps';

/**
 * In a test case across apps, the app each expected mutation is expected in, chosen per row; the choice is
 * written into the scoring configuration's JSON (its `simulator` tag), which stays the one thing saved.
 */
export function ExpectationAppsField({
  scoringConfig,
  apps,
  onChange,
  readOnly,
}: {
  scoringConfig: string;
  /** The test case's apps by name, its own simulator first. */
  apps: string[];
  onChange: (scoringConfig: string) => void;
  readOnly?: boolean;
}) {
  const rows = expectationRows(scoringConfig);
  const own = apps[0];
  if (rows.length === 0) return null;
  const appOf = (row: ExpectationRow) => row.app ?? own ?? null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Expected mutations by app
      </Text>
      <Text size="xs" c="dimmed">
        The app each change is expected in (written as its simulator in the scoring configuration)
      </Text>
      <Table withTableBorder striped data-testid="expectation-apps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Change</Table.Th>
            <Table.Th>App</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const change = `${row.action} ${row.table}${row.pk === undefined ? '' : ` pk ${row.pk}`}`;
            const app = appOf(row);
            return (
              <Table.Tr key={row.index}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {change}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`App of ${change}`}
                    size="xs"
                    data={app === null || apps.includes(app) ? apps : [...apps, app]}
                    value={app}
                    readOnly={readOnly}
                    allowDeselect={false}
                    error={
                      app !== null && !apps.includes(app) ? 'Not one of the test case’s apps' : undefined
                    }
                    onChange={(value) =>
                      value !== null && onChange(withExpectationApp(scoringConfig, row.index, value, own))
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
