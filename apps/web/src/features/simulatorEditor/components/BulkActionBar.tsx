import { Button, Group, Kbd, Paper, Text } from '@mantine/core';
import { IconUsersGroup, IconWand, IconWorld, IconX } from '@tabler/icons-react';

/**
 * What can be done with the selected test cases (001 §2.6): Assign to Annotator and Make Public for platform
 * admins, Generate Mutations for test authors, and the Delete key to archive. Shown only while rows are selected.
 */
export function BulkActionBar({
  count,
  mayAdminister,
  mayAuthor,
  makingPublic,
  generating,
  onAssign,
  onMakePublic,
  onGenerate,
  onClear,
}: {
  count: number;
  mayAdminister: boolean;
  mayAuthor: boolean;
  makingPublic: boolean;
  generating: boolean;
  onAssign: () => void;
  onMakePublic: () => void;
  onGenerate: () => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="indigo.0" data-testid="editor-bulk-bar">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Text size="sm" fw={600} data-testid="editor-selected-count">
            {count} selected
          </Text>
          {mayAuthor && (
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Delete</Kbd> archives them
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {mayAdminister && (
            <Button size="xs" variant="default" leftSection={<IconUsersGroup size={15} />} onClick={onAssign}>
              Assign to Annotator
            </Button>
          )}
          {mayAdminister && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconWorld size={15} />}
              loading={makingPublic}
              onClick={onMakePublic}
            >
              Make Public
            </Button>
          )}
          {mayAuthor && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconWand size={15} />}
              loading={generating}
              onClick={onGenerate}
            >
              Generate Mutations
            </Button>
          )}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={15} />} onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
