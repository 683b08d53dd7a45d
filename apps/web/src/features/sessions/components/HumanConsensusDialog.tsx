import { Alert, Badge, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type HumanResultsView, LAYOUT } from '@proctor/contracts';
import { summarizeHumanConsensus } from '../humanConsensus';
import { formatSessionDate } from '../sessionFormat';
import { Detail } from './Detail';
import { ScoreVerdictBadge } from './ScoringBadge';

const cellText = { wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

/** The consensus value in its colour: Pass, Fail, Conflict, No Consensus or Insufficient Data. */
export function HumanConsensusBadge({ results }: { results: HumanResultsView }) {
  const summary = summarizeHumanConsensus(results);
  return (
    <Badge variant="light" radius="sm" tt="none" color={summary.color} data-testid="human-consensus">
      {summary.label}
    </Badge>
  );
}

export function SuperScorerBadge() {
  return (
    <Badge size="xs" radius="sm" variant="outline" color="grape" tt="none" style={{ flexShrink: 0 }}>
      Super scorer
    </Badge>
  );
}

/**
 * Human consensus dialog (000 §2.6): the consensus of the people who scored the session, with each
 * counted assessment, the super scorer's decision when there is one, and the automatic failure.
 */
export function HumanConsensusDialog({
  results,
  opened,
  onClose,
}: {
  results: HumanResultsView;
  opened: boolean;
  onClose: () => void;
}) {
  const summary = summarizeHumanConsensus(results);
  return (
    <Modal opened={opened} onClose={onClose} title="Human Consensus" size={LAYOUT.dialogWidths.medium}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Detail label="Consensus">
            <Group gap="xs">
              <HumanConsensusBadge results={results} />
              {summary.autoFailed && (
                <Badge variant="filled" radius="sm" tt="none" color="red" title={summary.autoFailed.reason}>
                  {summary.autoFailed.label}
                </Badge>
              )}
            </Group>
          </Detail>
          <Detail label="Votes">
            <Text size="sm">{summary.tally}</Text>
          </Detail>
          <Detail label="Assessments">
            <Text size="sm">{summary.assessments}</Text>
          </Detail>
        </SimpleGrid>

        {summary.insufficientMessage && (
          <Alert color="gray" variant="light">
            {summary.insufficientMessage}
          </Alert>
        )}
        {summary.autoFailed && (
          <Alert color="red" variant="light" title={summary.autoFailed.reason}>
            The session changed no state, so system scoring failed it.
          </Alert>
        )}
        {summary.decidedBy && (
          <Paper withBorder radius="md" p="sm" component="section" aria-label="Super scorer decision">
            <Group gap="xs" mb={summary.decidedBy.reason ? 4 : 0}>
              <Text size="sm" fw={500}>
                Decided by super scorer {summary.decidedBy.name}:
              </Text>
              <ScoreVerdictBadge verdict={summary.decidedBy.correct ? 'pass' : 'fail'} />
            </Group>
            {summary.decidedBy.reason && (
              <Text size="sm" c="dimmed" style={cellText}>
                {summary.decidedBy.reason}
              </Text>
            )}
          </Paper>
        )}
        {summary.reason && (
          <Text size="sm" c="dimmed" style={cellText}>
            {summary.reason}
          </Text>
        )}

        <Stack gap="xs" component="section" aria-label="Human assessments">
          <Title order={6}>Assessments</Title>
          {results.scores.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody has scored this session yet
            </Text>
          ) : (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <Table aria-label="Human assessments" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Scorer</Table.Th>
                    <Table.Th>Verdict</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>Scored at</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.scores.map(({ score, is_super_scorer }) => (
                    <Table.Tr key={score.id}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text size="sm" fw={500}>
                            {score.user?.name ?? 'Former member'}
                          </Text>
                          {is_super_scorer && <SuperScorerBadge />}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <ScoreVerdictBadge verdict={score.result.correct ? 'pass' : 'fail'} />
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" c={score.result.reason ? undefined : 'dimmed'} style={cellText}>
                          {score.result.reason || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatSessionDate(score.createdAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
