import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WebFlowRun } from '@proctor/contracts';
import { useState } from 'react';
import { JsonViewer } from '../../../components/JsonViewer';
import { formatSessionDate } from '../../sessions';
import { runDurationSeconds } from '../runPresentation';
import { RunStateBadge } from './WebFlowRunsTable';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A web flow run (002 §2.9): its state, when it started and completed, how long it took in seconds, and either its
 * Response (what its extracts read) or its Request (the parameters it ran with).
 */
export function WebFlowRunDetail({ run }: { run: WebFlowRun }) {
  const [shown, setShown] = useState<'response' | 'request'>('response');
  return (
    <Paper withBorder radius="md" p="md" data-testid="web-flow-run-detail">
      <Stack gap="md">
        <Text fw={600}>{run.web_flow.name}</Text>
        <SimpleGrid cols={2} spacing="sm">
          <Figure label="State">
            <RunStateBadge state={run.state} />
          </Figure>
          <Figure label="Duration">{runDurationSeconds(run)}</Figure>
          <Figure label="Started">{formatSessionDate(run.started_at)}</Figure>
          <Figure label="Completed">{formatSessionDate(run.completed_at)}</Figure>
        </SimpleGrid>
        {run.error && (
          <Alert color="red" variant="light" title="Why it failed">
            {run.error}
          </Alert>
        )}
        <Group>
          <SegmentedControl
            aria-label="Shown"
            data={[
              { value: 'response', label: 'Response' },
              { value: 'request', label: 'Request' },
            ]}
            value={shown}
            onChange={(value) => setShown(value as 'response' | 'request')}
          />
        </Group>
        <JsonViewer
          value={shown === 'response' ? (run.response ?? {}) : run.parameters}
          label={shown === 'response' ? 'Response' : 'Request'}
        />
      </Stack>
    </Paper>
  );
}
