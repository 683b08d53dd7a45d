import { Badge } from '@mantine/core';
import { simulatorStatusColor, vocabularyLabel } from '@proctor/contracts';

/** The read-only status of a simulator in the colours of 001 §4.1. */
export function SimulatorStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={simulatorStatusColor(status)} variant="light" radius="sm" tt="none" fw={600}>
      {vocabularyLabel(status)}
    </Badge>
  );
}
