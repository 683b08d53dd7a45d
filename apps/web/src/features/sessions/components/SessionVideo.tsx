import { Group, Loader, Paper, Text } from '@mantine/core';
import type { useSessionVideo } from '../hooks/useSessionVideo';

export const VIDEO_FAILED = 'The video could not be read';

function Statement({ children, testId }: { children: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid={testId}>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}

/**
 * The session's video (made on the server from its screenshots, each shown until the next step), or plainly why
 * there is none: no encoder on the server, the session still running, nothing recorded, or a failed rendering.
 */
export function SessionVideo({ video }: { video: ReturnType<typeof useSessionVideo> }) {
  const { answer, file } = video;
  if (answer.isError)
    return <Statement testId="session-video-missing">{`${VIDEO_FAILED}: ${answer.error.message}`}</Statement>;
  const status = answer.data?.status;
  if (status === 'unavailable' || status === 'failed')
    return <Statement testId="session-video-missing">{answer.data?.detail ?? VIDEO_FAILED}</Statement>;
  if (file.isError) return <Statement testId="session-video-missing">{VIDEO_FAILED}</Statement>;
  if (status !== 'ready' || !file.objectUrl)
    return (
      <Group gap="xs" justify="center" p="lg" data-testid="session-video-rendering">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {status === 'rendering' ? 'Making the video from the session’s screenshots…' : 'Loading the video…'}
        </Text>
      </Group>
    );
  return (
    // The video has no sound and no words: a caption track would be empty.
    // biome-ignore lint/a11y/useMediaCaption: a silent recording of screenshots
    <video
      src={file.objectUrl}
      controls
      aria-label="Session video"
      data-testid="session-video"
      style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
    />
  );
}
