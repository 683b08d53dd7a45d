import { Box, Code, Group, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NetworkRequestView } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { CopyIconButton } from './CopyIconButton';
import { HeadersTable } from './HeadersTable';
import { decodeResponseBody } from './responseBody';

function Part({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.02em' }}>
          {label}
        </Text>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function Body({ text, label }: { text: string; label: string }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Code block fz="xs" aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {text}
      </Code>
    </ScrollArea.Autosize>
  );
}

/** What the detail shows of a recorded request: a session's (/network-requests) or a site's (/site-requests). */
export type RecordedRequestDetail = Pick<
  NetworkRequestView,
  | 'url'
  | 'content_type'
  | 'failed'
  | 'truncated'
  | 'request_body'
  | 'response_body'
  | 'request_headers'
  | 'response_headers'
>;

/** One request opened up (000 §2.11): URL, content type, both bodies (the response decoded) and headers. */
export function NetworkRequestDetail({ request }: { request: RecordedRequestDetail }) {
  const response = decodeResponseBody(request.response_body);
  return (
    <Stack gap="md" p="sm" data-testid="network-request-detail">
      <Part label="URL">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {request.url}
        </Text>
      </Part>
      <Part label="Content type">
        <Text size="sm" ff="monospace">
          {request.content_type ?? '—'}
        </Text>
      </Part>
      {request.failed && (
        <Part label="Failed">
          <Text size="sm" c="red">
            {request.failed}
          </Text>
        </Part>
      )}
      {request.truncated && (
        <Text size="xs" c="dimmed">
          A body of this request was larger than the recorder keeps and is cut short.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Part label="Request body">
          {request.request_body ? (
            <Body text={request.request_body} label="Request body" />
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
        </Part>
        <Part
          label="Response body"
          action={
            response.kind === 'text' && (
              <CopyIconButton value={response.text} label="response body" size="sm" />
            )
          }
        >
          {response.kind === 'text' && <Body text={response.text} label="Response body" />}
          {response.kind === 'none' && (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
          {response.kind === 'binary' && (
            <Text size="sm" c="dimmed">
              Binary content, {response.bytes} bytes
            </Text>
          )}
          {response.kind === 'invalid' && (
            <Text size="sm" c="red">
              The recorded body is not valid base64
            </Text>
          )}
        </Part>
        <Part label="Request headers">
          <Box>
            <HeadersTable headers={request.request_headers} label="Request headers" />
          </Box>
        </Part>
        <Part label="Response headers">
          <Box>
            <HeadersTable headers={request.response_headers} label="Response headers" />
          </Box>
        </Part>
      </SimpleGrid>
    </Stack>
  );
}
