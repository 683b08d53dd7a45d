import { ActionIcon, Badge, Paper, Table, Text } from '@mantine/core';
import type { NetworkRequestView } from '@proctor/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { TableMessage } from './TableMessage';

/** What a row of the table shows of a recorded request. */
export type RecordedRequestRow = Pick<
  NetworkRequestView,
  'id' | 'method' | 'status' | 'failed' | 'content_type' | 'url'
>;

function statusColor(status: number | null): string {
  if (status === null) return 'gray';
  if (status >= 400) return 'red';
  if (status >= 300) return 'yellow';
  return 'teal';
}

/**
 * The network viewer's table (000 §2.11): method, status, content type and URL; a row opens its detail
 * (NetworkRequestDetail). The site requests page (002 §2.6) adds a column of actions on each request.
 */
export function NetworkRequestsTable<R extends RecordedRequestRow>({
  requests,
  emptyText,
  detail,
  label = 'Network requests',
  actions,
}: {
  requests: readonly R[];
  emptyText: ReactNode;
  detail: (request: R) => ReactNode;
  label?: string;
  actions?: (request: R) => ReactNode;
}) {
  const columns = actions ? 6 : 5;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label={label} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44} />
              <Table.Th w={90}>Method</Table.Th>
              <Table.Th w={90}>Status</Table.Th>
              <Table.Th w={220}>Content type</Table.Th>
              <Table.Th>URL</Table.Th>
              {actions && <Table.Th w={170} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.length === 0 && <TableMessage colSpan={columns}>{emptyText}</TableMessage>}
            {requests.map((request) => {
              const expanded = open.has(request.id);
              return (
                <Fragment key={request.id}>
                  <Table.Tr
                    data-testid="network-request-row"
                    style={{ cursor: 'pointer' }}
                    onClick={() => toggle(request.id)}
                  >
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Hide' : 'Show'} details of ${request.method} ${request.url}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          toggle(request.id);
                        }}
                      >
                        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" fw={600}>
                        {request.method}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" radius="sm" color={statusColor(request.status)}>
                        {request.status ?? (request.failed ? 'failed' : '—')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate="end" title={request.content_type ?? undefined}>
                        {request.content_type ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" truncate="end" title={request.url}>
                        {request.url}
                      </Text>
                    </Table.Td>
                    {actions && (
                      // The row's click opens the detail; an action's does only what it says.
                      <Table.Td onClick={(event) => event.stopPropagation()}>{actions(request)}</Table.Td>
                    )}
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr>
                      <Table.Td colSpan={columns} bg="gray.0">
                        {detail(request)}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
