import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { LAYOUT, type SessionSummary } from '@proctor/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { formatSessionDate } from '../sessionFormat';
import { Detail, DetailLink, DetailText } from './Detail';
import { ScoringBadge } from './ScoringBadge';
import { SessionDuration } from './SessionDuration';
import { SessionStatusBadge } from './SessionStatusBadge';

/**
 * The selected session beside the list (000 §2.4, 440 px): what it ran and how it went, with links to the
 * session, its test case and its agent. Selecting the row again or closing the panel closes it.
 */
export function SessionPanel({
  session,
  withOrganization,
  onClose,
}: {
  session: SessionSummary | null;
  withOrganization: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={session !== null}
      onClose={onClose}
      position="right"
      size={LAYOUT.sessionPanelWidth}
      title={session && <Text fw={600}>Session</Text>}
      withOverlay={false}
      shadow="lg"
      lockScroll={false}
      closeButtonProps={{ 'aria-label': 'Close session details' }}
    >
      {session && (
        <Stack gap="md" data-testid="session-panel">
          <Detail label="Session ID">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {session.sessionId}
            </Text>
          </Detail>
          <Group gap="lg">
            <Detail label="Status">
              <SessionStatusBadge session={session} />
            </Detail>
            <Detail label="Score">
              <ScoringBadge badge={session.scoringBadge} reason={session.badgeReason} />
            </Detail>
          </Group>
          {session.failureReason && (
            <Detail label="Failure">
              <DetailText>{session.failureReason}</DetailText>
            </Detail>
          )}
          <Group gap="lg">
            <Detail label="Started at">
              <DetailText>{formatSessionDate(session.startedAt)}</DetailText>
            </Detail>
            <Detail label="Duration">
              <SessionDuration session={session} />
            </Detail>
            <Detail label="Steps">
              <DetailText>{String(session.stepCount)}</DetailText>
            </Detail>
          </Group>
          <Detail label="Test case">
            <DetailLink to={session.testCase ? paths.testCase(session.testCase.publicId) : null}>
              {session.testCase?.name}
            </DetailLink>
          </Detail>
          <Detail label="Agent">
            <DetailLink to={session.agentArtifact ? paths.agent(session.agentArtifact.alias) : null}>
              {session.agentArtifact?.alias}
            </DetailLink>
          </Detail>
          <Detail label="Simulator">
            <DetailText>{session.simulator?.name}</DetailText>
          </Detail>
          {withOrganization && (
            <Detail label="Organization">
              <DetailText>{session.organization?.name}</DetailText>
            </Detail>
          )}
          {session.replayOfSessionId && (
            <Detail label="Replay of">
              <Anchor component={Link} to={paths.session(session.replayOfSessionId)} size="sm" ff="monospace">
                {session.replayOfSessionId}
              </Anchor>
            </Detail>
          )}
          <Button
            component={Link}
            to={paths.session(session.sessionId)}
            rightSection={<IconExternalLink size={14} />}
          >
            Open session
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
