import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/** A value linking to its page, or a dimmed dash where there is none. */
export function DetailLink({ to, children }: { to: string | null; children: string | null | undefined }) {
  if (!to || !children) return <DetailText>{null}</DetailText>;
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}
