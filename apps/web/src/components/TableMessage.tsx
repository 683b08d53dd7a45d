import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One full-width row of a table that has nothing to list (empty text, a load error). */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" size="sm" ta="center" py="xl">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
