import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { Brand } from './Brand';

/** A single card in the middle of the page: sign-in, joining, creating an organization. */
export function CenteredCard({
  title,
  description,
  children,
  width = 420,
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={width} gap="lg">
        <Center>
          <Anchor component={Link} to={paths.landing} underline="never" c="inherit" aria-label="Proctor home">
            <Brand size="lg" />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="lg">
            {(title || description) && (
              <Stack gap={4}>
                {title && <Title order={3}>{title}</Title>}
                {description && (
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                )}
              </Stack>
            )}
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
