import { Badge } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { elapsedSeconds, formatTimer } from '../annotatorTimer';
import type { AnnotatorTimer } from '../hooks/useAnnotatorTimer';

export const TIMER_COMPLETED = 'Completed';
const TICK_MS = 1000;

/** The annotator's timer in the page header (000 §2.5): m:ss or h:mm:ss each second, then Completed. */
export function AnnotatorTimerDisplay({
  timer,
}: {
  timer: Pick<AnnotatorTimer, 'startedAt' | 'completedAt'>;
}) {
  const { startedAt, completedAt } = timer;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (completedAt !== null) return;
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, [completedAt]);

  const completed = completedAt !== null;
  const seconds = elapsedSeconds(startedAt, completedAt ?? now);
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      variant="light"
      color={completed ? 'green' : 'gray'}
      leftSection={completed ? <IconCheck size={14} /> : <IconClock size={14} />}
      role="timer"
      aria-label="Time on this session"
      title={completed ? `Scored after ${formatTimer(seconds)}` : undefined}
      ff={completed ? undefined : 'monospace'}
    >
      {completed ? TIMER_COMPLETED : formatTimer(seconds)}
    </Badge>
  );
}
