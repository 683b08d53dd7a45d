import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DOCS_PATH } from '@proctor/contracts';
import { IconBook2, IconKey, IconUsersPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths';

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <ThemeIcon variant="light" size={36} radius="md">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

/** What Proctor is and the first things to do on it. */
export function Introduction({ userName, organizationName }: { userName: string; organizationName: string }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>Welcome, {userName}</Title>
        <Text c="dimmed" maw={760}>
          Proctor keeps simulated web applications and the test cases that state what each task should change
          in them, for judging browser-operating agents. You are working in{' '}
          <Text span fw={600} c="dark">
            {organizationName}
          </Text>
          .
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Step icon={<IconUsersPlus size={20} />} title="Invite your team">
          Bring colleagues into your organization from the{' '}
          <Anchor component={Link} to={paths.organization} size="sm">
            Organization
          </Anchor>{' '}
          page.
        </Step>
        <Step icon={<IconKey size={20} />} title="Get your API key">
          Your organization's key is on the{' '}
          <Anchor component={Link} to={paths.settings} size="sm">
            Settings
          </Anchor>{' '}
          page; agents and scripts use it.
        </Step>
        <Step icon={<IconBook2 size={20} />} title="Read the API reference">
          Every call is described in the{' '}
          <Anchor href={DOCS_PATH} target="_blank" rel="noopener noreferrer" size="sm">
            API docs
          </Anchor>
          , generated from the same schemas the server enforces.
        </Step>
      </SimpleGrid>
    </Stack>
  );
}
