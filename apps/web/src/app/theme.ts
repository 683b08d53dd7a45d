import { createTheme, Modal, Table } from '@mantine/core';

/**
 * Inter first (002 §9): the variable font ships with the dashboard (@fontsource-variable/inter, imported
 * in main.tsx) and is served by Proctor itself, so nothing is fetched from an outside font service.
 */
const fontStack =
  '"Inter Variable", Inter, Geist, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  fontFamily: fontStack,
  fontFamilyMonospace:
    '"Geist Mono", "JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontFamily: fontStack, fontWeight: '650' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Modal: Modal.extend({ styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } }),
    Table: Table.extend({
      defaultProps: {
        withRowBorders: true,
        verticalSpacing: 'sm',
        horizontalSpacing: 'md',
        highlightOnHover: true,
      },
    }),
  },
});
