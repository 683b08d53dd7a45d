import { Alert, Box, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { LAYOUT } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { errorDetail } from '../../../api';
import { useSignedInUser } from '../../auth';
import { socketUrlOfLiveView, useEnvironmentState } from '../../environments';
import { LiveViewCanvas } from '../../live';

const REFERENCE = LAYOUT.liveViewReference;
export const LIVE_VIEW_UNREACHABLE = 'The live view of this session cannot be reached';

/**
 * A running session's environment, live (000 §2.5): the live view at the 1310x800 reference size, scaled
 * down only. Its address comes from the environment's state, which needs playground_access; without it,
 * or when the environment no longer runs, the page says so instead of showing a blank frame.
 */
export function SessionLiveView({
  environmentId,
  whenUnreachable,
}: {
  environmentId: string;
  /** Shown under the notice when the live view cannot be reached: the steps recorded so far. */
  whenUnreachable: ReactNode;
}) {
  const user = useSignedInUser();
  const canWatch = user.permissions.playground_access;
  const state = useEnvironmentState(environmentId, canWatch);
  const { ref, width } = useElementSize();
  const viewWidth = Math.min(width, REFERENCE.width);

  if (!canWatch || state.isError) {
    return (
      <Stack gap="md">
        <Alert
          color={canWatch ? 'orange' : 'gray'}
          variant="light"
          title={LIVE_VIEW_UNREACHABLE}
          data-testid="live-view-unavailable"
        >
          {canWatch ? errorDetail(state.error) : 'Watching a running environment needs playground access.'}
        </Alert>
        {whenUnreachable}
      </Stack>
    );
  }
  return (
    <Box ref={ref} w="100%">
      <Paper
        withBorder
        radius="md"
        w={viewWidth || '100%'}
        style={{ overflow: 'hidden' }}
        data-testid="session-live-view"
      >
        {state.data && viewWidth > 0 ? (
          <LiveViewCanvas socketUrl={socketUrlOfLiveView(state.data.live_view_url)} width={viewWidth} />
        ) : (
          <Center h={(viewWidth * REFERENCE.height) / REFERENCE.width} mih={240} bg="gray.0">
            <Stack align="center" gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Connecting to the live view…
              </Text>
            </Stack>
          </Center>
        )}
      </Paper>
    </Box>
  );
}
