import { Alert, Box, Button, Center, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { pagePoint, VIEWPORT, viewerAddress } from '../remoteBrowserView';

/**
 * A page's remote browser (the builder's, the AI browser's, the demo's; 002 §2.8–2.10): the embeddable live view
 * of its browser session in an iframe, kept at the page's 1600x900 shape so it scales evenly; a spinner until it
 * shows, the server's message when no browser could be had ('No browsers available. …'). While an element is being
 * picked (the builder), a click on it goes to `onPick` with the page's coordinates instead of to the page.
 */
export function RemoteBrowser({
  browserSessionId,
  failure,
  onRetry,
  isBuilder = false,
  picking = false,
  onPick,
}: {
  browserSessionId: string | null;
  failure: string | null;
  onRetry: () => void;
  isBuilder?: boolean;
  picking?: boolean;
  onPick?: (point: { x: number; y: number }) => void;
}) {
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const loading = browserSessionId !== null && loadedFor !== browserSessionId;

  if (failure) {
    return (
      <Alert color="red" variant="light" title={failure} data-testid="remote-browser-failure">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Box
      pos="relative"
      w="100%"
      style={{ aspectRatio: `${VIEWPORT.width} / ${VIEWPORT.height}`, borderRadius: 8, overflow: 'hidden' }}
      bg="gray.1"
      data-testid="remote-browser"
    >
      {browserSessionId && (
        <iframe
          key={browserSessionId}
          title="Remote browser"
          src={viewerAddress(browserSessionId, { isBuilder })}
          onLoad={() => setLoadedFor(browserSessionId)}
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      )}
      {(browserSessionId === null || loading) && (
        <Center pos="absolute" inset={0}>
          <Stack align="center" gap="xs" role="status">
            <Loader />
            <Text size="sm" c="dimmed">
              Starting the browser…
            </Text>
          </Stack>
        </Center>
      )}
      {picking && onPick && browserSessionId && (
        <Overlay
          backgroundOpacity={0.08}
          color="#4c6ef5"
          zIndex={5}
          data-testid="pick-overlay"
          aria-label="Click the element to pick"
          style={{ cursor: 'crosshair' }}
          onClick={(event) =>
            onPick(
              pagePoint(event.currentTarget.getBoundingClientRect(), { x: event.clientX, y: event.clientY }),
            )
          }
        />
      )}
    </Box>
  );
}
