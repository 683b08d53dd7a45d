import { Badge } from '@mantine/core';
import type { HubBuildStatus } from '@proctor/contracts';
import { BUILD_STATUS } from '../hubBuilds';

/** A hub-built version's build status: a coloured dot and its word, which is also what a screen reader says. */
export function BuildStatusBadge({ status }: { status: HubBuildStatus }) {
  const { label, color } = BUILD_STATUS[status];
  return (
    <Badge
      variant="dot"
      color={color}
      radius="sm"
      tt="none"
      data-testid="build-status"
      data-status={status}
      // The word whole, never an ellipsis: a narrow table cell would otherwise cut it to its first letter.
      styles={{ label: { overflow: 'visible' } }}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
