import '@rrweb/replay/dist/style.css';
import { ActionIcon, Alert, Box, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Replayer } from '@rrweb/replay';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { assertReplaySandboxed, REPLAYER_CONFIG } from '../replayerConfig';

type ReplayEvents = ConstructorParameters<typeof Replayer>[0];

interface Viewport {
  width: number;
  height: number;
}

/** Where the replay waits for events still to arrive: the moment to show, and whether to play on from it. */
interface AwaitedMoment {
  atMs: number;
  play: boolean;
}

/**
 * The recorded DOM of the session replayed with rrweb (000 §2.5), in an iframe that may not run scripts
 * (see `REPLAYER_CONFIG`); the caller checks there are enough events (`MIN_REPLAY_EVENTS`). It follows the step
 * slider: paused at `offsetMs` (from the first event) unless Play is on. The recorded viewport is scaled down to
 * fit, never up. `events` may still grow (the tab's later ranges, until `arrivedUntilMs`, epoch ms, is
 * +Infinity): they are added to the running replayer, and a moment past them waits for them.
 */
export function DomReplay({
  events,
  offsetMs,
  arrivedUntilMs,
}: {
  events: readonly unknown[];
  offsetMs: number;
  arrivedUntilMs: number;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const replayerRef = useRef<Replayer | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [playing, setPlayingState] = useState(false);
  // Whether it plays, for the replayer's callbacks: rrweb says it finished also when a paused replayer showed the
  // last event there is.
  const playingRef = useRef(false);
  const setPlaying = useCallback((play: boolean) => {
    playingRef.current = play;
    setPlayingState(play);
  }, []);
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: frameRef, width } = useElementSize();
  // The latest offset, for a replayer built or restarted after the slider moved.
  const offsetRef = useRef(offsetMs);
  // The latest events and how far they reach, for the replayer's callbacks; how many it was given.
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const arrivedRef = useRef(arrivedUntilMs);
  arrivedRef.current = arrivedUntilMs;
  const addedRef = useRef(0);
  const awaitedRef = useRef<AwaitedMoment | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  // Another tab's events (or the same read again) start another replayer; more of the same tab are added to it.
  const firstEvent = events[0];

  /** Shows `atMs` (playing on from it when asked), or waits for the events that reach it (and follow it, to play). */
  const show = useCallback(
    (replayer: Replayer, atMs: number, play: boolean) => {
      const { startTime, endTime } = replayer.getMetaData();
      const at = startTime + atMs;
      // Past what has arrived; or, to play, at or past its last event (rrweb's timer would have nothing to play).
      const early = at > arrivedRef.current || (play && at >= endTime);
      if (arrivedRef.current !== Number.POSITIVE_INFINITY && early) {
        awaitedRef.current = { atMs, play };
        setAwaiting(true);
        setPlaying(play);
        return;
      }
      awaitedRef.current = null;
      setAwaiting(false);
      if (play) replayer.play(atMs);
      else replayer.pause(atMs);
      setPlaying(play);
    },
    [setPlaying],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: built again only for another first event (see above)
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let replayer: Replayer;
    try {
      replayer = new Replayer(eventsRef.current as ReplayEvents, { ...REPLAYER_CONFIG, root });
      assertReplaySandboxed(replayer.iframe);
    } catch (error) {
      root.replaceChildren();
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    addedRef.current = eventsRef.current.length;
    setFailure(null);
    replayerRef.current = replayer;
    replayer.on('resize', (dimension) => {
      const { width: recordedWidth, height: recordedHeight } = dimension as Viewport;
      if (recordedWidth > 0 && recordedHeight > 0)
        setViewport({ width: recordedWidth, height: recordedHeight });
    });
    // The end of what has arrived is not the end of the tab: play on once the rest is there.
    replayer.on('finish', () => {
      if (!playingRef.current) return;
      if (arrivedRef.current === Number.POSITIVE_INFINITY) setPlaying(false);
      else {
        awaitedRef.current = { atMs: replayer.getCurrentTime(), play: true };
        setAwaiting(true);
      }
    });
    show(replayer, offsetRef.current, false);
    return () => {
      replayerRef.current = null;
      awaitedRef.current = null;
      setAwaiting(false);
      setPlaying(false);
      replayer.destroy();
      root.replaceChildren();
    };
  }, [firstEvent, show, setPlaying]);

  // More of the tab arrived: added to the replayer. rrweb adds them a microtask later, so what waited for them
  // is shown after that (or as it is, once all arrived with nothing new).
  // biome-ignore lint/correctness/useExhaustiveDependencies: arrivedUntilMs (read through arrivedRef) may end the wait
  useEffect(() => {
    const replayer = replayerRef.current;
    if (!replayer) return;
    for (const event of events.slice(addedRef.current)) replayer.addEvent(event as ReplayEvents[number]);
    addedRef.current = Math.max(addedRef.current, events.length);
    const awaited = awaitedRef.current;
    if (awaited)
      void Promise.resolve().then(() => {
        if (replayerRef.current === replayer && awaitedRef.current === awaited)
          show(replayer, awaited.atMs, awaited.play);
      });
  }, [events, arrivedUntilMs, show]);

  // The slider moved: show that moment, and stop playing so the replay and the step agree.
  useEffect(() => {
    offsetRef.current = offsetMs;
    const replayer = replayerRef.current;
    if (replayer) show(replayer, offsetMs, false);
    else setPlaying(false);
  }, [offsetMs, show, setPlaying]);

  const toggle = () => {
    const replayer = replayerRef.current;
    if (!replayer) return;
    if (playing) {
      replayer.pause();
      awaitedRef.current = null;
      setAwaiting(false);
      setPlaying(false);
    } else {
      const current = awaitedRef.current?.atMs ?? replayer.getCurrentTime();
      const ended =
        arrivedUntilMs === Number.POSITIVE_INFINITY && current >= replayer.getMetaData().totalTime;
      // At the end, Play starts again from the selected step.
      show(replayer, ended ? offsetRef.current : current, true);
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
        {awaiting && (
          <Group gap={6} data-testid="dom-replay-awaiting">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading the recording up to this moment…
            </Text>
          </Group>
        )}
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
