import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconApi,
  IconArrowRight,
  IconDatabase,
  IconGavel,
  IconLayoutDashboard,
  IconListCheck,
  IconPlayerPlay,
  IconScale,
  IconServer,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/CodeBlock';
import { useContactLinks } from '../../../components/contact';
import { paths } from '../../../paths';
import { CoreLoopIllustration } from '../components/CoreLoopIllustration';
import { FeatureCard } from '../components/FeatureCard';
import { MarketingLayout } from '../components/MarketingLayout';

/** The public landing page (002 §2.14); /landingv2 and /old-landing show it too. */
export function LandingPage() {
  const contact = useContactLinks();
  const tryItOut = (
    <Button component={Link} to={paths.login()} variant="light" w="fit-content">
      Try it out
    </Button>
  );
  return (
    <MarketingLayout>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Stack gap={28} align="flex-start" maw={760}>
          <Badge variant="light" size="lg" radius="sm">
            Early Access · self-hostable
          </Badge>
          <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1} lts={-1}>
            Deterministic web apps and tasks for judging browser agents
          </Title>
          <Text size="lg" c="dimmed">
            Proctor ships simulators of real web applications — a shop, a mail client, a team calendar and an
            issue tracker — and test cases that say which database changes complete each task. Every built-in
            test case has a reference solution that passes in real Chromium, so each task is known to be
            doable, and the same actions always give the same changes. Your agent acts in a live environment —
            a simulator with a Chromium of its own, ready in a fraction of a second — over the Chrome DevTools
            Protocol, and Proctor tells it whether the task was done.
          </Text>
          <Group gap="md">
            <Button component={Link} to={paths.login()} size="md" rightSection={<IconArrowRight size={18} />}>
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
              <Text c="dimmed">Two ways in, one catalogue of simulators and test cases.</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FeatureCard icon={<IconApi size={22} />} title="API" action={tryItOut}>
                Start an environment with the TypeScript SDK, connect Playwright or any CDP client to its
                browser, reset it to a test case, act, and evaluate. Simulators, test cases and datasets are
                there too: every call is described in the API docs and validated against the same schemas.
              </FeatureCard>
              <FeatureCard icon={<IconLayoutDashboard size={22} />} title="Dashboard" action={tryItOut}>
                Try any simulator in the playground and drive its browser yourself in the live view; step
                through every recorded session afterwards; browse each simulator's test cases, edit their
                prompts and scoring, and group them into datasets, with your team invited and each member's
                permissions set.
              </FeatureCard>
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Stack gap="xl">
          <Stack gap={6}>
            <Title order={2}>How it works</Title>
            <Text c="dimmed">Tasks whose right result is written down and proven reachable.</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <FeatureCard icon={<IconDatabase size={22} />} title="Deterministic simulators">
              Each instance owns an isolated database seeded from the simulator's dataset. Every insert,
              update and delete lands in a mutation log; reset restores the seed in milliseconds, and clock
              and randomness are seeded.
            </FeatureCard>
            <FeatureCard icon={<IconListCheck size={22} />} title="Test cases with known results">
              A test case gives a prompt and a start page, and states the database changes that finish the
              task or the answer to return, with its JSON schema. Each built-in one comes with a reference
              solution that must pass and a plausible mistake that must fail.
            </FeatureCard>
            <FeatureCard icon={<IconPlayerPlay size={22} />} title="Every session recorded">
              Whoever drives the browser, an agent over CDP or a person in the live view, each action is kept
              as a step with screenshots and the element it touched, the page's DOM for a sandboxed replay,
              the network requests with credentials redacted, and the database changes it made.
            </FeatureCard>
            <FeatureCard icon={<IconGavel size={22} />} title="Scored when it ends">
              Each session is judged by its test case's expected changes and answer, by your own scoring
              endpoint or a judge on any OpenAI-compatible model, and a scorer that cannot judge is never held
              against the agent. Expected changes for new tasks are generated from runs people judged correct.
            </FeatureCard>
            <FeatureCard icon={<IconScale size={22} />} title="People reach a consensus">
              Reviewers score sessions Correct or Fail; three or more assessments make a consensus and a super
              scorer decides a split. Every pass rate carries its sample size and 95% interval, and a health
              check flags a task whose scoring no longer matches its reference solution or its reviewers.
            </FeatureCard>
            <FeatureCard icon={<IconUsersGroup size={22} />} title="Organizations and access">
              Sign in with a local account or your OpenID Connect provider, invite your team into an
              organization, and grant each member only the permissions they need.
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
                One Node process with an embedded database serves the API, its documentation and the
                dashboard. When you outgrow the embedded database, point Proctor at PostgreSQL with
                DATABASE_URL; the same migrations run on both.
              </Text>
            </Stack>
            <CodeBlock label="From a checkout of Proctor" code={'npm ci\nnpm start'} />
          </SimpleGrid>
        </Container>
      </Box>
    </MarketingLayout>
  );
}
