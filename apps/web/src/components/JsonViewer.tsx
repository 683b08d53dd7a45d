import { Code, ScrollArea } from '@mantine/core';

/**
 * Read-only JSON, scrolling past `maxHeight`: pretty-printed, or `compact` on as few lines as the width
 * allows (a table cell).
 */
export function JsonViewer({
  value,
  label,
  maxHeight = 420,
  compact = false,
}: {
  value: unknown;
  label: string;
  maxHeight?: number;
  compact?: boolean;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Code
        block
        aria-label={label}
        data-testid="json-viewer"
        fz="xs"
        style={compact ? { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } : undefined}
      >
        {compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}
