import { ActionIcon, Anchor, Badge, Button, Drawer, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { LAYOUT, SCORING_TYPE_LABELS, type TestCaseSet, testCaseFavicon } from '@proctor/contracts';
import { IconArchive, IconPlayerPlay, IconPlayerRecord, IconPlus, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SiteIcon } from '../../../components/SiteIcon';
import { paths } from '../../../paths';
import { DatasetIcon } from './DatasetIcon';

type DatasetTestCase = TestCaseSet['testCases'][number];

/** A test case's two session starts (002 §2.15): a test session on the web, an offline one on captured traffic. */
const SESSION_STARTS = [
  { kind: 'trainer', label: 'Start Test Session', Icon: IconPlayerRecord },
  { kind: 'offline', label: 'Start Offline Session', Icon: IconWifiOff },
] as const;

/** A dataset's test cases in the 500 px side panel (001 §2.3), with Run All and a Run for each test case. */
export function DatasetPanel({
  dataset,
  editable,
  onClose,
  onAddTest,
  onArchive,
  onRunAll,
  onRunTestCase,
  onCreateTestCase,
  onCreateStepTestCase,
  onStartSession,
}: {
  dataset: TestCaseSet | null;
  editable: boolean;
  onClose: () => void;
  onAddTest: (dataset: TestCaseSet) => void;
  onArchive: (dataset: TestCaseSet) => void;
  /** Absent, with onRunTestCase: the viewer may not run agents. */
  onRunAll?: (dataset: TestCaseSet) => void;
  onRunTestCase?: (testCase: DatasetTestCase) => void;
  /** Absent, with onCreateStepTestCase: the viewer may not create test cases. */
  onCreateTestCase?: (dataset: TestCaseSet) => void;
  onCreateStepTestCase?: (dataset: TestCaseSet) => void;
  /** Start Test Session or Start Offline Session on a test case (002 §2.15); absent: the viewer may not. */
  onStartSession?: (testCase: DatasetTestCase, kind: 'trainer' | 'offline') => void;
}) {
  return (
    <Drawer
      opened={dataset !== null}
      onClose={onClose}
      position="right"
      size={LAYOUT.datasetPanelWidth}
      withOverlay={false}
      shadow="lg"
      lockScroll={false}
      closeButtonProps={{ 'aria-label': 'Close dataset' }}
      title={
        dataset && (
          <Group gap="sm" wrap="nowrap">
            <DatasetIcon icon={dataset.icon} imgUrl={dataset.imgUrl} name={dataset.name} size={28} />
            <Text fw={600}>{dataset.name}</Text>
          </Group>
        )
      }
    >
      {dataset && (
        <Stack gap="md" data-testid="dataset-panel">
          {dataset.description && (
            <Text size="sm" c="dimmed">
              {dataset.description}
            </Text>
          )}
          {(editable || onRunAll) && (
            <Group gap="sm">
              {onRunAll && (
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={() => onRunAll(dataset)}
                  disabled={dataset.testCases.length === 0}
                >
                  Run All
                </Button>
              )}
              {editable && (
                <Button
                  size="xs"
                  variant={onRunAll ? 'default' : 'filled'}
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onAddTest(dataset)}
                >
                  Add Test
                </Button>
              )}
              {editable && onCreateTestCase && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onCreateTestCase(dataset)}
                >
                  Create Test Case
                </Button>
              )}
              {editable && onCreateStepTestCase && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onCreateStepTestCase(dataset)}
                >
                  Step Test Case
                </Button>
              )}
              {editable && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconArchive size={14} />}
                  onClick={() => onArchive(dataset)}
                >
                  Delete
                </Button>
              )}
            </Group>
          )}
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {dataset.testCases.length} {dataset.testCases.length === 1 ? 'test case' : 'test cases'}
          </Text>
          {dataset.testCases.length === 0 && (
            <Text size="sm" c="dimmed">
              This dataset has no test cases yet.
            </Text>
          )}
          {dataset.testCases.map((testCase) => (
            <Paper key={testCase.id} withBorder radius="md" p="sm" data-testid="dataset-test-case">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <TestCaseIcon testCase={testCase} />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={paths.testCase(testCase.publicId)}
                      size="sm"
                      fw={600}
                      lineClamp={1}
                    >
                      {testCase.name}
                    </Anchor>
                    <Group gap={4} wrap="nowrap">
                      {testCase.scoringTypes.map((type) => (
                        <Badge key={type} size="xs" radius="sm" variant="light" tt="none">
                          {SCORING_TYPE_LABELS[type]}
                        </Badge>
                      ))}
                      {onStartSession &&
                        SESSION_STARTS.map(({ kind, label, Icon }) => (
                          <Tooltip key={kind} label={label} withArrow>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={`${label} on ${testCase.name}`}
                              onClick={() => onStartSession(testCase, kind)}
                            >
                              <Icon size={14} />
                            </ActionIcon>
                          </Tooltip>
                        ))}
                      {onRunTestCase && (
                        <Tooltip label="Run" withArrow>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-label={`Run ${testCase.name}`}
                            onClick={() => onRunTestCase(testCase)}
                          >
                            <IconPlayerPlay size={14} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Group>
                  {testCase.startUrl && (
                    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                      {testCase.startUrl}
                    </Text>
                  )}
                  <Text size="sm" lineClamp={2}>
                    {testCase.prompt}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

/** A test case's icon: its start page's site when that is on the web, else its simulator's (001 §2.3). */
function TestCaseIcon({ testCase }: { testCase: DatasetTestCase }) {
  const favicon = testCaseFavicon(testCase);
  return (
    favicon && <SiteIcon name={favicon.name} imgUrl={favicon.imgUrl} domain={favicon.domain} size={24} />
  );
}
