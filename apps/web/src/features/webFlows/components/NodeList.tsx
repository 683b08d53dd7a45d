import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebFlowNode } from '@proctor/contracts';
import { IconArrowDown, IconArrowUp, IconClick, IconTableExport, IconTrash } from '@tabler/icons-react';
import type { FlowDraft } from '../flowDraft';
import { moveNode, newActNode, newExtractNode, removeNode, updateNode } from '../flowDraft';
import type { NodeProgress } from '../flowRun';
import { runStateColor } from '../runPresentation';
import { ActNodeEditor } from './ActNodeEditor';
import { ExtractNodeEditor, type FieldPick } from './ExtractNodeEditor';

/** What the live view's next click records: an act's element, or an extract field's selector. */
export type ElementPick = { nodeId: string; fieldId?: string } | null;

/**
 * The flow's nodes in order (002 §2.8), each with its editor and, during and after a run, its state (002 §4
 * colours) and why it failed; Act and Extract add a node at the end.
 */
export function NodeList({
  draft,
  onChange,
  progress,
  pick,
  onPick,
  pickDisabled,
}: {
  draft: FlowDraft;
  onChange: (draft: FlowDraft) => void;
  progress: Record<string, NodeProgress> | null;
  pick: ElementPick;
  onPick: (pick: ElementPick) => void;
  pickDisabled: boolean;
}) {
  const change = (nodeId: string, node: WebFlowNode) => onChange(updateNode(draft, nodeId, () => node));
  // Clicking the pick button again leaves picking.
  const toggle = (next: NonNullable<ElementPick>) =>
    onPick(pick?.nodeId === next.nodeId && pick.fieldId === next.fieldId ? null : next);

  return (
    <Stack gap="sm">
      {draft.nodes.length === 0 && (
        <Text c="dimmed" size="sm">
          No nodes yet: add an Act to click or type, or an Extract to read the page.
        </Text>
      )}
      {draft.nodes.map((node, index) => {
        const state = progress?.[node.id];
        return (
          <Paper
            key={node.id}
            withBorder
            radius="md"
            p="sm"
            data-testid="flow-node"
            data-node-type={node.type}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  {node.type === 'act' ? <IconClick size={16} /> : <IconTableExport size={16} />}
                  <Text size="sm" fw={600}>
                    {index + 1}. {node.type === 'act' ? 'Act' : 'Extract'}
                  </Text>
                  {state && (
                    <Badge
                      size="sm"
                      variant="light"
                      color={runStateColor(state.state)}
                      data-testid="node-state"
                      data-state={state.state}
                    >
                      {state.state}
                    </Badge>
                  )}
                </Group>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Move up"
                    disabled={index === 0}
                    onClick={() => onChange(moveNode(draft, node.id, -1))}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Move down"
                    disabled={index === draft.nodes.length - 1}
                    onClick={() => onChange(moveNode(draft, node.id, 1))}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Remove node"
                    onClick={() => onChange(removeNode(draft, node.id))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              </Group>
              {state?.error && (
                <Text size="xs" c="red" data-testid="node-error">
                  {state.error}
                </Text>
              )}
              {node.type === 'act' ? (
                <ActNodeEditor
                  node={node}
                  onChange={(next) => change(node.id, next)}
                  picking={pick?.nodeId === node.id}
                  onPick={() => toggle({ nodeId: node.id })}
                  pickDisabled={pickDisabled}
                />
              ) : (
                <ExtractNodeEditor
                  node={node}
                  onChange={(next) => change(node.id, next)}
                  pick={
                    (pick?.nodeId === node.id && pick.fieldId ? { fieldId: pick.fieldId } : null) as FieldPick
                  }
                  onPick={(fieldId) => toggle({ nodeId: node.id, fieldId })}
                  pickDisabled={pickDisabled}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconClick size={16} />}
          onClick={() => onChange({ ...draft, nodes: [...draft.nodes, newActNode()] })}
        >
          Act
        </Button>
        <Button
          variant="light"
          leftSection={<IconTableExport size={16} />}
          onClick={() => onChange({ ...draft, nodes: [...draft.nodes, newExtractNode()] })}
        >
          Extract
        </Button>
      </Group>
    </Stack>
  );
}
