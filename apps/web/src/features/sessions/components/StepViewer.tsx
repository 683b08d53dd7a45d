import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Slider,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import type { SessionDetailResponse } from '@proctor/contracts';
import { IconChevronLeft, IconChevronRight, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { type SessionDomEvents, useSessionDomEvents } from '../hooks/useSessionDomEvents';
import { useSessionVideo } from '../hooks/useSessionVideo';
import { MIN_REPLAY_EVENTS, NO_DOM_RECORDING } from '../replayerConfig';
import { replayTab } from '../replayTab';
import { firstEventTimestamp, replayOffsetMs } from '../replayTiming';
import { appOfUrl, namesApps } from '../sessionApps';
import { sessionTimeline } from '../sessionTimeline';
import { SessionTimeline } from './SessionTimeline';
import { SessionVideo } from './SessionVideo';
import { StepScreenshot } from './StepScreenshot';
import { StepTiles } from './StepTiles';

/** rrweb is large and only this page replays: it loads when a session's steps are first shown. */
const DomReplay = lazy(() => import('./DomReplay').then((module) => ({ default: module.DomReplay })));

const REPLAY_LOADING = <Loader size="sm" aria-label="Loading the DOM replay" />;

const NO_PAGES: readonly string[] = [];

function NoDomRecording() {
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid="dom-replay-empty">
      <Text size="sm" c="dimmed" ta="center">
        {NO_DOM_RECORDING}
      </Text>
    </Paper>
  );
}

/**
 * The DOM replay at `offsetMs` once its first events are read (the rest are added as they arrive), or a plain
 * statement that there is none.
 */
function Replay({ domEvents, offsetMs }: { domEvents: SessionDomEvents; offsetMs: number }) {
  const { events } = domEvents;
  const failure = domEvents.isError && (
    <Text size="sm" c="red">
      The DOM recording could not be read: {domEvents.error?.message}
    </Text>
  );
  if (events.length < MIN_REPLAY_EVENTS) {
    if (failure) return failure;
    return domEvents.complete ? <NoDomRecording /> : REPLAY_LOADING;
  }
  return (
    <>
      {failure}
      <Suspense fallback={REPLAY_LOADING}>
        <DomReplay events={events} offsetMs={offsetMs} arrivedUntilMs={domEvents.arrivedUntilMs} />
      </Suspense>
    </>
  );
}

/** Which recorded tab the replay shows ("Tab 2 of 2"), to switch by hand; only when the session had several. */
function ReplayTabs({
  pages,
  shown,
  onChoose,
}: {
  pages: readonly string[];
  shown: string | null;
  onChoose: (page: string) => void;
}) {
  if (pages.length < 2 || shown === null) return null;
  return (
    <Group gap="sm" mb="xs" data-testid="replay-tabs">
      <Text size="sm" fw={500} data-testid="replay-tab">
        Tab {pages.indexOf(shown) + 1} of {pages.length}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label="Replayed tab"
        value={shown}
        onChange={onChoose}
        data={pages.map((page, i) => ({ value: page, label: `Tab ${i + 1}` }))}
      />
    </Group>
  );
}

export const NOTHING_RECORDED = 'Nothing was recorded for this session';
export const NO_STEPS_RECORDED = 'No steps were recorded for this session';

/**
 * The step-by-step viewer (000 §2.5): the address bar and screenshot of the selected step, the DOM replay
 * kept at the same moment, the "Steps Taken" strip, the timeline, a slider, Previous/Next and "step n / max".
 */
