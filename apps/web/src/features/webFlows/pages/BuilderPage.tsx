import { Anchor, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ElementAtResponse, WebFlowNode, WebFlowRunEvent } from '@proctor/contracts';
import { IconLock } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { OutputPanel } from '../../../components/OutputPanel';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { RemoteBrowser, useElementAt, useHeldBrowserSession } from '../../browserSessions';
import { type EditorTab, FlowEditor } from '../components/FlowEditor';
import { FlowList } from '../components/FlowList';
import type { ElementPick } from '../components/NodeList';
import {
  actWithPickedElement,
  draftOf,
  type FlowDraft,
  flowRequest,
  hasUnsavedChanges,
  newFlowDraft,
  updateField,
  updateNode,
  withHealedLocator,
} from '../flowDraft';
import { useFlowRun } from '../hooks/useFlowRun';
import { useRunWebFlowNode, useSaveWebFlow } from '../hooks/useWebFlows';
import { canEditWebFlows } from '../webFlowAccess';

const PANEL_WIDTH = 420;

/** A node with the element picked in the live view: an act's locator, or an extract field's selector. */
function withPicked(
  node: WebFlowNode,
  pick: NonNullable<ElementPick>,
  element: ElementAtResponse,
): WebFlowNode {
  if (node.type === 'act') return actWithPickedElement(node, element);
  const { fieldId } = pick;
  if (!fieldId) return node;
  return {
    ...node,
    schema: {
      fields: updateField(node.schema.fields, fieldId, (field) => ({ ...field, selector: element.selector })),
    },
  };
}

/**
 * /builder (002 §2.8) for those who may build flows (WEB_FLOW_EDIT_PERMISSIONS); anyone else is told why not, and no
 * browser is opened for them.
 */
