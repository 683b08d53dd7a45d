import { Anchor, Badge, Group, Paper, Text, Timeline } from '@mantine/core';
import { IconMessageQuestion, IconRobot, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { demoAnswer } from '../demoTask';

export interface DemoFlow {
  task: string;
  /** The answer (or why there is none); null while the agent works. */
  outcome: { status: 'completed' | 'failed'; output: unknown; error: string | null } | null;
  /** The recorded session whose steps it took. */
  sessionId: string | null;
}

/** The demo's read-only flow view (002 §2.10): the task, the answer, and where its steps are. */
export function DemoFlowView({ flow }: { flow: DemoFlow | null }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="demo-flow">
      <Text fw={600} size="sm" mb="sm">
        Flow
      </Text>
      {flow === null ? (
        <Text size="sm" c="dimmed">
          Nothing has run yet.
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2} active={flow.outcome ? 2 : 0}>
          <Timeline.Item bullet={<IconMessageQuestion size={14} />} title="Task">
            <Text size="sm" data-testid="demo-flow-task" style={{ whiteSpace: 'pre-wrap' }}>
              {flow.task}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconRobot size={14} />} title="Answer">
            {flow.outcome === null ? (
              <Text size="sm" c="dimmed" role="status">
                The agent is working in the browser…
              </Text>
            ) : flow.outcome.status === 'completed' ? (
              <Text size="sm" data-testid="demo-flow-answer" style={{ whiteSpace: 'pre-wrap' }}>
                {demoAnswer(flow.outcome.output)}
              </Text>
            ) : (
              <Text size="sm" c="red" data-testid="demo-flow-error">
                {flow.outcome.error}
              </Text>
            )}
          </Timeline.Item>
          <Timeline.Item bullet={<IconRoute size={14} />} title="Steps taken">
            {flow.sessionId ? (
              <Group gap="xs">
                <Anchor component={Link} to={paths.session(flow.sessionId)} size="sm">
                  The recorded session
                </Anchor>
                {flow.outcome && (
                  <Badge
                    size="sm"
                    variant="light"
                    color={flow.outcome.status === 'completed' ? 'green' : 'red'}
                  >
                    {flow.outcome.status}
                  </Badge>
                )}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Recorded as the agent acts.
              </Text>
            )}
          </Timeline.Item>
        </Timeline>
      )}
    </Paper>
  );
}
