import { Box, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconBug, IconDatabase, IconRepeat } from '@tabler/icons-react';
import { useContactLinks } from '../../../components/contact';
import { FeatureCard } from '../components/FeatureCard';
import { MarketingLayout } from '../components/MarketingLayout';

const ANCHOR = 'approach';

export function ResearchPage() {
  const contact = useContactLinks();
  return (
    <MarketingLayout>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap={28} maw={760}>
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} lts={-1}>
            Environments for evaluating your web agents
          </Title>
          <Text size="lg" c="dimmed">
            Live websites change under you, rate-limit you and never tell you what your agent actually did to
            them. Proctor's simulators start every run from the same seeded state and record every change to
            their database, so a task can say exactly what doing it right looks like.
          </Text>
          <Group gap="md">
            <Button
              size="md"
              rightSection={<IconArrowDown size={18} />}
              onClick={() => document.getElementById(ANCHOR)?.scrollIntoView({ behavior: 'smooth' })}
            >
              Learn more
            </Button>
            {contact && (
              <Button component="a" href={contact.bookDemoUrl} size="md" variant="default">
                Talk with us
              </Button>
            )}
          </Group>
        </Stack>
      </Container>

      <Box bg="gray.0" py={72} id={ANCHOR}>
        <Container size="lg">
          <Stack gap="xl">
            <Title order={2}>Our approach</Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <FeatureCard icon={<IconDatabase size={22} />} title="State, not pixels">
                A task is defined by what it should change: the rows inserted, updated and deleted in the
                simulator's database, one net change per row, so a task done in two steps counts like the same
                task done in one. Noise such as timestamps and audit tables can be ignored per simulator.
              </FeatureCard>
              <FeatureCard icon={<IconRepeat size={22} />} title="Reproducible runs">
                Seeded data, clock and randomness mean the same actions give the same mutations. Every
                built-in test case has a reference solution that runs against its simulator in real Chromium,
                so a change to the environment that breaks a task is caught before it ships.
              </FeatureCard>
              <FeatureCard icon={<IconBug size={22} />} title="Mistakes that must fail">
                Each built-in test case also carries a plausible wrong attempt: the neighbouring record, a
                missing step, an extra side effect. It must fail, so a task cannot be passed by accident.
              </FeatureCard>
            </SimpleGrid>
            <Stack gap="xs" maw={760}>
              <Title order={3}>What a test case states</Title>
              <List spacing="xs" size="sm">
                <List.Item>The prompt the agent is given and the page it starts on</List.Item>
                <List.Item>The database changes that complete the task, and nothing more</List.Item>
                <List.Item>Or the answer to return, and the JSON schema that answer must follow</List.Item>
                <List.Item>
                  Its reasoning level, skills and capabilities, to see what a dataset covers
                </List.Item>
              </List>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </MarketingLayout>
  );
}
