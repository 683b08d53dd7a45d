import { ActionIcon, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import type { LiveNavigateMessage, LiveViewStatus } from '@proctor/contracts';
import { IconArrowLeft, IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { LiveConnection } from '../hooks/useLiveViewSocket';

/** Seconds left until `at`, refreshed every second while there are any. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

function connectionLabel(connection: LiveConnection, seconds: number): { label: string; color: string } {
  switch (connection.state) {
    case 'connecting':
      return { label: 'Connecting…', color: 'yellow' };
    case 'live':
      return { label: 'Live', color: 'green' };
    case 'reconnecting':
      return { label: seconds > 0 ? `Reconnecting in ${seconds} s…` : 'Reconnecting…', color: 'orange' };
    case 'ended':
      return { label: connection.reason, color: 'gray' };
  }
}

/** Under the canvas: whether the view is live, the followed tab's address, and its history buttons. */
export function LiveViewStatusBar({
  connection,
  status,
  onNavigate,
}: {
  connection: LiveConnection;
  status: LiveViewStatus | null;
  onNavigate: (action: LiveNavigateMessage['action']) => void;
}) {
  const seconds = useSecondsUntil(connection.state === 'reconnecting' ? connection.retryAt : undefined);
  const { label, color } = connectionLabel(connection, seconds);
  const live = connection.state === 'live';
  const tab = live ? status?.tab : null;
  const canDrive = live && (status?.control ?? false);

  return (
    <Group gap="xs" wrap="nowrap" px={4} mih={28}>
      <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
        <Box w={8} h={8} bg={color} style={{ borderRadius: '50%', flexShrink: 0 }} />
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      </Group>
      {canDrive && (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Back">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="Back"
              disabled={!tab?.canGoBack}
              onClick={() => onNavigate('back')}
            >
              <IconArrowLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Forward">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="Forward"
              disabled={!tab?.canGoForward}
              onClick={() => onNavigate('forward')}
            >
              <IconArrowRight size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Reload">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="Reload"
              disabled={!tab}
              onClick={() => onNavigate('reload')}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Text size="sm" c="dimmed" truncate="end" style={{ flex: 1, minWidth: 0 }} title={tab?.url}>
        {live && status && !status.tab ? 'No page open' : (tab?.url ?? '')}
      </Text>
      {live && status && !status.control && (
        <Badge variant="light" color="gray" size="sm">
          View only
        </Badge>
      )}
      {live && status && status.viewers > 1 && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {status.viewers} watching
        </Text>
      )}
    </Group>
  );
}
