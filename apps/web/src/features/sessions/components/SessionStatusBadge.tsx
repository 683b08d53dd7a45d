import { Badge, Loader } from '@mantine/core';
import { sessionStatusDisplay } from '../sessionStatus';

/** A session's status with the label, colour and spinner of 000 §4.1. */
export function SessionStatusBadge({
  session,
}: {
  session: { status?: string | null; endedAt?: string | null } | null;
}) {
  const status = sessionStatusDisplay(session);
  return (
    <Badge
      variant="light"
      radius="sm"
      tt="none"
      color={status.color}
      leftSection={status.spinner ? <Loader size={10} color={status.color} aria-hidden /> : undefined}
      data-testid="session-status"
      data-status={session?.status ?? ''}
    >
      {status.label}
    </Badge>
  );
}
