import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';

/** The Proctor mark and name. */
export function Brand({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const icon = { sm: 26, md: 30, lg: 38 }[size];
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={icon} radius="md" variant="filled">
        <IconGavel size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 22 : size === 'md' ? 18 : 15} lts={-0.3}>
        Proctor
      </Text>
    </Group>
  );
}
