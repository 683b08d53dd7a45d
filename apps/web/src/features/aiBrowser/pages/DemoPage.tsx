import { Alert, Badge, Box, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type DemoResponse, RUN_TASK_MESSAGES, RunTaskRequest } from '@proctor/contracts';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { canOpenBrowserSessions, RemoteBrowser, useHeldBrowserSession } from '../../browserSessions';
import { formatSessionDate, SessionReplay } from '../../sessions';
import { BrowserNotAllowed } from '../components/BrowserNotAllowed';
import { DemoFlowView } from '../components/DemoFlowView';
import { PromptBox } from '../components/PromptBox';
import { DEMO_RESPONSE_FORMAT } from '../demoTask';
import { useDemo, useRunTask, useRunTaskAgents } from '../hooks/useRunTask';
import { agentToRun, noAgentReasons } from '../runTaskAgents';

const FLOW_WIDTH = 380;

/**
 * /demo (002 §2.10): a prompt, a read-only flow view and a 1600x900 browser. Users with beta access get a real
 * remote browser that Run drives; everyone else sees the organization's latest recorded run replayed, labelled so.
 * Both need a member who may open browser sessions (the server's rule for the demo too); anyone else is told why.
 */
export function DemoPage() {
  const user = useSignedInUser();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2}>Demo</Title>
        <Badge variant="light" color="grape" size="lg" data-testid="demo-badge">
          Demo
        </Badge>
      </Group>
      {canOpenBrowserSessions(user) ? <Demo /> : <BrowserNotAllowed what="The demo" />}
    </Stack>
  );
}

function Demo() {
  const demo = useDemo();
  return (
    <QueryView query={demo} errorTitle="Failed to load the demo" loading={{ label: 'Loading the demo' }}>
      {(answer) =>
        answer.live ? <LiveDemo startUrl={answer.start_url} /> : <RecordedDemo recording={answer.recording} />
      }
    </QueryView>
  );
}

function DemoLayout({ prompt, flow, browser }: { prompt: ReactNode; flow: ReactNode; browser: ReactNode }) {
  return (
    <Stack gap="md">
      {prompt}
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box w={FLOW_WIDTH} style={{ flexShrink: 0 }}>
          {flow}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>{browser}</Box>
      </Group>
    </Stack>
  );
}

/**
 * The live demo: a 'demo' browser session on the demo's start page (DEMO_START_URL; without one the user says
 * where), in which Run has a model agent do the prompt and answer in words.
 */
function LiveDemo({ startUrl }: { startUrl: string | null }) {
  const browser = useHeldBrowserSession('demo', startUrl ?? undefined);
  const browserSessionId = browser.session?.publicId ?? null;
  const availability = useRunTaskAgents();
  const agent = availability.data ? agentToRun(availability.data, null) : null;
  const runTask = useRunTask();
  const form = useContractForm(
    RunTaskRequest,
    { start_url: startUrl ?? '', task: '' },
    {
      request: (values) => ({
        ...values,
        response_format: DEMO_RESPONSE_FORMAT,
        agent: agent ?? undefined,
      }),
    },
  );

  const blocked =
    availability.data && agent === null
      ? noAgentReasons(availability.data).join(' ')
      : browserSessionId === null || availability.isPending
        ? 'Waiting for the browser…'
        : null;

  const run = form.submit((request) => {
    if (browserSessionId) runTask.mutate({ ...request, browser_session_id: browserSessionId });
  });
  const asked = runTask.variables;
  const result = runTask.data;
  const flow = asked
    ? {
        task: asked.task,
        outcome: result
          ? { status: result.status, output: result.output, error: result.error }
          : runTask.error
            ? { status: 'failed' as const, output: null, error: errorDetail(runTask.error) }
            : null,
        sessionId: result?.session_id ?? null,
      }
    : null;

  return (
    <DemoLayout
      prompt={
        <Stack gap="xs">
          {startUrl === null && (
            <TextInput
              label="Start URL"
              description="Where the agent starts (this server has no DEMO_START_URL)"
              placeholder="https://example.com"
              disabled={runTask.isPending}
              {...form.field('start_url')}
            />
          )}
          <PromptBox
            value={form.values.task}
            onChange={(task) => form.set({ task })}
            onRun={run}
            running={runTask.isPending}
            blocked={blocked}
            error={form.errors.task}
          />
        </Stack>
      }
      flow={<DemoFlowView flow={flow} />}
      browser={
        <RemoteBrowser
          browserSessionId={browserSessionId}
          failure={browser.failure}
          onRetry={browser.retry}
        />
      }
    />
  );
}

/** Everyone without beta access: the latest recorded run of the organization, replayed and labelled so. */
function RecordedDemo({ recording }: { recording: DemoResponse['recording'] }) {
  const prompt = (
    <PromptBox
      value=""
      onChange={() => undefined}
      onRun={() => undefined}
      blocked={RUN_TASK_MESSAGES.demoNeedsBeta}
    />
  );
  if (recording === null)
    return (
      <DemoLayout
        prompt={prompt}
        flow={<DemoFlowView flow={null} />}
        browser={
          <Paper withBorder radius="md" p="xl" bg="gray.0" data-testid="demo-no-recording">
            <Text ta="center" c="dimmed">
              There is no recorded run to show yet: once someone in your organization has run a task in the AI
              browser, its replay shows here.
            </Text>
          </Paper>
        }
      />
    );
  return (
    <DemoLayout
      prompt={prompt}
      flow={
        <DemoFlowView
          flow={{
            task: recording.task,
            outcome: { status: 'completed', output: recording.output, error: null },
            sessionId: recording.session_id,
          }}
        />
      }
      browser={
        <Stack gap="sm">
          <Alert
            color="blue"
            variant="light"
            icon={<IconHistory size={18} />}
            title={`Replay of a recorded run, ${formatSessionDate(recording.recorded_at)}`}
            data-testid="demo-replay-label"
          >
            Not live: this replays a task run earlier in the AI browser. Task: {recording.task}
          </Alert>
          <SessionReplay sessionId={recording.session_id} />
        </Stack>
      }
    />
  );
}
