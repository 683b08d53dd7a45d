import { Accordion, Button, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useContactLinks } from '../../../components/contact';
import { paths } from '../../../paths';
import { MarketingLayout } from '../components/MarketingLayout';

const INCLUDED = [
  'Simulators of the web applications your agents must handle',
  'Test cases with known results, each proven by a reference solution in real Chromium',
  'Your whole catalogue through the API, with a key per organization',
  'Organizations, invitations and permissions, with sign-in through your identity provider',
  'Priority support from the people who build Proctor',
];

const QUESTIONS = [
  {
    question: 'Can I try Proctor before talking to anyone?',
    answer:
      'Yes. Proctor is self-hostable: one command starts the whole platform on your own machine, free to try. ' +
      'Move to a custom plan when you want us to run it or extend it for you.',
  },
  {
    question: 'How are payments handled?',
    answer:
      'Proctor itself takes no payments and stores no card details: a custom plan is arranged with you.',
  },
  {
    question: 'Can you build a simulator of our own application?',
    answer:
      "Yes. A simulator is a small app written with Proctor's simulator kit: its own schema, seed data and " +
      "pages, with every database change recorded. Tell us what you need and we'll scope it with you.",
  },
];

export function PricingPage() {
  const contact = useContactLinks();
  return (
    <MarketingLayout>
      <Container size="md" py={72}>
        <Stack gap={48}>
          <Stack gap="xs" align="center" ta="center">
            <Title order={1}>Choose a Plan</Title>
            <Text c="dimmed" maw={560}>
              Every team evaluates different agents on different applications, so every plan is shaped with
              you.
            </Text>
          </Stack>
          <Paper withBorder radius="lg" p="xl" shadow="sm" maw={460} mx="auto" w="100%">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={3}>Custom</Title>
                <Text c="dimmed" size="sm">
                  For teams building, evaluating and training browser agents.
                </Text>
              </Stack>
              <List
                spacing="sm"
                size="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light">
                    <IconCheck size={13} />
                  </ThemeIcon>
                }
              >
                {INCLUDED.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
              {contact ? (
                <Button component="a" href={contact.contactUrl} size="md" fullWidth>
                  Contact Us
                </Button>
              ) : (
                <Button component={Link} to={paths.login()} size="md" fullWidth>
                  Get started
                </Button>
              )}
            </Stack>
          </Paper>
          <Stack gap="md">
            <Title order={3}>Frequently asked questions</Title>
            <Accordion variant="separated" radius="md">
              {QUESTIONS.map((entry) => (
                <Accordion.Item key={entry.question} value={entry.question}>
                  <Accordion.Control>{entry.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm" c="dimmed">
                      {entry.answer}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        </Stack>
      </Container>
    </MarketingLayout>
  );
}
