import '@rrweb/replay/dist/style.css';
import { ActionIcon, Alert, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Replayer } from '@rrweb/replay';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { assertReplaySandboxed, REPLAYER_CONFIG } from '../replayerConfig';

type ReplayEvents = ConstructorParameters<typeof Replayer>[0];

interface Viewport {
  width: number;
  height: number;
}

/**
 * The recorded DOM of the session replayed with rrweb (000 §2.5), in an iframe that may not run scripts
 * (see `REPLAYER_CONFIG`); the caller checks there are enough events (`MIN_REPLAY_EVENTS`). It follows the step slider: paused at `offsetMs` (from the first event) unless
 * Play is on. The recorded viewport is scaled down to fit, never up.
 */
export function DomReplay({ events, offsetMs }: { events: readonly unknown[]; offsetMs: number }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const replayerRef = useRef<Replayer | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: frameRef, width } = useElementSize();
  // The latest offset, for a replayer built or restarted after the slider moved.
  const offsetRef = useRef(offsetMs);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let replayer: Replayer;
    try {
      replayer = new Replayer(events as ReplayEvents, { ...REPLAYER_CONFIG, root });
      assertReplaySandboxed(replayer.iframe);
    } catch (error) {
      root.replaceChildren();
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    setFailure(null);
    replayerRef.current = replayer;
    replayer.on('resize', (dimension) => {
      const { width: recordedWidth, height: recordedHeight } = dimension as Viewport;
      if (recordedWidth > 0 && recordedHeight > 0)
        setViewport({ width: recordedWidth, height: recordedHeight });
    });
    replayer.on('finish', () => setPlaying(false));
    replayer.pause(offsetRef.current);
    return () => {
      replayerRef.current = null;
      setPlaying(false);
      replayer.destroy();
      root.replaceChildren();
    };
  }, [events]);

  // The slider moved: show that moment, and stop playing so the replay and the step agree.
  useEffect(() => {
    offsetRef.current = offsetMs;
    replayerRef.current?.pause(offsetMs);
    setPlaying(false);
  }, [offsetMs]);

  const toggle = () => {
    const replayer = replayerRef.current;
    if (!replayer) return;
    if (playing) {
      replayer.pause();
      setPlaying(false);
    } else {
      const current = replayer.getCurrentTime();
      // At the end, Play starts again from the selected step.
      replayer.play(current >= replayer.getMetaData().totalTime ? offsetRef.current : current);
      setPlaying(true);
    }
  };

  const scale = viewport && width > 0 ? Math.min(1, width / viewport.width) : 1;
  return (
    <Box>
      {failure && (
        <Alert color="red" variant="light" title="The DOM recording cannot be replayed" mb="xs">
          {failure}
        </Alert>
      )}
      <Group gap="xs" mb={6}>
        <Tooltip label={playing ? 'Pause' : 'Play'} withArrow>
          <ActionIcon
            variant="light"
            onClick={toggle}
            aria-label={playing ? 'Pause replay' : 'Play replay'}
            disabled={failure !== null}
          >
            {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
          </ActionIcon>
        </Tooltip>
        <Text size="sm" c="dimmed">
          DOM replay{viewport ? ` · ${viewport.width}×${viewport.height}` : ''}
        </Text>
      </Group>
      <Paper
        ref={frameRef}
        withBorder
        radius="md"
        bg="gray.0"
        style={{ overflow: 'hidden' }}
        h={viewport ? viewport.height * scale : 240}
        data-testid="dom-replay"
      >
        <div
          ref={rootRef}
          style={{ transform: `scale(${scale})`, transformOrigin: 'top left', width: viewport?.width }}
        />
      </Paper>
    </Box>
  );
}
