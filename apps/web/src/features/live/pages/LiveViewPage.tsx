import { Box, Center, Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { LiveViewCanvas } from '../components/LiveViewCanvas';
import { liveViewSocketUrl } from '../liveViewSocketUrl';

/**
 * /live/{envId}?token=…: the live view of one environment on a page of its own (Open on /public-urls leads
 * here). The token in the address is the viewer's permission; the socket carries it to the server.
 */
export function LiveViewPage() {
  const { envId } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  if (!envId || !token) {
    return (
      <Center mih="100vh" p="md">
        <Text c="dimmed">This live view link is incomplete: it needs an environment and its token.</Text>
      </Center>
    );
  }
  return (
    <Box p="xs">
      <LiveViewCanvas socketUrl={liveViewSocketUrl(window.location.origin, envId, token)} />
    </Box>
  );
}