export function BuilderPage() {
  const user = useSignedInUser();
  if (canEditWebFlows(user)) return <BuilderWorkspace />;
  return (
    <Stack gap="lg">
      <Title order={2}>Builder</Title>
      <Paper withBorder radius="md" p="xl" data-testid="builder-not-allowed">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>Building web flows needs dashboard access.</Text>
          <Text c="dimmed" size="sm" ta="center" maw={440}>
            Your organization's flows and their runs are on{' '}
            <Anchor component={Link} to={paths.webFlowRuns} inherit>
              Web Flow Runs
            </Anchor>
            . Ask an account admin or a platform admin of this Proctor server for dashboard access to build
            them.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The builder: on the left the flow list or the flow editor, in the centre the remote browser of a builder
 * browser session, below it the Output. Acts and extract fields point at elements clicked in the live view; Run
 * saves the flow, runs it on the browser and follows its events.
 */
function BuilderWorkspace() {
  const browser = useHeldBrowserSession('builder');
  const browserSessionId = browser.session?.publicId ?? null;
  const [draft, setDraft] = useState<FlowDraft | null>(null);
  const [saved, setSaved] = useState<FlowDraft | null>(null);
  const [tab, setTab] = useState<EditorTab>('setup');
  const [pick, setPick] = useState<ElementPick>(null);
  const [parameterValues, setParameterValues] = useState<Record<string, string>>({});
  const [nodeRunning, setNodeRunning] = useState<string | null>(null);
  const save = useSaveWebFlow();
  const elementAt = useElementAt(browserSessionId);
  const runNode = useRunWebFlowNode(browserSessionId);

  // A model that found an act's element again saved the healed locator with the flow: so does the editor.
  const onRunEvent = useCallback((event: WebFlowRunEvent) => {
    if (event.type !== 'node_end' || !event.healedLocator) return;
    const locator = event.healedLocator;
    setDraft((current) => current && withHealedLocator(current, event.nodeId, locator));
    setSaved((current) => current && withHealedLocator(current, event.nodeId, locator));
  }, []);
  const flowRun = useFlowRun(onRunEvent);

  const open = (next: FlowDraft, asSaved: FlowDraft | null) => {
    flowRun.stop();
    flowRun.clear();
    setPick(null);
    setParameterValues({});
    setTab('setup');
    setDraft(next);
    setSaved(asSaved);
  };

  const dirty = draft !== null && hasUnsavedChanges(draft, saved);

  const persist = async (current: FlowDraft): Promise<FlowDraft | null> => {
    try {
      const flow = await save.mutateAsync({ id: current.id, request: flowRequest(current) });
      const stored = draftOf(flow);
      setDraft(stored);
      setSaved(stored);
      return stored;
    } catch (error) {
      notify.error(errorDetail(error), 'Failed to save web flow');
      return null;
    }
  };

  const run = async () => {
    if (!draft || !browserSessionId) return;
    const stored = dirty ? await persist(draft) : draft;
    if (!stored || stored.id === null) return;
    setPick(null);
    setTab('test');
    flowRun.start(
      stored.id,
      stored.nodes.map((node) => node.id),
      { browser_session_id: browserSessionId, parameters: parameterValues },
    );
  };

  const testNode = (node: WebFlowNode) => {
    setNodeRunning(node.id);
    runNode.mutate(
      { node, parameters: parameterValues },
      {
        onSuccess: flowRun.recordNode,
        onError: (error) => notify.error(errorDetail(error), 'Failed to run the node'),
        onSettled: () => setNodeRunning(null),
      },
    );
  };

  const pickAt = (point: { x: number; y: number }) => {
    const target = pick;
    if (!target) return;
    elementAt.mutate(point, {
      onSuccess: (element) => {
        setDraft(
          (current) =>
            current && updateNode(current, target.nodeId, (node) => withPicked(node, target, element)),
        );
        setPick(null);
      },
      onError: (error) => notify.error(errorDetail(error), 'Nothing picked'),
    });
  };

  const navigate = () => {
    if (!draft) return;
    browser.navigate.mutate(draft.start_url.trim(), {
      onError: (error) => notify.error(errorDetail(error), 'Failed to navigate'),
    });
  };

  return (
    <Group align="stretch" gap="md" wrap="nowrap" h="calc(100vh - 2 * var(--mantine-spacing-xl))" mih={560}>
      <Paper withBorder radius="md" p="md" w={PANEL_WIDTH} style={{ display: 'flex', flexShrink: 0 }}>
        <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Title order={3}>Builder</Title>
              <Text size="xs" c="dimmed">
                Web flows: acts and extracts run in a remote browser.
              </Text>
            </Stack>
            <Anchor component={Link} to={paths.webFlowRuns} size="sm" style={{ whiteSpace: 'nowrap' }}>
              Web Flow Runs
            </Anchor>
          </Group>
          {draft ? (
            <FlowEditor
              draft={draft}
              onChange={setDraft}
              onBack={() => {
                flowRun.stop();
                setDraft(null);
                setSaved(null);
                setPick(null);
              }}
              tab={tab}
              onTab={setTab}
              dirty={dirty}
              saving={save.isPending}
              onSave={() => void persist(draft)}
              browserReady={browserSessionId !== null}
              navigating={browser.navigate.isPending}
              onNavigate={navigate}
              run={flowRun.run}
              onRun={() => void run()}
              parameterValues={parameterValues}
              onParameterValues={setParameterValues}
              onRunNode={testNode}
              nodeRunning={nodeRunning}
              pick={pick}
              onPick={setPick}
            />
          ) : (
            <FlowList
              onOpen={(flow) => open(draftOf(flow), draftOf(flow))}
              onCreate={(name, startUrl) => open({ ...newFlowDraft(startUrl), name }, null)}
            />
          )}
        </Stack>
      </Paper>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Box>
          <RemoteBrowser
            browserSessionId={browserSessionId}
            failure={browser.failure}
            onRetry={browser.retry}
            isBuilder
            picking={pick !== null}
            onPick={pickAt}
          />
        </Box>
        <OutputPanel
          output={flowRun.run?.output ?? null}
          placeholder="Run the flow: what its extracts read shows here as JSON."
        />
      </Stack>
    </Group>
  );
}
