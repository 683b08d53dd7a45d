import { createTheme, Modal, Table } from '@mantine/core';

/** Inter first (002 §9), then whatever the system offers; nothing is fetched from the network. */
const fontStack =
  'Inter, Geist, "Inter var", system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

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
