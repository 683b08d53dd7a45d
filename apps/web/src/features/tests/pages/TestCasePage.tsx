import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { canEditCatalogueItem } from '@proctor/contracts';
import {
  IconArchive,
  IconChartBar,
  IconPlayerRecord,
  IconStethoscope,
  IconUsersGroup,
  IconWand,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { BackButton } from '../../../components/BackButton';
import { notify } from '../../../components/notify';
import { ScoringBadges } from '../../../components/TestCaseBadges';
import { paths } from '../../../paths';
import { AssignToAnnotatorsDialog, mayAssignToAnnotators } from '../../assignments';
import { useSignedInUser } from '../../auth';
import { mayBenchmark, RunBenchmarkDialog } from '../../runs';
import { TestCaseSessions } from '../../sessions';
import { ConfigurationTab } from '../components/ConfigurationTab';
import {
  EvaluatorHealthBadge,
  EvaluatorHealthDialog,
  useEvaluatorHealthDialog,
} from '../components/EvaluatorHealthDialog';
import { MutationConflictTab } from '../components/MutationConflictTab';
import { useMutationGenerationDialog } from '../components/MutationGenerationDialog';
import { useTestCase } from '../hooks/useTestCase';
import { useArchiveTestCase } from '../hooks/useTestCaseMutations';

export const TEST_CASE_NOT_FOUND = 'Test case not found';
export const ARCHIVE_CONFIRMATION = 'Are you sure you want to archive this test case?';

type Section = 'configuration' | 'sessions' | 'mutation_conflict';
/** ?section= (001 §2.2): "session" and "sessions" both open the sessions tab. */
function sectionFrom(value: string | null): Section {
  if (value === 'session' || value === 'sessions') return 'sessions';
  if (value === 'mutation_conflict') return 'mutation_conflict';
  return 'configuration';
}

/** /tests/{publicId} (001 §2.2). */
export function TestCasePage() {
  const publicId = useParams().testCasePublicId ?? '';
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const testCase = useTestCase(publicId);
  const archive = useArchiveTestCase();
  const generation = useMutationGenerationDialog();
  const evaluator = useEvaluatorHealthDialog(publicId);
  const [benchmarking, setBenchmarking] = useState(false);
  const [assigning, setAssigning] = useState(false);

  if (testCase.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={44} width={420} />
        <Skeleton height={360} />
      </Stack>
    );
  }
  if (testCase.isError) {
    const missing = isApiError(testCase.error) && testCase.error.status === 404;
    return (
      <Stack gap="lg">
        <Group gap="sm">
          <BackButton fallback={paths.tests} />
          <Title order={2}>{missing ? TEST_CASE_NOT_FOUND : 'Failed to load test case'}</Title>
        </Group>
        <Alert color={missing ? 'gray' : 'red'} variant="light">
          {missing
            ? `There is no test case "${publicId}" that you can see. It may belong to another organization.`
            : errorDetail(testCase.error)}
        </Alert>
      </Stack>
    );
  }

  const current = testCase.data;
  const editable = canEditCatalogueItem(user, current.organizationId);
  const section = sectionFrom(search.get('section'));

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: 'Archive test case',
      children: <Text size="sm">{ARCHIVE_CONFIRMATION}</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(current.id, {
          onSuccess: () => {
            notify.success('Test case archived');
            navigate(paths.tests);
          },
          onError: (error) => notify.error(errorDetail(error), 'Failed to archive test case'),
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <BackButton fallback={paths.tests} mt={2} />
          <Stack gap={4}>
            <Title order={2}>{current.name}</Title>
            <Group gap={6}>
              <CopyButton value={current.publicId}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy id'} withArrow>
                    <Code onClick={copy} style={{ cursor: 'pointer' }} data-testid="public-id">
                      {current.publicId}
                    </Code>
                  </Tooltip>
                )}
              </CopyButton>
              {current.simulator && (
                <Text size="sm" c="dimmed">
                  in {current.simulator.name}
                </Text>
              )}
              {current.organizationId === null && (
                <Text size="sm" c="dimmed">
                  · Public
                </Text>
              )}
              <Box data-testid="scoring-badges">
                <ScoringBadges testCase={current} />
              </Box>
              <EvaluatorHealthBadge health={current.evaluatorHealth} onOpen={evaluator.show} />
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          {mayBenchmark(user) && (
            <Button
              variant="default"
              leftSection={<IconChartBar size={16} />}
              onClick={() => setBenchmarking(true)}
            >
              Benchmark
            </Button>
          )}
          {user.permissions.record_testcases && current.simulator && (
            <Button
              component={Link}
              to={paths.playground(current.simulator.name, current.publicId)}
              variant="default"
              leftSection={<IconPlayerRecord size={16} />}
            >
              Record
            </Button>
          )}
          {mayAssignToAnnotators(user) && (
            <Button
              variant="default"
              leftSection={<IconUsersGroup size={16} />}
              onClick={() => setAssigning(true)}
            >
              Assign to Annotators
            </Button>
          )}
          {editable && (
            <Button
              variant="default"
              leftSection={<IconWand size={16} />}
              onClick={() => generation.open({ testCaseIds: [current.publicId] })}
              loading={generation.running}
            >
              Generate Mutations
            </Button>
          )}
          {editable && (
            <Button
              variant="default"
              leftSection={<IconStethoscope size={16} />}
              onClick={evaluator.check}
              loading={evaluator.running}
            >
              Check Evaluator
            </Button>
          )}
          {editable && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconArchive size={16} />}
              onClick={confirmArchive}
              loading={archive.isPending}
            >
              Archive
            </Button>
          )}
        </Group>
      </Group>

      <Tabs
        value={section}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          if (!value || value === 'configuration') next.delete('section');
          else next.set('section', value);
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
          <Tabs.Tab value="sessions">Sessions</Tabs.Tab>
          <Tabs.Tab value="mutation_conflict">Mutation Conflict</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configuration">
          <ConfigurationTab testCase={current} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          {section === 'sessions' && <TestCaseSessions testCasePublicId={current.publicId} />}
        </Tabs.Panel>
        <Tabs.Panel value="mutation_conflict">
          {section === 'mutation_conflict' && <MutationConflictTab testCase={current} />}
        </Tabs.Panel>
      </Tabs>
      {generation.dialog}
      {mayBenchmark(user) && (
        <RunBenchmarkDialog testCase={current} opened={benchmarking} onClose={() => setBenchmarking(false)} />
      )}
      {mayAssignToAnnotators(user) && (
        <AssignToAnnotatorsDialog
          testCases={[current]}
          opened={assigning}
          onClose={() => setAssigning(false)}
        />
      )}
      <EvaluatorHealthDialog
        testCase={current}
        {...evaluator.dialog}
        onCheckAgain={editable ? evaluator.check : undefined}
      />
    </Stack>
  );
}
