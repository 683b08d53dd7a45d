import { Table, Text } from '@mantine/core';

/** Request or response headers, one per row, names as recorded (credentials arrive redacted). */
export function HeadersTable({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Table
      aria-label={label}
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing="xs"
      highlightOnHover={false}
    >
      <Table.Tbody>
        {entries.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Td w="30%" style={{ verticalAlign: 'top' }}>
              <Text size="xs" ff="monospace" fw={600} style={{ wordBreak: 'break-all' }}>
                {name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {value}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
