import { Alert, Box, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { RUN_TASK, type RunTaskAgent, RunTaskRequest } from '@proctor/contracts';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { ResponseFormatEditor } from '../../../components/ResponseFormatEditor';
import {
  newResponseFieldRow,
  type ResponseFieldRow,
  responseFormatOf,
  responseFormatProblem,
} from '../../../components/responseFormatRows';
import { useSignedInUser } from '../../auth';
import { canOpenBrowserSessions, RemoteBrowser, useHeldBrowserSession } from '../../browserSessions';
import { AgentChoice } from '../components/AgentChoice';
import { BrowserNotAllowed } from '../components/BrowserNotAllowed';
import { RunTaskOutput } from '../components/RunTaskOutput';
import { useRunTask, useRunTaskAgents } from '../hooks/useRunTask';
import { agentToRun, noAgentReasons, runTaskAgentChoices } from '../runTaskAgents';

const PANEL_WIDTH = 420;

interface TaskValues {
  start_url: string;
  task: string;
  fields: ResponseFieldRow[];
}

/**
 * /web-editor, the AI browser (002 §2.9), for those who may open browser sessions; anyone else is told why, and no
 * browser is opened for them.
 */
export function WebEditorPage() {
  const user = useSignedInUser();
  if (canOpenBrowserSessions(user)) return <WebEditorWorkspace />;
  return (
    <Stack gap="lg">
      <Title order={2}>Web Editor</Title>
      <BrowserNotAllowed what="The AI browser" />
    </Stack>
  );
}

/**
 * The AI browser: on the left the task (start URL, what to do, the answer's fields, the model agent) and Run; in
 * the centre the live view of an 'ai' browser session the task runs in; below it the answer as JSON.
 */
function WebEditorWorkspace() {
  const browser = useHeldBrowserSession('ai');
  const browserSessionId = browser.session?.publicId ?? null;
  const availability = useRunTaskAgents();
  const [chosenAgent, setChosenAgent] = useState<RunTaskAgent | null>(null);
  const agent = availability.data ? agentToRun(availability.data, chosenAgent) : null;
  const runTask = useRunTask();
  const initial: TaskValues = { start_url: '', task: '', fields: [newResponseFieldRow()] };
  const form = useContractForm(RunTaskRequest, initial, {
    request: (values) => ({
      start_url: values.start_url,
      task: values.task,
      response_format: responseFormatOf(values.fields),
      agent: agent ?? undefined,
    }),
    check: (values): Record<string, string> => {
      const problem = responseFormatProblem(values.fields);
      return problem ? { response_format: problem } : {};
    },
  });
  const running = runTask.isPending;
  const canRun = agent !== null && browserSessionId !== null && !running;

  const run = form.submit((request) => {
    if (!browserSessionId) return;
    runTask.mutate({ ...request, browser_session_id: browserSessionId });
  });

  const open = () => {
    const url = form.values.start_url.trim();
    if (!url) return;
    browser.navigate.mutate(url, {
      onError: (error) => notify.error(errorDetail(error), 'Failed to open the start URL'),
    });
  };

  return (
    <Group align="stretch" gap="md" wrap="nowrap" mih={560}>
      <Paper withBorder radius="md" p="md" w={PANEL_WIDTH} style={{ flexShrink: 0 }}>
        <form onSubmit={run} noValidate>
          <Stack gap="sm">
            <Stack gap={2}>
              <Title order={3}>Web Editor</Title>
              <Text size="xs" c="dimmed">
                The AI browser: a model agent does the task in the remote browser and answers as JSON.
              </Text>
            </Stack>
            <Group gap={6} align="flex-start" wrap="nowrap">
              <TextInput
                label="Start URL"
                placeholder="https://example.com"
                disabled={running}
                style={{ flex: 1 }}
                {...form.field('start_url')}
              />
              <Button
                variant="default"
                mt={25}
                onClick={open}
                loading={browser.navigate.isPending}
                disabled={running || browserSessionId === null || !form.values.start_url.trim()}
              >
                Open
              </Button>
            </Group>
            <Textarea
              label="Task"
              placeholder="What should the agent do?"
              autosize
              minRows={3}
              maxRows={10}
              maxLength={RUN_TASK.maxTaskLength}
              disabled={running}
              {...form.field('task')}
            />
            <ResponseFormatEditor
              rows={form.values.fields}
              onChange={(fields) => form.set({ fields })}
              error={form.errors.response_format}
              disabled={running}
            />
            <QueryView
              query={availability}
              errorTitle="Failed to load the model agents"
              loading={{ rows: 2 }}
            >
              {(agents) => {
                const reasons = noAgentReasons(agents);
                return reasons.length > 0 ? (
                  <Alert
                    color="orange"
                    variant="light"
                    title="No model agent can run tasks here"
                    data-testid="no-agent"
                  >
                    {reasons.map((reason) => (
                      <Text key={reason} size="sm">
                        {reason}
                      </Text>
                    ))}
                  </Alert>
                ) : (
                  <AgentChoice
                    choices={runTaskAgentChoices(agents)}
                    value={agent}
                    onChange={setChosenAgent}
                    disabled={running}
                  />
                );
              }}
            </QueryView>
            <Button
              type="submit"
              leftSection={<IconPlayerPlayFilled size={14} />}
              loading={running}
              disabled={!canRun}
            >
              Run
            </Button>
            {running && (
              <Text size="xs" c="dimmed" role="status">
                The agent is working in the browser; the answer shows below when it is done (at most{' '}
                {RUN_TASK.timeoutMs / 60_000} minutes).
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Box>
          <RemoteBrowser
            browserSessionId={browserSessionId}
            failure={browser.failure}
            onRetry={browser.retry}
          />
        </Box>
        <RunTaskOutput result={runTask.data} failure={runTask.error} />
      </Stack>
    </Group>
  );
}
