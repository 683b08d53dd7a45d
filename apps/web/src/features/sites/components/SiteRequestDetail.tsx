import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { SiteRequest } from '@proctor/contracts';
import { Link } from 'react-router';
import { NetworkRequestDetail } from '../../../components/NetworkRequestDetail';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSiteResponse } from '../hooks/useSites';

/**
 * A captured request opened up: where it was captured, then the network viewer's detail with its response, which
 * the list leaves out and is read when the row opens.
 */
export function SiteRequestDetail({ request }: { request: SiteRequest }) {
  const response = useSiteResponse(request.id);
  return (
    <Stack gap={0}>
      <Group gap="lg" px="sm" pt="sm">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Origin{' '}
          </Text>
          <Text span ff="monospace" size="sm">
            {request.originUrl}
          </Text>
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Session{' '}
          </Text>
          <Anchor component={Link} to={paths.session(request.sessionPublicId)} ff="monospace" size="sm">
            {request.sessionPublicId}
          </Anchor>
        </Text>
        {request.startedAt !== null && (
          <Text size="sm" c="dimmed">
            {new Date(request.startedAt).toLocaleString()}
          </Text>
        )}
      </Group>
      <QueryView
        query={response}
        errorTitle="Failed to load the response"
        loading={{ label: 'Loading the response' }}
      >
        {(captured) => (
          <NetworkRequestDetail
            request={{
              url: request.url,
              content_type: request.contentType,
              failed: null,
              truncated: captured.truncated,
              request_body: request.requestBody,
              request_headers: request.requestHeaders,
              response_body: captured.responseBody,
              response_headers: captured.responseHeaders,
            }}
          />
        )}
      </QueryView>
    </Stack>
  );
}
