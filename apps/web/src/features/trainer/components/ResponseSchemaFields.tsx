import { ActionIcon, Badge, Group, Input, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { ResponseFormat } from '@proctor/contracts';
import { IconClick } from '@tabler/icons-react';
import type { FieldTexts } from '../trainerOutput';

/**
 * The response schema (002 §2.11): a row per top-level property with its type, its value (typed by hand or filled
 * by its select-content button, then a click on an element in the live view) and that button. Without a live view
 * (a session recorded in Chrome) there is nothing to select in, and no button.
 */
export function ResponseSchemaFields({
  format,
  texts,
  onChange,
  selecting,
  onSelect,
  disabled,
}: {
  format: ResponseFormat;
  texts: FieldTexts;
  onChange: (name: string, text: string) => void;
  /** The property waiting for an element, if any. */
  selecting: string | null;
  onSelect?: (name: string | null) => void;
  disabled: boolean;
}) {
  return (
    <Input.Wrapper
      label="Response schema"
      description={onSelect ? 'Select content in the browser, or type each value' : 'Type each value'}
    >
      <Stack gap={6} mt={6}>
        {Object.entries(format).map(([name, type]) => {
          const active = selecting === name;
          return (
            <Group key={name} gap={6} wrap="nowrap" align="flex-end" data-testid="schema-field">
              <TextInput
                size="xs"
                label={
                  <Group gap={6} component="span">
                    <Text span size="xs" fw={600}>
                      {name}
                    </Text>
                    <Badge size="xs" variant="light" color="gray">
                      {type}
                    </Badge>
                  </Group>
                }
                aria-label={name}
                value={texts[name] ?? ''}
                disabled={disabled}
                onChange={(event) => onChange(name, event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              {onSelect && (
                <Tooltip
                  label={active ? 'Click the element in the browser' : 'Select content in the browser'}
                >
                  <ActionIcon
                    size={30}
                    variant={active ? 'filled' : 'light'}
                    aria-label={`Select content for ${name}`}
                    aria-pressed={active}
                    disabled={disabled}
                    onClick={() => onSelect(active ? null : name)}
                  >
                    <IconClick size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
