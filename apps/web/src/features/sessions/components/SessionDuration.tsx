import { Text } from '@mantine/core';
import { NO_FIGURE, type SessionSummary } from '@proctor/contracts';
import { formatSessionDuration, formatSlotWait } from '../sessionFormat';

/** A session's duration, from its start, with a queued run's wait for a slot said apart beneath it. */
export function SessionDuration({
  session,
}: {
  session: Pick<SessionSummary, 'sessionDuration' | 'slotWaitSeconds'>;
}) {
  const duration = formatSessionDuration(session.sessionDuration);
  const wait = formatSlotWait(session.slotWaitSeconds);
  return (
    <div>
      <Text size="sm" c={duration === NO_FIGURE ? 'dimmed' : undefined}>
        {duration}
      </Text>
      {wait && (
        <Text size="xs" c="dimmed">
          {wait}
        </Text>
      )}
    </div>
  );
}
