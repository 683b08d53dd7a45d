import { Text } from '@mantine/core';
import type { SessionSummary } from '@proctor/contracts';
import { formatSessionDuration, formatSlotWait } from '../sessionFormat';

/** A session's duration, from its start, with a queued run's wait for a slot said apart beneath it. */
export function SessionDuration({
  session,
}: {
  session: Pick<SessionSummary, 'sessionDuration' | 'slotWaitSeconds'>;
}) {
  const wait = formatSlotWait(session.slotWaitSeconds);
  return (
    <div>
      <Text size="sm">{formatSessionDuration(session.sessionDuration)}</Text>
      {wait && (
        <Text size="xs" c="dimmed">
          {wait}
        </Text>
      )}
    </div>
  );
}
