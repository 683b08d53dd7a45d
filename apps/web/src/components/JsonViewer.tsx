import { Code, ScrollArea } from '@mantine/core';

/** Read-only JSON, pretty-printed, scrolling past `maxHeight`. */
export function JsonViewer({
  value,
  label,
  maxHeight = 420,
}: {
  value: unknown;
  label: string;
  maxHeight?: number;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Code block aria-label={label} data-testid="json-viewer" fz="xs">
        {JSON.stringify(value, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}
