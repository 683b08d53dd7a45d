import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import {
  type ExtractField,
  ExtractFieldType,
  ExtractFilterOperator,
  type ExtractNode,
  WEB_FLOW_LIMITS,
} from '@proctor/contracts';
import { IconFilter, IconPlus, IconPointer, IconTrash } from '@tabler/icons-react';
import { newExtractField, newExtractFilter } from '../flowDraft';

/** Which field is waiting for an element picked in the live view. */
export type FieldPick = { fieldId: string } | null;

const TYPES = ExtractFieldType.options.map((type) => ({ value: type, label: type }));
const OPERATORS = ExtractFilterOperator.options.map((operator) => ({ value: operator, label: operator }));

function FieldEditor({
  field,
  depth,
  onChange,
  onRemove,
  pick,
  onPick,
  pickDisabled,
}: {
  field: ExtractField;
  depth: number;
  onChange: (field: ExtractField) => void;
  onRemove: () => void;
  pick: FieldPick;
  onPick: (fieldId: string) => void;
  pickDisabled: boolean;
}) {
  const picking = pick?.fieldId === field.id;
  const setSub = (subParameters: ExtractField[]) => onChange({ ...field, subParameters });
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="extract-field">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            label="Field"
            placeholder="name"
            value={field.name}
            onChange={(event) => onChange({ ...field, name: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Select
            size="xs"
            label="Type"
            data={TYPES}
            value={field.type}
            allowDeselect={false}
            onChange={(type) => type && onChange({ ...field, type: type as ExtractField['type'] })}
            w={96}
          />
          <Checkbox
            size="xs"
            label="List"
            mb={6}
            checked={field.isArray}
            onChange={(event) => onChange({ ...field, isArray: event.currentTarget.checked })}
          />
          <Tooltip label="Remove field">
            <ActionIcon variant="subtle" color="gray" aria-label="Remove field" onClick={onRemove} mb={2}>
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            label="Selector"
            placeholder={depth === 1 ? 'CSS selector in the page' : "CSS selector in the parent's element"}
            ff="monospace"
            value={field.selector ?? ''}
            onChange={(event) => onChange({ ...field, selector: event.currentTarget.value || undefined })}
            style={{ flex: 1 }}
          />
          <TextInput
            size="xs"
            label="Attribute"
            placeholder="text"
            value={field.attribute ?? ''}
            onChange={(event) => onChange({ ...field, attribute: event.currentTarget.value || undefined })}
            w={90}
          />
          <Tooltip label={picking ? 'Click the element in the browser' : 'Pick in browser'}>
            <ActionIcon
              variant={picking ? 'filled' : 'light'}
              aria-label="Pick selector in browser"
              disabled={pickDisabled}
              onClick={() => onPick(field.id)}
              mb={2}
            >
              <IconPointer size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {field.filters.map((filter, index) => (
          <Group
            // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id; their place is their identity
            key={index}
            gap={4}
            wrap="nowrap"
            align="flex-end"
          >
            <TextInput
              size="xs"
              label={index === 0 ? 'Filter element' : undefined}
              placeholder="itself"
              value={filter.element}
              onChange={(event) =>
                onChange({
                  ...field,
                  filters: field.filters.map((other, at) =>
                    at === index ? { ...other, element: event.currentTarget.value } : other,
                  ),
                })
              }
              style={{ flex: 1 }}
            />
            <TextInput
              size="xs"
              label={index === 0 ? 'Attribute' : undefined}
              placeholder="text"
              value={filter.attribute}
              onChange={(event) =>
                onChange({
                  ...field,
                  filters: field.filters.map((other, at) =>
                    at === index ? { ...other, attribute: event.currentTarget.value } : other,
                  ),
                })
              }
              w={76}
            />
            <Select
              size="xs"
              label={index === 0 ? 'Operator' : undefined}
              data={OPERATORS}
              allowDeselect={false}
              value={filter.operator}
              onChange={(operator) =>
                operator &&
                onChange({
                  ...field,
                  filters: field.filters.map((other, at) =>
                    at === index ? { ...other, operator: operator as typeof filter.operator } : other,
                  ),
                })
              }
              w={90}
            />
            <TextInput
              size="xs"
              label={index === 0 ? 'Value' : undefined}
              disabled={filter.operator === 'exists'}
              value={filter.value}
              onChange={(event) =>
                onChange({
                  ...field,
                  filters: field.filters.map((other, at) =>
                    at === index ? { ...other, value: event.currentTarget.value } : other,
                  ),
                })
              }
              w={90}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove filter"
              onClick={() => onChange({ ...field, filters: field.filters.filter((_, at) => at !== index) })}
              mb={2}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconFilter size={12} />}
            disabled={field.filters.length >= WEB_FLOW_LIMITS.filters}
            onClick={() => onChange({ ...field, filters: [...field.filters, newExtractFilter()] })}
          >
            Filter
          </Button>
          {field.type === 'object' && depth < WEB_FLOW_LIMITS.fieldDepth && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={() => setSub([...field.subParameters, newExtractField()])}
            >
              Sub-parameter
            </Button>
          )}
        </Group>
        {field.type === 'object' && field.subParameters.length > 0 && (
          <Stack gap={6} pl="sm">
            {field.subParameters.map((sub) => (
              <FieldEditor
                key={sub.id}
                field={sub}
                depth={depth + 1}
                onChange={(changed) =>
                  setSub(field.subParameters.map((other) => (other.id === sub.id ? changed : other)))
                }
                onRemove={() => setSub(field.subParameters.filter((other) => other.id !== sub.id))}
                pick={pick}
                onPick={onPick}
                pickDisabled={pickDisabled}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * An extract (002 §3): fields read out of the page, each a name, a type, whether it is a list, a selector (picked
 * in the live view or typed), filters, and an object's sub-parameters; their values make the node's output.
 */
export function ExtractNodeEditor({
  node,
  onChange,
  pick,
  onPick,
  pickDisabled,
}: {
  node: ExtractNode;
  onChange: (node: ExtractNode) => void;
  pick: FieldPick;
  onPick: (fieldId: string) => void;
  pickDisabled: boolean;
}) {
  const fields = node.schema.fields;
  const setFields = (next: ExtractField[]) => onChange({ ...node, schema: { fields: next } });
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        label="Description"
        placeholder="What this step reads"
        value={node.description}
        onChange={(event) => onChange({ ...node, description: event.currentTarget.value })}
      />
      {fields.map((field) => (
        <FieldEditor
          key={field.id}
          field={field}
          depth={1}
          onChange={(changed) => setFields(fields.map((other) => (other.id === field.id ? changed : other)))}
          onRemove={() => setFields(fields.filter((other) => other.id !== field.id))}
          pick={pick}
          onPick={onPick}
          pickDisabled={pickDisabled}
        />
      ))}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={12} />}
        disabled={fields.length >= WEB_FLOW_LIMITS.fields}
        onClick={() => setFields([...fields, newExtractField()])}
        style={{ alignSelf: 'flex-start' }}
      >
        Field
      </Button>
    </Stack>
  );
}
