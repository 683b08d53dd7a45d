import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { WebFlowNode } from '@proctor/contracts';
import { IconArrowLeft, IconDeviceFloppy, IconPlayerPlay, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { type FlowDraft, isNewFlow, parametersUsed } from '../flowDraft';
import type { FlowRunProgress } from '../flowRun';
import { runStateColor } from '../runPresentation';
import { type ElementPick, NodeList } from './NodeList';

export const EDITOR_TABS = ['setup', 'actions', 'test'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

const nodeSummary = (node: WebFlowNode): string =>
  node.type === 'act'
    ? `${node.actionType === 'type' ? 'Type into' : 'Click'} ${node.elementHint || 'an element'}`
    : node.description ||
      `Extract ${node.schema.fields.map((field) => field.name || 'a field').join(', ') || 'nothing yet'}`;

/**
 * The flow editor (002 §2.8): its name, Save and Run above three tabs. Setup: the start URL, which NAVIGATE opens in
 * the browser, and a description. Actions: the nodes, Act and Extract. Test: the run's parameters, Run, each node's
 * state and a run of one node on the page as it is.
 */
export function FlowEditor({
  draft,
  onChange,
  onBack,
  tab,
  onTab,
  dirty,
  saving,
  onSave,
  browserReady,
  navigating,
  onNavigate,
  run,
  onRun,
  parameterValues,
  onParameterValues,
  onRunNode,
  nodeRunning,
  pick,
  onPick,
}: {
  draft: FlowDraft;
  onChange: (draft: FlowDraft) => void;
  onBack: () => void;
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  browserReady: boolean;
  navigating: boolean;
  onNavigate: () => void;
  run: FlowRunProgress | null;
  onRun: () => void;
  parameterValues: Record<string, string>;
  onParameterValues: (values: Record<string, string>) => void;
  onRunNode: (node: WebFlowNode) => void;
  nodeRunning: string | null;
  pick: ElementPick;
  onPick: (pick: ElementPick) => void;
}) {
  const running = run?.state === 'running';
  const parameters = parametersUsed(draft.nodes);

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="All web flows">
          <ActionIcon variant="subtle" color="gray" aria-label="All web flows" onClick={onBack}>
            <IconArrowLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <TextInput
          aria-label="Name"
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
          style={{ flex: 1 }}
          fw={600}
        />
      </Group>
      <Group gap="xs" justify="space-between">
        <Group gap={6}>
          {isNewFlow(draft) ? (
            <Badge variant="light" color="gray">
              New
            </Badge>
          ) : (
            dirty && (
              <Badge variant="light" color="yellow">
                Unsaved changes
              </Badge>
            )
          )}
          {run && run.runId !== null && (
            <Badge
              variant="light"
              color={runStateColor(run.state)}
              data-testid="run-state"
              data-state={run.state}
            >
              {run.state}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={saving}
            disabled={running}
            onClick={onSave}
          >
            Save
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={running}
            disabled={!browserReady || saving || draft.nodes.length === 0}
            onClick={onRun}
          >
            Run
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => value && onTab(value as EditorTab)}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Tabs.List>
          <Tabs.Tab value="setup">Setup</Tabs.Tab>
          <Tabs.Tab value="actions">Actions</Tabs.Tab>
          <Tabs.Tab value="test">Test</Tabs.Tab>
        </Tabs.List>
        <ScrollArea style={{ flex: 1 }} type="auto" pt="sm">
          <Tabs.Panel value="setup">
            <Stack gap="sm">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label="Start URL"
                  description="Where a run starts; empty stays on the browser's page"
                  placeholder="https://…"
                  value={draft.start_url}
                  onChange={(event) => onChange({ ...draft, start_url: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="light"
                  leftSection={<IconWorld size={16} />}
                  loading={navigating}
                  disabled={!browserReady || draft.start_url.trim() === ''}
                  onClick={onNavigate}
                >
                  NAVIGATE
                </Button>
              </Group>
              <Textarea
                label="Description"
                autosize
                minRows={2}
                value={draft.description}
                onChange={(event) => onChange({ ...draft, description: event.currentTarget.value })}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="actions">
            <NodeList
              draft={draft}
              onChange={onChange}
              progress={run?.nodes ?? null}
              pick={pick}
              onPick={onPick}
              pickDisabled={!browserReady}
            />
          </Tabs.Panel>
          <Tabs.Panel value="test">
            <Stack gap="sm">
              {parameters.length > 0 ? (
                parameters.map((name) => (
                  <TextInput
                    key={name}
                    label={name}
                    description={`Fills {{${name}}}`}
                    value={parameterValues[name] ?? ''}
                    onChange={(event) =>
                      onParameterValues({ ...parameterValues, [name]: event.currentTarget.value })
                    }
                  />
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  This flow has no parameters: write {'{{name}}'} in an act's text to add one.
                </Text>
              )}
              {run?.error && (
                <Alert color="red" variant="light" title="The run failed" data-testid="run-error">
                  {run.error}
                </Alert>
              )}
              {run?.runId && (
                <Text size="sm">
                  Kept as run <code>{run.runId}</code> in{' '}
                  <Anchor component={Link} to={paths.webFlowRuns} inherit>
                    Web Flow Runs
                  </Anchor>
                </Text>
              )}
              {draft.nodes.map((node, index) => {
                const state = run?.nodes[node.id];
                return (
                  <Group key={node.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="test-node">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" truncate="end">
                        {index + 1}. {nodeSummary(node)}
                      </Text>
                      {state?.error && (
                        <Text size="xs" c="red">
                          {state.error}
                        </Text>
                      )}
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      {state && (
                        <Badge size="sm" variant="light" color={runStateColor(state.state)}>
                          {state.state}
                        </Badge>
                      )}
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={nodeRunning === node.id}
                        disabled={
                          !browserReady || running || (nodeRunning !== null && nodeRunning !== node.id)
                        }
                        onClick={() => onRunNode(node)}
                      >
                        Run node
                      </Button>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </Tabs.Panel>
        </ScrollArea>
      </Tabs>
    </Stack>
  );
}
