import { Alert, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { type HubBuildStatus, LAYOUT, SHORT_HASH_LENGTH } from '@proctor/contracts';
import { useEffect, useRef } from 'react';
import { QueryView, type ViewedQuery } from '../../../components/QueryView';
import { HUB_BUILD_MESSAGES } from '../messages';
import { BuildStatusBadge } from './BuildStatusBadge';

/** What the dialog shows of a build, whichever route read it (the hub's build log or the admin's version log). */
export interface BuildLog {
  status: HubBuildStatus;
  /** Why a failed build failed; null unless failed. */
  reason: string | null;
  log: string;
}

function LogText({ log }: { log: string }) {
  const text = useRef<HTMLPreElement>(null);
  // The newest lines, where a build's result is, are the ones wanted: keep the view at the end as lines come.
  useEffect(() => {
    const element = text.current;
    if (element && log) element.scrollTop = element.scrollHeight;
  }, [log]);
  if (!log)
    return (
      <Text size="sm" c="dimmed">
        {HUB_BUILD_MESSAGES.emptyLog}
      </Text>
    );
  return (
    <Code
      ref={text}
      block
      data-testid="build-log"
      tabIndex={0}
      aria-label="Build log"
      style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {log}
    </Code>
  );
}

/**
 * Whose log the dialog shows: kept after it closes (`opened` false), so that its title and log stay during the
 * closing animation.
 */
export interface BuildLogReading {
  commit: string;
  opened: boolean;
}

/**
 * A build's log, monospace and scrollable; a failed build's reason stands above it. The query is the caller's
 * (it reads the log again while the build goes on).
 */
export function BuildLogDialog({
  reading,
  query,
  onClose,
}: {
  reading: BuildLogReading | null;
  query: ViewedQuery<BuildLog>;
  onClose: () => void;
}) {
  const commit = reading?.commit ?? '';
  return (
    <Modal
      opened={reading?.opened ?? false}
      onClose={onClose}
      title={`Build log of ${commit.slice(0, SHORT_HASH_LENGTH)}`}
      size={LAYOUT.dialogWidths.large}
    >
      <QueryView
        query={query}
        errorTitle={HUB_BUILD_MESSAGES.loadLog}
        loading={{ label: HUB_BUILD_MESSAGES.loadingLog }}
      >
        {(build) => {
          const reason = build.status === 'failed' ? build.reason : null;
          return (
            <Stack gap="sm">
              <Group gap="xs">
                <BuildStatusBadge status={build.status} />
                <Text size="xs" c="dimmed" ff="monospace">
                  {commit}
                </Text>
              </Group>
              {reason && (
                <Alert
                  color="red"
                  variant="light"
                  title={HUB_BUILD_MESSAGES.failedReason}
                  data-testid="build-reason"
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {reason}
                  </Text>
                </Alert>
              )}
              <LogText log={build.log} />
            </Stack>
          );
        }}
      </QueryView>
    </Modal>
  );
}
