import { Badge, Group, List, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { LAYOUT, type ScoreRecord } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { JsonViewer } from '../../../components/JsonViewer';
import {
  type ActionDiffRow,
  type CriterionRow,
  formatCorrect,
  formatScore,
  formatSimilarity,
  type MutationDiffRow,
  mutationDiffName,
  type ScoreDetailSection,
  type StateDiffRow,
  scoreDetailSections,
  scoreRecordType,
  scoreTypeName,
  scoreVerdict,
} from '../scoreRecords';
import { formatSessionDate } from '../sessionFormat';
import { Detail, DetailText } from './Detail';
import { ScoreVerdictBadge } from './ScoringBadge';

const MUTATION_DIFF_COLORS: Record<string, string> = {
  correct_mutation_match: 'green',
  missing_mutation: 'red',
  mismatched_mutation: 'orange',
  unexpected_mutation: 'yellow',
};

const SECTION_TITLES: Record<ScoreDetailSection['kind'], string> = {
  criteria: 'Criteria scores',
  mutation_diffs: 'Mutation diffs',
  state_diffs: 'State diffs',
  action_diffs: 'Action diffs',
  other_diffs: 'Diffs',
  mutations: 'Mutations',
  output: 'Output',
  reference_output: 'Reference output',
  errors: 'Errors',
};

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={6}>{title}</Title>
      {children}
    </Stack>
  );
}

function PartTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={640} type="native" mah={420}>
        <Table aria-label={label} stickyHeader verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {head.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const cellText = { wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

function Mono({ children }: { children: string | null }) {
  return children === null ? (
    <Text size="sm" c="dimmed">
      none
    </Text>
  ) : (
    <Text size="sm" ff="monospace" style={cellText}>
      {children}
    </Text>
  );
}

function CriteriaTable({ rows }: { rows: CriterionRow[] }) {
  return (
    <PartTable label="Criteria scores" head={['Criterion', 'Score', 'Explanation']}>
      {rows.map((row, index) => (
        // Criteria may repeat a name and have no other identity: their place is the key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Table.Tr key={index} data-testid="criterion-score">
          <Table.Td>
            <Text size="sm" fw={500} style={cellText}>
              {row.criterion || '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {formatSimilarity(row.score)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={cellText}>
              {row.explanation}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PartTable>
  );
}

function MutationDiffsTable({ rows }: { rows: MutationDiffRow[] }) {
  return (
    <PartTable label="Mutation diffs" head={['Type', 'Reason', 'Actual mutation', 'Expected mutation']}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff has no identity beyond its place in the list
        <Table.Tr key={index} data-testid="mutation-diff" data-diff-type={row.type}>
          <Table.Td>
            <Badge variant="light" radius="sm" tt="none" color={MUTATION_DIFF_COLORS[row.type] ?? 'gray'}>
              {mutationDiffName(row.type)}
            </Badge>
          </Table.Td>
          <Table.Td maw={240}>
            <Text size="sm" style={cellText}>
              {row.reason}
            </Text>
          </Table.Td>
          <Table.Td w="33%">
            {row.actual_mutation === null ? (
              <Text size="sm" c="dimmed">
                none
              </Text>
            ) : (
              <JsonViewer value={row.actual_mutation} label="Actual mutation" maxHeight={180} compact />
            )}
          </Table.Td>
          <Table.Td w="33%">
            {row.expected_generated_mutation === null ? (
              <Text size="sm" c="dimmed">
                none
              </Text>
            ) : (
              <JsonViewer
                value={row.expected_generated_mutation}
                label="Expected mutation"
                maxHeight={180}
                compact
              />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </PartTable>
  );
}

function StateDiffsTable({ rows }: { rows: StateDiffRow[] }) {
  return (
    <PartTable label="State diffs" head={['XPath', 'Correct value', 'Actual value']}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff has no identity beyond its place in the list
        <Table.Tr key={index} data-testid="state-diff">
          <Table.Td>
            <Mono>{row.xpath}</Mono>
          </Table.Td>
          <Table.Td>
            <Mono>{row.correct_value}</Mono>
          </Table.Td>
          <Table.Td>
            <Mono>{row.actual_value}</Mono>
          </Table.Td>
        </Table.Tr>
      ))}
    </PartTable>
  );
}

function ActionDiffsTable({ rows }: { rows: ActionDiffRow[] }) {
  return (
    <PartTable label="Action diffs" head={['Step', 'Expected', 'Actual', 'Reason']}>
      {rows.map((row) => (
        <Table.Tr key={row.step} data-testid="action-diff">
          <Table.Td>
            <Text size="sm">{row.step + 1}</Text>
          </Table.Td>
          <Table.Td>
            <Mono>{row.expected}</Mono>
          </Table.Td>
          <Table.Td>
            <Mono>{row.actual}</Mono>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={cellText}>
              {row.reason}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PartTable>
  );
}

function SectionBody({ section }: { section: ScoreDetailSection }) {
  switch (section.kind) {
    case 'criteria':
      return <CriteriaTable rows={section.rows} />;
    case 'mutation_diffs':
      return <MutationDiffsTable rows={section.rows} />;
    case 'state_diffs':
      return <StateDiffsTable rows={section.rows} />;
    case 'action_diffs':
      return <ActionDiffsTable rows={section.rows} />;
    case 'other_diffs':
      return <JsonViewer value={section.diffs} label="Diffs" maxHeight={300} />;
    case 'mutations':
      return <JsonViewer value={section.mutations} label="Mutations" maxHeight={300} />;
    case 'output':
      return <JsonViewer value={section.value} label="Output" maxHeight={300} />;
    case 'reference_output':
      return <JsonViewer value={section.value} label="Reference output" maxHeight={300} />;
    case 'errors':
      return (
        <List size="sm" c="red" spacing={4} data-testid="score-errors">
          {section.errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same message may come twice
            <List.Item key={index} style={cellText}>
              {error}
            </List.Item>
          ))}
        </List>
      );
  }
}

/** One score record in full (000 §2.6 Score detail dialog): its facts, then only the parts it has. */
export function ScoreDetailDialog({ record, onClose }: { record: ScoreRecord | null; onClose: () => void }) {
  return (
    <Modal opened={record !== null} onClose={onClose} title="Score details" size={LAYOUT.dialogWidths.large}>
      {record && <ScoreDetail record={record} />}
    </Modal>
  );
}

function ScoreDetail({ record }: { record: ScoreRecord }) {
  const { result } = record;
  const type = scoreRecordType(record);
  const sections = scoreDetailSections(result);
  return (
    <Stack gap="lg" data-testid="score-detail">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
        <Detail label="Type">
          <Group gap="xs" wrap="nowrap">
            <ScoreVerdictBadge verdict={scoreVerdict(record)} />
            <Text size="sm" data-testid="score-type">
              {scoreTypeName(type)}
            </Text>
          </Group>
        </Detail>
        <Detail label="Correct">
          <Text size="sm" data-testid="score-correct">
            {formatCorrect(result.correct)}
          </Text>
        </Detail>
        {result.similarity !== undefined && (
          <Detail label="Similarity">
            <Text size="sm" ff="monospace" data-testid="score-similarity">
              {formatSimilarity(result.similarity)}
            </Text>
          </Detail>
        )}
        {result.score !== undefined && (
          <Detail label="Score">
            <Text size="sm" ff="monospace" data-testid="score-value">
              {formatScore(result.score)}
            </Text>
          </Detail>
        )}
        {record.user && (
          <Detail label="Scored by">
            <DetailText>{record.user.name}</DetailText>
          </Detail>
        )}
        <Detail label="Scored at">
          <DetailText>{formatSessionDate(record.createdAt)}</DetailText>
        </Detail>
      </SimpleGrid>

      {result.reason && (
        <Part title="Reason">
          <Text size="sm" style={cellText} data-testid="score-reason">
            {result.reason}
          </Text>
        </Part>
      )}

      {sections.map((section) => (
        <Part key={section.kind} title={SECTION_TITLES[section.kind]}>
          <SectionBody section={section} />
        </Part>
      ))}
    </Stack>
  );
}
