import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconApi,
  IconArrowRight,
  IconDatabase,
  IconEye,
  IconPlayerPlay,
  IconScale,
  IconServer,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/CodeBlock';
import { useContactLinks } from '../../../components/contact';
import { CoreLoopIllustration } from '../components/CoreLoopIllustration';
import { FeatureCard } from '../components/FeatureCard';
import { MarketingLayout } from '../components/MarketingLayout';

/** The public landing page (002 §2.14); /landingv2 and /old-landing show it too. */
export function LandingPage() {
  const contact = useContactLinks();
  return (
    <MarketingLayout>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap={28} align="flex-start" maw={760}>
          <Badge variant="light" size="lg" radius="sm">
            Early Access · self-hostable
          </Badge>
          <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1} lts={-1}>
            Judge browser agents on the web apps they will actually use
          </Title>
          <Text size="lg" c="dimmed">
            Proctor runs AI agents and people in deterministic simulators of real web applications, records
            every step they take, and scores each session against the state changes the task should cause. The
            same run gives the same mutations, so a score means something.
          </Text>
          <Group gap="md">
            <Button component={Link} to="/login" size="md" rightSection={<IconArrowRight size={18} />}>
              Get started
            </Button>
            {contact && (
              <Button component="a" href={contact.bookDemoUrl} size="md" variant="default">
                Talk with us
              </Button>
            )}
          </Group>
        </Stack>
        <Box mt={56}>
          <CoreLoopIllustration />
        </Box>
      </Container>

      <Box bg="gray.0" py={72}>
        <Container size="lg">
          <Stack gap="xl">
            <Stack gap={6}>
              <Title order={2}>Get started</Title>
              <Text c="dimmed">Two ways in, one record of what happened.</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FeatureCard
                icon={<IconApi size={22} />}
                title="API"
                action={
                  <Button component={Link} to="/login" variant="light" w="fit-content">
                    Try it out
                  </Button>
                }
              >
                Create an environment, let your agent drive it over the Chrome DevTools Protocol or the step
                protocol, and read the scores back. Every call is validated against a published schema.
              </FeatureCard>
              <FeatureCard
                icon={<IconPlayerPlay size={22} />}
                title="Playground"
                action={
                  <Button component={Link} to="/login" variant="light" w="fit-content">
                    Try it out
                  </Button>
                }
              >
                Open a simulator in your browser, act in it yourself, and watch the mutations your actions
                cause: the fastest way to write the test case your agent will face.
              </FeatureCard>
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Stack gap="xl">
          <Stack gap={6}>
            <Title order={2}>How it works</Title>
            <Text c="dimmed">Scores you can reproduce, from sessions you can replay.</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <FeatureCard icon={<IconDatabase size={22} />} title="Deterministic simulators">
              Each instance owns an isolated database seeded from the simulator's dataset. Every insert,
              update and delete lands in a mutation log; reset restores the seed in milliseconds, and clock
              and randomness are seeded.
            </FeatureCard>
            <FeatureCard icon={<IconEye size={22} />} title="Vision + DOM">
              Sessions keep before-and-after screenshots with the acted-on element outlined, the DOM as it
              changed, network requests and logs, whether a person, a scripted agent or a computer-use model
              drove the page.
            </FeatureCard>
            <FeatureCard icon={<IconScale size={22} />} title="Automatic and human scoring">
              State-mutation match, output match, JSON schema checks and LLM-judged criteria run when a
              session ends; annotators add human scores until at least three agree.
            </FeatureCard>
          </SimpleGrid>
        </Stack>
      </Container>

      <Box bg="gray.0" py={72}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="md">
              <Group gap="sm">
                <IconServer size={26} color="var(--mantine-color-indigo-6)" />
                <Title order={2}>Run it yourself</Title>
              </Group>
              <Text c="dimmed">
                One Node process with an embedded database is the whole platform: API, dashboard and
                simulators. When you outgrow the embedded database, point Proctor at PostgreSQL with
                DATABASE_URL; the same migrations run on both.
              </Text>
            </Stack>
            <CodeBlock label="From a checkout of Proctor" code={'npm install\nnpm start'} />
          </SimpleGrid>
        </Container>
      </Box>
    </MarketingLayout>
  );
}
