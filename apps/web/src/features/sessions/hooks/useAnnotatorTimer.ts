import { useCallback, useState } from 'react';
import { elapsedSeconds } from '../annotatorTimer';

export interface AnnotatorTimer {
  /** When the page opened, epoch milliseconds. */
  startedAt: number;
  /** When the score was saved; null while the timer runs. */
  completedAt: number | null;
  /** Seconds on the session so far (until completion), sent with the score as session_time. */
  seconds: () => number;
  complete: () => void;
}

/**
 * The annotator's timer (000 §2.5): it starts when the session page opens and stops when their score is
 * saved. It holds only the start and the end; <AnnotatorTimerDisplay> ticks, so the page does not render
 * every second.
 */
export function useAnnotatorTimer(): AnnotatorTimer {
  const [startedAt] = useState(() => Date.now());
  const [completedAt, setCompletedAt] = useState<number | null>(null);
  const seconds = useCallback(
    () => elapsedSeconds(startedAt, completedAt ?? Date.now()),
    [startedAt, completedAt],
  );
  const complete = useCallback(() => setCompletedAt((current) => current ?? Date.now()), []);
  return { startedAt, completedAt, seconds, complete };
}
