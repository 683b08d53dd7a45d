import { Anchor, Box, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { formatOffset } from '../sessionFormat';
import {
  type SessionTimelineModel,
  subtaskOfStep,
  type TimelineReference,
  type TimelineSubtaskMark,
} from '../sessionTimeline';

const LANE_HEIGHT = 18;
const LABEL_WIDTH = 84;

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

function requestColor(status: number | null): string {
  if (status === null) return 'var(--mantine-color-gray-5)';
  if (status >= 400) return 'var(--mantine-color-red-6)';
  if (status >= 300) return 'var(--mantine-color-yellow-6)';
  return 'var(--mantine-color-teal-6)';
}

function Lane({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={0} wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" w={LABEL_WIDTH} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box pos="relative" h={LANE_HEIGHT} style={{ flex: 1 }} bg="gray.0">
        {children}
      </Box>
    </Group>
  );
}

/** A mark on a lane that selects a step. */
function Mark({
  position,
  width,
  color,
  label,
  onClick,
  testId,
  app,
  children,
}: {
  /** The app (or apps) it happened on, in a session of several apps: said in its label too. */
  app?: string;
  position: number;
  width?: number;
  color: string;
  label: string;
  onClick: (() => void) | undefined;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Tooltip label={app ? `${label} · ${app}` : label} withArrow openDelay={150}>
      <UnstyledButton
        aria-label={app ? `${label} · ${app}` : label}
        onClick={onClick}
        disabled={!onClick}
        data-testid={testId}
        data-app={app}
        pos="absolute"
        top={3}
        h={LANE_HEIGHT - 6}
        style={{
          left: percent(position),
          width: width ? `max(3px, ${percent(width)})` : 6,
          marginLeft: width ? 0 : children ? -7 : -3,
          background: color,
          borderRadius: 2,
          opacity: 0.85,
          fontSize: 9,
          lineHeight: `${LANE_HEIGHT - 6}px`,
          color: 'white',
          textAlign: 'center',
          minWidth: children ? 14 : undefined,
        }}
      >
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}

/** Who made the subtasks, as the timeline says it. */
export function subtaskSourceText(source: NonNullable<SessionTimelineModel['subtaskSource']>): string {
  if (source.method === 'model') return 'Subtasks by the language model';
  const rule = 'Subtasks by rule (split at page changes and form submissions)';
  return source.fallbackReason ? `${rule}: ${source.fallbackReason}` : rule;
}

const SUBTASK_COLORS = ['blue', 'teal', 'orange', 'grape'] as const;

/** A subtask as a labelled block over its steps; choosing it selects its first step. */
function SubtaskBlock({
  subtask,
  selected,
  onSelect,
}: {
  subtask: TimelineSubtaskMark;
  selected: boolean;
  onSelect: (index: number) => void;
}) {
  const color = SUBTASK_COLORS[subtask.number % SUBTASK_COLORS.length];
  const label = `Subtask ${subtask.number + 1}: ${subtask.description}`;
  return (
    <Tooltip
      label={subtask.transition ? `${label} → ${subtask.transition}` : label}
      withArrow
      multiline
      maw={360}
      openDelay={150}
    >
      <UnstyledButton
        aria-label={label}
        aria-pressed={selected}
        onClick={() => onSelect(subtask.firstStep)}
        data-testid="timeline-subtask"
        pos="absolute"
        top={1}
        h={SUBTASK_LANE_HEIGHT - 2}
        px={4}
        style={{
          left: percent(subtask.position),
          width: `max(14px, ${percent(subtask.width)})`,
          background: `var(--mantine-color-${color}-${selected ? 6 : 1})`,
          color: selected ? 'white' : `var(--mantine-color-${color}-9)`,
          border: `1px solid var(--mantine-color-${color}-4)`,
          borderRadius: 3,
          fontSize: 11,
          lineHeight: `${SUBTASK_LANE_HEIGHT - 4}px`,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        }}
      >
        {subtask.number + 1}. {subtask.description}
      </UnstyledButton>
    </Tooltip>
  );
}

const SUBTASK_LANE_HEIGHT = 24;

/** The subtasks' lane: each a labelled block over its steps, the selected step's highlighted. */
function SubtaskLane({
  model,
  current,
  onSelect,
}: {
  model: SessionTimelineModel;
  current: TimelineSubtaskMark | null;
  onSelect: (index: number) => void;
}) {
  return (
    <Group gap={0} wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" w={LABEL_WIDTH} style={{ flexShrink: 0 }}>
        Subtasks
      </Text>
      <Box pos="relative" h={SUBTASK_LANE_HEIGHT} style={{ flex: 1 }} bg="gray.0">
        {model.subtasks.map((subtask) => (
          <SubtaskBlock
            key={subtask.number}
            subtask={subtask}
            selected={subtask.number === current?.number}
            onSelect={onSelect}
          />
        ))}
      </Box>
    </Group>
  );
}

/** The selected step's subtask in full, and what made the subtasks. */
function SubtaskCaption({
  source,
  current,
  count,
}: {
  source: NonNullable<SessionTimelineModel['subtaskSource']>;
  current: TimelineSubtaskMark | null;
  count: number;
}) {
  return (
    <Stack gap={2} pl={LABEL_WIDTH}>
      {current && (
        <Text size="sm" data-testid="current-subtask" lineClamp={2}>
          Subtask {current.number + 1} of {count}: {current.description}
          {current.transition ? ` → ${current.transition}` : ''}
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="subtask-source">
        {subtaskSourceText(source)}
        {count === 0 ? ': none in this session' : ''}
      </Text>
    </Stack>
  );
}

const REFERENCE_SOURCES: Record<TimelineReference['source'], string> = {
  test_case: "the test case's reference session",
  oracle: "the latest run of the test case's reference solution",
};

/** Which session the Reference lane shows, with a link to it. */
function ReferenceCaption({ reference }: { reference: TimelineReference }) {
  return (
    <Text size="xs" c="dimmed" pl={LABEL_WIDTH} data-testid="timeline-reference">
      Reference: {REFERENCE_SOURCES[reference.source]} (
      <Anchor component={Link} to={paths.session(reference.sessionId)} size="xs" ff="monospace">
        {reference.sessionId}
      </Anchor>
      ), {reference.steps.length} step{reference.steps.length === 1 ? '' : 's'} from its own start
    </Text>
  );
}

/**
 * Subtasks, steps, network requests and state mutations on one time axis from the session's start (000 §2.5),
 * with the selected step marked across all of them. Choosing any mark selects the step it belongs to (a
 * subtask's: its first step).
 */
export function SessionTimeline({
  model,
  selected,
  onSelect,
}: {
  model: SessionTimelineModel;
  selected: number;
  onSelect: (index: number) => void;
}) {
  const cursor = model.steps[selected]?.position ?? 0;
  const source = model.subtaskSource;
  const current = subtaskOfStep(model, selected);
  return (
    <Stack gap={6} data-testid="session-timeline" aria-label="Timeline">
      <Stack gap={4} pos="relative">
        {source && <SubtaskLane model={model} current={current} onSelect={onSelect} />}
        <Lane label="Steps">
          {model.steps.map((step) => (
            <Mark
              key={step.index}
              position={step.position}
              color={
                step.index === selected ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-indigo-3)'
              }
              label={`Step ${step.index + 1} at ${formatOffset(step.offsetMs)}`}
              app={step.app ?? undefined}
              onClick={() => onSelect(step.index)}
              testId="timeline-step"
            />
          ))}
        </Lane>
        {model.reference && (
          <Lane label="Reference">
            {model.reference.steps.map((step, index) => (
              <Mark
                // biome-ignore lint/suspicious/noArrayIndexKey: the reference's steps are fixed and in order
                key={index}
                position={step.position}
                color="var(--mantine-color-gray-6)"
                label={`${step.label} at ${formatOffset(step.offsetMs)}`}
                onClick={undefined}
                testId="timeline-reference-step"
              />
            ))}
          </Lane>
        )}
        <Lane label="Network">
          {model.requests.map((request) => {
            const stepIndex = request.stepIndex;
            return (
              <Mark
                key={request.id}
                position={request.position}
                width={request.width}
                color={requestColor(request.status)}
                label={`${request.method} ${request.url} → ${request.status ?? 'no response'} at ${formatOffset(request.offsetMs)}`}
                onClick={stepIndex === null ? undefined : () => onSelect(stepIndex)}
                testId="timeline-request"
              />
            );
          })}
        </Lane>
        <Lane label="Mutations">
          {model.mutations.map((mutation) => (
            <Mark
              key={mutation.stepIndex}
              position={mutation.position}
              color="var(--mantine-color-grape-6)"
              label={`${mutation.count} state mutation${mutation.count === 1 ? '' : 's'} during step ${mutation.stepIndex + 1}`}
              app={mutation.apps.length > 0 ? mutation.apps.join(', ') : undefined}
              onClick={() => onSelect(mutation.stepIndex)}
              testId="timeline-mutation"
            >
              {mutation.count}
            </Mark>
          ))}
        </Lane>
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          w={2}
          bg="indigo.7"
          style={{
            left: `calc(${LABEL_WIDTH}px + (100% - ${LABEL_WIDTH}px) * ${cursor})`,
            pointerEvents: 'none',
          }}
          aria-hidden
        />
        <Group justify="space-between" pl={LABEL_WIDTH}>
          <Text size="xs" c="dimmed">
            0:00.0
          </Text>
          <Text size="xs" c="dimmed">
            {formatOffset(model.durationMs)}
          </Text>
        </Group>
      </Stack>
      {source && <SubtaskCaption source={source} current={current} count={model.subtasks.length} />}
      {model.reference && <ReferenceCaption reference={model.reference} />}
    </Stack>
  );
}
