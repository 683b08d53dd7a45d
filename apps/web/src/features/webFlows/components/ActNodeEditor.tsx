import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ActNode } from '@proctor/contracts';
import { IconPointer, IconX } from '@tabler/icons-react';
import { locatorLabel } from '../flowDraft';

/**
 * An act (002 §3): click or type into one element. Pick in browser records the element clicked in the live view
 * as a locator; the element hint names it in words (what a model looks for when the locator no longer matches).
 * Typed text may press keys (`[Enter]`, 002 §5) and use `{{name}}` parameters.
 */
export function ActNodeEditor({
  node,
  onChange,
  picking,
  onPick,
  pickDisabled,
}: {
  node: ActNode;
  onChange: (node: ActNode) => void;
  picking: boolean;
  onPick: () => void;
  pickDisabled: boolean;
}) {
  const locator = locatorLabel(node.locator);
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        aria-label="Action"
        data={[
          { value: 'click', label: 'Click' },
          { value: 'type', label: 'Type' },
        ]}
        value={node.actionType}
        onChange={(value) => onChange({ ...node, actionType: value as ActNode['actionType'] })}
      />
      <TextInput
        size="xs"
        label="Description"
        placeholder="What this step does"
        value={node.description}
        onChange={(event) => onChange({ ...node, description: event.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Element hint"
        required
        placeholder="e.g. the search box"
        value={node.elementHint}
        onChange={(event) => onChange({ ...node, elementHint: event.currentTarget.value })}
      />
      {node.actionType === 'type' && (
        <Textarea
          size="xs"
          label="Text"
          required
          autosize
          minRows={1}
          description="[Enter] presses a key; {{name}} is a parameter of the run"
          placeholder="mug[Enter]"
          value={node.text ?? ''}
          onChange={(event) => onChange({ ...node, text: event.currentTarget.value })}
        />
      )}
      <Group gap="xs" wrap="nowrap" justify="space-between">
        {locator ? (
          <Text
            size="xs"
            ff="monospace"
            lineClamp={2}
            title={locator}
            data-testid="act-locator"
            style={{ minWidth: 0 }}
          >
            {locator}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            No element picked: only a configured model can find it by its hint
          </Text>
        )}
        <Group gap={4} wrap="nowrap">
          {locator && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={12} />}
              onClick={() => onChange({ ...node, locator: null })}
            >
              Clear
            </Button>
          )}
          <Button
            size="compact-xs"
            variant={picking ? 'filled' : 'light'}
            leftSection={<IconPointer size={12} />}
            disabled={pickDisabled}
            onClick={onPick}
          >
            {picking ? 'Click the element…' : 'Pick in browser'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
