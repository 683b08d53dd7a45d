import { Box, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CONSENSUS_MIN_ASSESSMENTS, HUMAN_SCORES_PER_SESSION } from '@proctor/contracts';
import { IconArrowDown, IconDatabase, IconRepeat, IconScale } from '@tabler/icons-react';
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
            them. Proctor's simulators give every run the same starting state and record every change, so
            results are comparable across agents, models and weeks.
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
              <FeatureCard icon={<IconDatabase size={22} />} title="State, not screenshots">
                A task is judged by what it changed: the rows inserted, updated and deleted in the simulator's
                database, compared with the mutations that correct human sessions produced. Noise such as
                timestamps and session tables can be ignored per simulator.
              </FeatureCard>
              <FeatureCard icon={<IconRepeat size={22} />} title="Reproducible runs">
                Seeded data, clock and randomness mean the same actions give the same mutations. Reference
                sessions can be replayed against new simulator versions to catch regressions in the
                environment itself.
              </FeatureCard>
              <FeatureCard icon={<IconScale size={22} />} title="Humans where it matters">
                Every session can collect up to {HUMAN_SCORES_PER_SESSION} human scores; consensus needs at
                least {CONSENSUS_MIN_ASSESSMENTS}, and a super scorer settles conflicts. Disagreement between
                automatic and human verdicts is surfaced, not averaged away.
              </FeatureCard>
            </SimpleGrid>
            <Stack gap="xs" maw={760}>
              <Title order={3}>What you can measure</Title>
              <List spacing="xs" size="sm">
                <List.Item>
                  Task success by state-mutation match, output match or JSON-schema validity
                </List.Item>
                <List.Item>
                  Criteria judged by a language model you configure, with per-criterion reasons
                </List.Item>
                <List.Item>Action sequences, step counts and session durations across a dataset</List.Item>
                <List.Item>Agent against agent on the same test cases, run after run</List.Item>
              </List>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </MarketingLayout>
  );
}