export function StepViewer({
  detail,
  selected,
  onSelect,
}: {
  detail: SessionDetailResponse;
  selected: number;
  onSelect: (index: number) => void;
}) {
  const steps = detail.snapshot.snapshots;
  // The replay's events are read when it is first opened (or at once when there are no steps to show).
  const [tab, setTab] = useState<string | null>('screenshot');
  const [replayOpened, setReplayOpened] = useState(false);
  // Asking for the video makes it (a job on the server): only once its tab is opened.
  const [videoOpened, setVideoOpened] = useState(false);
  const video = useSessionVideo(detail.session.sessionId, videoOpened);
  const replayEnabled = detail.recorded.rrweb && (replayOpened || steps.length === 0);
  // The first tab's answer also lists the tabs; the replay then shows the selected step's tab (read when first
  // needed, kept per tab), or the one picked by hand while that step stays selected.
  const { endedAt } = detail.session;
  const clock = {
    startedAtMs: detail.snapshot.started_at_ms,
    endedAtMs: endedAt ? Date.parse(endedAt) : null,
  };
  const index = Math.min(Math.max(0, selected), steps.length - 1);
  // Previous and Next step from the latest selection, not the rendered one: a second click may come before the
  // first has rendered (the session page keeps the step in its URL, and a navigation renders as a transition),
  // and it must not select the same step again.
  const latest = useRef(index);
  useEffect(() => {
    latest.current = index;
  }, [index]);
  const select = (next: number) => {
    latest.current = Math.min(Math.max(0, next), steps.length - 1);
    onSelect(latest.current);
  };
  const [chosenTab, setChosenTab] = useState<{ step: number; page: string } | null>(null);
  // Which tab is shown is known once the first tab's first range has listed the tabs: the first until then.
  const [firstTabShown, setFirstTabShown] = useState(true);
  const firstTab = useSessionDomEvents(detail.session.sessionId, clock, {
    enabled: replayEnabled,
    shown: firstTabShown,
  });
  const pages = firstTab.pages ?? NO_PAGES;
  const shownTab = useMemo(() => replayTab(steps, index, pages, chosenTab), [steps, index, pages, chosenTab]);
  const otherTab = shownTab !== null && shownTab !== firstTab.page;
  useEffect(() => setFirstTabShown(!otherTab), [otherTab]);
  const otherTabEvents = useSessionDomEvents(
    detail.session.sessionId,
    clock,
    { enabled: replayEnabled && otherTab, shown: true },
    shownTab ?? undefined,
  );
  const domEvents = otherTab ? otherTabEvents : firstTab;
  const { events } = domEvents;
  const showApps = useMemo(() => namesApps(detail), [detail]);
  const timeline = useMemo(
    () =>
      sessionTimeline(steps, detail.network_summary, {
        decomposition: detail.snapshot.action_sequences?.trajectory_decomposition ?? null,
        reference: detail.reference_snapshot,
        apps: showApps
          ? { environmentId: detail.session.job?.jobGroupId ?? null, mutations: detail.state_mutations }
          : null,
      }),
    [
      steps,
      detail.network_summary,
      detail.snapshot.action_sequences,
      detail.reference_snapshot,
      showApps,
      detail.session.job,
      detail.state_mutations,
    ],
  );
  const firstEvent = useMemo(() => firstEventTimestamp(events), [events]);

  if (steps.length === 0) {
    // A tab whose recording begins late has nothing in its first ranges: known only once more is read.
    const reading = !domEvents.isError && !domEvents.complete && events.length < MIN_REPLAY_EVENTS;
    if (detail.recorded.rrweb && (domEvents.isPending || reading)) return REPLAY_LOADING;
    const replayable = detail.recorded.rrweb && (domEvents.isError || events.length >= MIN_REPLAY_EVENTS);
    return (
      <Stack gap="md">
        <Paper withBorder radius="md" p="xl" bg="gray.0" data-testid="nothing-recorded">
          <Text fw={600} ta="center">
            {replayable ? NO_STEPS_RECORDED : NOTHING_RECORDED}
          </Text>
        </Paper>
        {replayable && <Replay domEvents={domEvents} offsetMs={0} />}
      </Stack>
    );
  }

  const step = steps[index];
  if (!step) return null;
  // The page as the action found it: the red box marks where the acted element was then (after a
  // navigation the after-state is another page). The next step's picture is this one's result.
  const shownState = step.before_state?.screenshot_url
    ? step.before_state
    : (step.after_state ?? step.before_state);
  const address = shownState?.current_url ?? '';
  const app = showApps ? appOfUrl(address, detail.session.job?.jobGroupId ?? null) : null;
  const replayOffset =
    firstEvent === null ? 0 : replayOffsetMs(step.offset_ms, detail.snapshot.started_at_ms, firstEvent);

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        {/* Only a multi-simulator session's steps name their app. */}
        {app && (
          <Badge size="lg" radius="sm" variant="outline" color="gray" data-testid="step-app">
            {app}
          </Badge>
        )}
        <TextInput
          aria-label="Address"
          value={address}
          readOnly
          leftSection={<IconWorld size={16} />}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value);
          if (value === 'replay') setReplayOpened(true);
          if (value === 'video') setVideoOpened(true);
        }}
        keepMounted
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="screenshot">Screenshot</Tabs.Tab>
          <Tabs.Tab value="replay">DOM replay</Tabs.Tab>
          <Tabs.Tab value="video">Video</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="screenshot">
          <StepScreenshot state={shownState} />
        </Tabs.Panel>
        <Tabs.Panel value="replay">
          {detail.recorded.rrweb ? (
            <>
              <ReplayTabs
                pages={pages}
                shown={shownTab}
                onChoose={(page) => setChosenTab({ step: index, page })}
              />
              <Replay domEvents={domEvents} offsetMs={replayOffset} />
            </>
          ) : (
            <NoDomRecording />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="video">{videoOpened && <SessionVideo video={video} />}</Tabs.Panel>
      </Tabs>
      <StepTiles steps={steps} selected={index} onSelect={select} />
      <SessionTimeline model={timeline} selected={index} onSelect={select} />
      <Group gap="md" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={index === 0}
          onClick={() => select(latest.current - 1)}
        >
          Previous
        </Button>
        <Slider
          aria-label="Step"
          min={1}
          max={steps.length}
          step={1}
          value={index + 1}
          onChange={(value) => select(value - 1)}
          label={(value) => `Step ${value}`}
          style={{ flex: 1 }}
          disabled={steps.length === 1}
        />
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          disabled={index === steps.length - 1}
          onClick={() => select(latest.current + 1)}
        >
          Next
        </Button>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="step-counter">
          step {index + 1} / {steps.length}
        </Text>
      </Group>
    </Stack>
  );
}
