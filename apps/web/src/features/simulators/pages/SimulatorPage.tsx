import { Alert, Badge, Button, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { mayRescoreSessions, rescoreSummary, type Simulator, simulatorStatusOf } from '@proctor/contracts';
import { IconChartBar, IconEdit, IconHistory, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { SiteIcon } from '../../../components/SiteIcon';
import { TestCaseTable } from '../../../components/TestCaseTable';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { SimulatorBenchmarks } from '../../results';
import { GettingStarted } from '../components/GettingStarted';
import { SimulatorPending, SimulatorUnavailable } from '../components/SimulatorLoadStates';
import { SimulatorStatusBadge } from '../components/SimulatorStatusBadge';
import { SimulatorVersions } from '../components/SimulatorVersions';
import { useRescoreSimulator } from '../hooks/useRescoreSimulator';
import { useSimulator } from '../hooks/useSimulator';
import { useSimulatorTestCases } from '../hooks/useSimulatorTestCases';

export const NO_SIMULATOR_TEST_CASES = 'No test cases found for this simulator';
export const RESCORE_COMPLETED = 'Rescoring completed';
export const RESCORE_FAILED = 'Failed to rescore sessions';
export const RESCORE_FAILED_DETAIL = 'Please try again or contact support';

/**
 * Rescore Sessions (001 §2.6): asks first, since every ended session gets new verdicts, then says what was done.
 * Shown to those the server lets rescore: platform admins, account admins and test authors.
 */
export function RescoreButton({ simulator }: { simulator: Simulator }) {
  const user = useSignedInUser();
  const rescore = useRescoreSimulator();
  if (!mayRescoreSessions(user.permissions)) return null;
  const whose = user.permissions.is_admin ? 'every organization' : 'your organization';
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Rescore Sessions',
      children: (
        <Text size="sm">
          The ended sessions of {simulator.name}'s test cases in {whose} will be scored again with each test
          case's current scoring. The new scores are added beside the old ones; human scores do not change.
        </Text>
      ),
      labels: { confirm: 'Rescore', cancel: 'Cancel' },
      onConfirm: () =>
        rescore.mutate(simulator.id, {
          onSuccess: (result) => notify.success(rescoreSummary(result), RESCORE_COMPLETED),
          onError: () => notify.error(RESCORE_FAILED_DETAIL, RESCORE_FAILED),
        }),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      loading={rescore.isPending}
      onClick={confirm}
    >
      Rescore Sessions
    </Button>
  );
}

/** /simulators/{name} (001 §2.5): About, Benchmarks, Versions. */
export function SimulatorPage() {
  const name = useParams().simulatorName ?? '';
  const simulator = useSimulator(name);
  const testCases = useSimulatorTestCases(simulator.data?.id);

  if (simulator.isPending) return <SimulatorPending headerHeight={56} />;
  if (simulator.isError) return <SimulatorUnavailable name={name} error={simulator.error} />;

  const current = simulator.data;
  const count = current.test_count;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <SiteIcon name={current.name} imgUrl={current.imgUrl} size={56} />
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2}>{current.name}</Title>
              <SimulatorStatusBadge status={simulatorStatusOf(current)} />
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="simulator-test-count">
                {count} {count === 1 ? 'test case' : 'test cases'}
              </Badge>
              {current.description && (
                <Text size="sm" c="dimmed" lineClamp={1} maw={640}>
                  {current.description}
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          <RescoreButton simulator={current} />
          <Button
            component={Link}
            to={paths.simulatorEditor(current.name)}
            variant="default"
            leftSection={<IconEdit size={16} />}
          >
            Edit
          </Button>
        </Group>
      </Group>

      <Tabs defaultValue="about" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="about" leftSection={<IconInfoCircle size={15} />}>
            About
          </Tabs.Tab>
          <Tabs.Tab value="benchmarks" leftSection={<IconChartBar size={15} />}>
            Benchmarks
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconHistory size={15} />}>
            Versions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, xl: 9 }}>
              {testCases.isPending ? (
                <Skeleton height={240} />
              ) : testCases.isError ? (
                <Alert color="red" variant="light" title="Error loading test cases">
                  {errorDetail(testCases.error)}
                </Alert>
              ) : (
                <TestCaseTable
                  label="Simulator test cases"
                  testCases={testCases.data}
                  emptyText={NO_SIMULATOR_TEST_CASES}
                  withAverages
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 3 }}>
              <GettingStarted simulator={current} />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="benchmarks">
          <SimulatorBenchmarks simulatorName={current.name} />
        </Tabs.Panel>
        <Tabs.Panel value="versions">
          <SimulatorVersions versions={current.versions} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
