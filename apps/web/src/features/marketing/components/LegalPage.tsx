import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MarketingLayout } from './MarketingLayout';

/** A numbered legal text: privacy policy, terms of service. */
export function LegalPage({
  title,
  intro,
  sections,
  closing,
}: {
  title: string;
  intro: ReactNode;
  sections: Array<{ heading: string; body: ReactNode }>;
  closing?: ReactNode;
}) {
  return (
    <MarketingLayout>
      <Container size="sm" py={64}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{intro}</Text>
          </Stack>
          {sections.map((section, index) => (
            <Stack key={section.heading} gap="xs" component="section">
              <Title order={3}>
                {index + 1}. {section.heading}
              </Title>
              <Text size="sm" lh={1.7}>
                {section.body}
              </Text>
            </Stack>
          ))}
          {closing}
        </Stack>
      </Container>
    </MarketingLayout>
  );
}
