import { Paper, Table, Text } from '@mantine/core';
import { DATE_TIME_FORMAT } from '@proctor/contracts';
import dayjs from 'dayjs';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useContactMessages } from '../hooks/useContactMessages';
import { ADMIN_MESSAGES } from '../messages';

/** The questions members sent through the home page's form: who asked what, and when (newest first). */
export function ContactTab() {
  const messages = useContactMessages();
  return (
    <QueryView query={messages} errorTitle={ADMIN_MESSAGES.loadFailed}>
      {(list) => (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="Contact messages" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={220}>From</Table.Th>
                  <Table.Th w={160}>Organization</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th w={180}>Sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.length === 0 && <TableMessage colSpan={4}>No messages yet</TableMessage>}
                {list.map((message) => (
                  <Table.Tr key={message.id} data-testid="contact-message-row">
                    <Table.Td>
                      {message.user ? (
                        <>
                          <Text size="sm" fw={500}>
                            {message.user.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {message.user.email}
                          </Text>
                        </>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Unknown sender
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{message.organization?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {message.message}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dayjs(message.createdAt).format(DATE_TIME_FORMAT)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </QueryView>
  );
}
