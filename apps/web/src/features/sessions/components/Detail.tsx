import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value in a session panel. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.02em' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A value, or a dimmed dash where there is none. */
export function DetailText({
  children,
  mono = false,
}: {
  children: string | null | undefined;
  mono?: boolean;
}) {
  if (!children)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-word' }}>
      {children}
    </Text>
  );
}
