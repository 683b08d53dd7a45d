import { ActionIcon, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type AnnotatorStage, HUMAN_RECORDER_MESSAGES, type HumanRecorderTestCase } from '@proctor/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { useArchiveOrganizationTestCase, useMarkTestCaseCompleted } from '../hooks/useHumanRecorder';
import { ExpandedSessions } from './ExpandedSessions';

/** What a row is called: its name, or for a sample whose details the viewer may not see, its id. */
const titleOf = (testCase: HumanRecorderTestCase) => testCase.name || `Sample ${testCase.publicId}`;

const EMPTY_STAGE: Record<AnnotatorStage, string> = {
  NEEDS_LABELLING: 'No test cases need labelling',
  NEEDS_RECORDING: 'No test cases need recording',
  NEEDS_SCORING: 'No test cases need scoring',
  REVIEW: 'No test cases are waiting for review',
  COMPLETED: 'No test cases are completed',
};

/**
 * One page of a stage's test cases. A row expands to its sessions, except on Needs Recording outside admin
 * view (000 §2.7); admin view adds the consensus details and the Complete (Review) and Archive actions.
 */
export function BucketTable({
  stage,
  testCases,
  adminView,
  showScoreCount,
}: {
  stage: AnnotatorStage;
  testCases: HumanRecorderTestCase[];
  adminView: boolean;
  showScoreCount: boolean;
}) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const markCompleted = useMarkTestCaseCompleted();
  const archive = useArchiveOrganizationTestCase();
  const expandable = adminView || stage !== 'NEEDS_RECORDING';
  const columns = 6 + (adminView ? 1 : 0);

  const complete = (testCase: HumanRecorderTestCase) =>
    markCompleted.mutate(testCase.id, {
      onSuccess: () => notify.success(HUMAN_RECORDER_MESSAGES.markedCompleted),
      onError: (error) => notify.error(errorDetail(error), HUMAN_RECORDER_MESSAGES.markCompletedFailed),
    });
  const archiveCase = (testCase: HumanRecorderTestCase) =>
    modals.openConfirmModal({
      title: 'Archive test case',
      children: <Text size="sm">{HUMAN_RECORDER_MESSAGES.archiveConfirmation(titleOf(testCase))}</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(testCase.id, {
          onSuccess: () => notify.success(HUMAN_RECORDER_MESSAGES.archived),
          onError: (error) => notify.error(errorDetail(error), HUMAN_RECORDER_MESSAGES.archiveFailed),
        }),
    });

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Assigned test cases" data-testid="bucket-table" data-stage={stage}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>Test case</Table.Th>
              <Table.Th>Simulator</Table.Th>
              <Table.Th>Recorded</Table.Th>
              <Table.Th>To score</Table.Th>
              {adminView && <Table.Th>Passed (consensus)</Table.Th>}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {testCases.length === 0 && <TableMessage colSpan={columns}>{EMPTY_STAGE[stage]}</TableMessage>}
            {testCases.map((testCase) => {
              const progress = testCase.organizationTestCase;
              const open = expanded === testCase.id;
              return (
                <Fragment key={testCase.id}>
                  <Table.Tr data-testid="bucket-row" data-test-case-id={testCase.publicId}>
                    <Table.Td>
                      {expandable && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={open ? `Collapse ${titleOf(testCase)}` : `Expand ${titleOf(testCase)}`}
                          aria-expanded={open}
                          onClick={() => setExpanded(open ? null : testCase.id)}
                        >
                          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {titleOf(testCase)}
                        </Text>
                        {testCase.isSample && (
                          <Badge size="xs" variant="light" color="grape">
                            Sample
                          </Badge>
                        )}
                      </Group>
                      {testCase.prompt && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {testCase.prompt}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{testCase.simulator?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td data-testid="recorded-count">
                      <Text size="sm">
                        {progress.validSessionsRecorded}/{progress.requestedRecordingCount}
                        {progress.myRecordingCount > 0 && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({progress.myRecordingCount} yours)
                          </Text>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{progress.unmarkedSessionsCount}</Text>
                    </Table.Td>
                    {adminView && (
                      <Table.Td data-testid="passed-count">
                        <Text size="sm">
                          {progress.passedSessionsCount}/{progress.requestedRecordingCount}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {stage === 'NEEDS_RECORDING' && (
                          <Button
                            size="xs"
                            variant="light"
                            component={Link}
                            to={paths.recorderTestCase(testCase.publicId)}
                          >
                            Record
                          </Button>
                        )}
                        {stage === 'NEEDS_LABELLING' && (
                          <Button
                            size="xs"
                            variant="light"
                            component={Link}
                            to={paths.labelling(testCase.publicId, progress.id)}
                          >
                            Annotate
                          </Button>
                        )}
                        {adminView && stage === 'REVIEW' && (
                          <Button
                            size="xs"
                            loading={markCompleted.isPending && markCompleted.variables === testCase.id}
                            onClick={() => complete(testCase)}
                          >
                            Complete
                          </Button>
                        )}
                        {adminView && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            loading={archive.isPending && archive.variables === testCase.id}
                            onClick={() => archiveCase(testCase)}
                          >
                            Archive
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {open && (
                    <Table.Tr>
                      <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
                        <ExpandedSessions
                          testCasePublicId={testCase.publicId}
                          adminView={adminView}
                          showScoreCount={showScoreCount}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
