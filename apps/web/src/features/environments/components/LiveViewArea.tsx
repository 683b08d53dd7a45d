import { Alert, Box, Loader, Overlay, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type EvaluateEnvironmentResponse, LAYOUT } from '@proctor/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LiveViewCanvas } from '../../live';
import {
  type ActiveEnvironment,
  ENVIRONMENT_OVERLAYS,
  type EnvironmentFailure,
  type EnvironmentPhase,
} from '../hooks/useEnvironmentController';
import { socketUrlOfLiveView } from '../socketUrlOfLiveView';
import { EvaluationResult } from './EvaluationResult';

export const SELECT_ENVIRONMENT = 'Select an environment to start';

const REFERENCE = LAYOUT.liveViewReference;

/**
 * The main area of the playground and the recorder: the live view of the environment at the reference size
 * (1310x800), scaled down only to fit, under the overlay of a busy step; otherwise the start failure, the
 * last evaluation, or the hint to choose an environment (`idle`, the screen's own words under it).
 */
export function LiveViewArea({
  phase,
  environment,
  failure,
  evaluation,
  idle,
}: {
  phase: EnvironmentPhase;
  environment: ActiveEnvironment | null;
  failure: EnvironmentFailure | null;
  evaluation: EvaluateEnvironmentResponse | null;
  idle: ReactNode;
}) {
  const { ref, width } = useElementSize();
  const viewWidth = Math.min(width, REFERENCE.width);
  const overlay = ENVIRONMENT_OVERLAYS[phase];
  const liveViewUrl = environment?.liveViewUrl ?? null;

  return (
    <Box ref={ref} style={{ flex: 1, minWidth: 0 }}>
      {liveViewUrl || overlay ? (
        <Paper
          withBorder
          radius="md"
          pos="relative"
          w={viewWidth || '100%'}
          style={{ overflow: 'hidden' }}
          data-testid="live-view-area"
        >
          {liveViewUrl && viewWidth > 0 ? (
            <LiveViewCanvas socketUrl={socketUrlOfLiveView(liveViewUrl)} width={viewWidth} />
          ) : (
            <Box h={(viewWidth * REFERENCE.height) / REFERENCE.width} mih={240} bg="gray.0" />
          )}
          {overlay && (
            <Overlay color="#fff" backgroundOpacity={0.8} blur={2} center zIndex={5}>
              <Stack align="center" gap="sm" role="status" aria-live="polite">
                <Loader size="md" />
                <Text fw={500} data-testid="environment-overlay">
                  {overlay}
                </Text>
              </Stack>
            </Overlay>
          )}
        </Paper>
      ) : (
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title={failure.message} data-testid="environment-failure">
              {failure.detail}
            </Alert>
          )}
          {evaluation && <EvaluationResult evaluation={evaluation} />}
          <Paper withBorder radius="md" p="xl" bg="gray.0">
            <Stack align="center" gap="sm" py={80}>
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconPlayerPlay size={24} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>{SELECT_ENVIRONMENT}</Text>
              <Text size="sm" c="dimmed" ta="center" maw={420}>
                {idle}
              </Text>
            </Stack>
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
