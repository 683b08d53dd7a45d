import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatElapsed, secondsBetween } from '../trainerOutput';

/** The time since `since` as HH:mm:ss, ticking every second (002 §2.11); stopped at `until` once the session ended. */
export function ElapsedTimer({ since, until }: { since: string; until: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  const end = until ? Date.parse(until) : now;
  return (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      radius="sm"
      ff="monospace"
      aria-label="Elapsed time"
      data-testid="trainer-timer"
    >
      {formatElapsed(secondsBetween(Date.parse(since), end))}
    </Badge>
  );
}
