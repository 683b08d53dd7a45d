import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { errorDetail } from '../../../api';
import { socketUrlOfLiveView } from '../../environments';
import { LiveViewCanvas } from '../../live';
import { useBrowserSession } from '../hooks/useBrowserSession';
import { fittedWidth } from '../viewFit';

function Waiting({ label }: { label: string }) {
  return (
    <Center h="100%" mih={200}>
      <Stack align="center" gap="xs" role="status">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * A browser session's live view, scaled to fit the box it is given from the page's 1600x900, centred; a
 * spinner while it loads, and why when it cannot be shown (not found, closed, failed). `bare` leaves out the
 * status bar, for an embedded view that fills its frame exactly.
 */
export function BrowserSessionView({ publicId, bare = false }: { publicId: string; bare?: boolean }) {
  const session = useBrowserSession(publicId);
  const { ref, width, height } = useElementSize();
  const viewWidth = fittedWidth({ width, height });

  let content: ReactNode;
  if (session.isPending) content = <Waiting label="Starting the browser…" />;
  else if (session.isError)
    content = (
      <Alert
        color="red"
        variant="light"
        title={errorDetail(session.error)}
        data-testid="browser-session-error"
      />
    );
  else if (session.data.status !== 'running' || !session.data.liveViewUrl)
    content = (
      <Alert
        color="gray"
        variant="light"
        title={`This browser session is ${session.data.status}`}
        data-testid="browser-session-ended"
      >
        {session.data.error}
      </Alert>
    );
  else if (viewWidth <= 0) content = <Waiting label="Connecting to the live view…" />;
  else
    content = (
      <LiveViewCanvas
        socketUrl={socketUrlOfLiveView(session.data.liveViewUrl)}
        width={viewWidth}
        bare={bare}
      />
    );
  return (
    <Box ref={ref} w="100%" h="100%" data-testid="browser-session-view">
      <Center h="100%" style={{ alignItems: 'flex-start' }}>
        <Box w={viewWidth > 0 ? viewWidth : '100%'}>{content}</Box>
      </Center>
    </Box>
  );
}
