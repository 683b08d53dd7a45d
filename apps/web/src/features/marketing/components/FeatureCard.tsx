import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function FeatureCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" h="100%">
      <Stack gap="sm" h="100%">
        <ThemeIcon variant="light" size={42} radius="md">
          {icon}
        </ThemeIcon>
        <Title order={4}>{title}</Title>
        <Text c="dimmed" size="sm" style={{ flex: 1 }}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
