import { Checkbox, Paper, Table, Text } from '@mantine/core';
import type { TestCase } from '@proctor/contracts';
import { TableMessage } from '../../../components/TableMessage';
import { CapabilityList, LevelBadge, ScoringBadges } from '../../../components/TestCaseBadges';
import type { RowSelection } from '../rowSelection';

const COLUMNS = 6;

/**
 * The By Test Case table (001 §2.6): a checkbox per row, and the header's for all. A click on a row focuses
 * it (its sessions open beside the table); a shift-click on a row or a checkbox selects the range from the
 * last row checked.
 */
export function SelectableTestCaseTable({
  testCases,
  selection,
  focusedId,
  emptyText,
  onCheck,
  onCheckAll,
  onFocus,
}: {
  testCases: TestCase[];
  selection: RowSelection;
  focusedId: number | null;
  emptyText: string;
  onCheck: (id: number, shift: boolean) => void;
  onCheckAll: () => void;
  onFocus: (id: number) => void;
}) {
  const selectedShown = testCases.filter((testCase) => selection.selected.has(testCase.id)).length;
  const all = testCases.length > 0 && selectedShown === testCases.length;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={820} type="native">
        <Table aria-label="Test cases of this simulator" style={{ userSelect: 'none' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Select all test cases"
                  checked={all}
                  indeterminate={selectedShown > 0 && !all}
                  disabled={testCases.length === 0}
                  onChange={onCheckAll}
                />
              </Table.Th>
              <Table.Th>Test Case</Table.Th>
              <Table.Th miw={140}>Scoring</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Capabilities</Table.Th>
              <Table.Th>Prompt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {testCases.length === 0 && <TableMessage colSpan={COLUMNS}>{emptyText}</TableMessage>}
            {testCases.map((testCase) => {
              const selected = selection.selected.has(testCase.id);
              const focused = focusedId === testCase.id;
              return (
                <Table.Tr
                  key={testCase.id}
                  data-testid="editor-test-case-row"
                  data-name={testCase.name}
                  data-selected={selected || undefined}
                  aria-selected={selected}
                  bg={focused ? 'indigo.0' : selected ? 'gray.0' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => (event.shiftKey ? onCheck(testCase.id, true) : onFocus(testCase.id))}
                >
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={`Select ${testCase.name}`}
                      checked={selected}
                      // onClick, not onChange: the change event does not say whether shift was held.
                      onClick={(event) => onCheck(testCase.id, event.shiftKey)}
                      onChange={() => undefined}
                    />
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" fw={500} lineClamp={2}>
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
                  <Table.Td maw={380}>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {testCase.prompt}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
