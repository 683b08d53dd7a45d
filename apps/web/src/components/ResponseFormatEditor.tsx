import { ActionIcon, Button, Group, Input, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { RESPONSE_FIELD_TYPES, RESPONSE_FORMAT_LIMITS } from '@proctor/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canAddResponseField, newResponseFieldRow, type ResponseFieldRow } from './responseFormatRows';

const TYPES = RESPONSE_FIELD_TYPES.map((type) => ({ value: type, label: type }));

/**
 * A response format (002 §2.9, §2.11, §7.12): the answer's fields, each a name and a type, added and removed by
 * row. Shared by the AI browser and the trainer's and offline sessions' start dialogs; `error` is the form's
 * message for the format as a whole.
 */
export function ResponseFormatEditor({
  rows,
  onChange,
  error,
  disabled = false,
}: {
  rows: readonly ResponseFieldRow[];
  onChange: (rows: ResponseFieldRow[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const update = (id: string, patch: Partial<ResponseFieldRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper
      label="Response format"
      description="The fields of the JSON answer"
      error={error}
      data-testid="response-format-editor"
    >
      <Stack gap={6} mt={6}>
        {rows.map((row, index) => (
          <Group key={row.id} gap={6} wrap="nowrap" data-testid="response-field">
            <TextInput
              size="xs"
              placeholder="field name"
              aria-label={`Field ${index + 1} name`}
              maxLength={RESPONSE_FORMAT_LIMITS.maxFieldName}
              value={row.name}
              disabled={disabled}
              onChange={(event) => update(row.id, { name: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Select
              size="xs"
              aria-label={`Field ${index + 1} type`}
              data={TYPES}
              value={row.type}
              allowDeselect={false}
              disabled={disabled}
              onChange={(type) => type && update(row.id, { type: type as ResponseFieldRow['type'] })}
              w={104}
            />
            <Tooltip label="Remove field" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove field ${index + 1}`}
                disabled={disabled || rows.length === 1}
                onClick={() => onChange(rows.filter(({ id }) => id !== row.id))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            disabled={disabled || !canAddResponseField(rows)}
            onClick={() => onChange([...rows, newResponseFieldRow()])}
          >
            Add field
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
