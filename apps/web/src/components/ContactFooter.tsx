import { Anchor, Group, Text } from '@mantine/core';
import { useContactLinks } from './contact';

/** Contact us and Book a demo links (000 §2.3, 002 §2.14). */
export function ContactFooter() {
  const contact = useContactLinks();
  return (
    <Group justify="space-between" gap="md" py="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        Proctor — deterministic simulators and test cases for browser agents.
      </Text>
      {contact && (
        <Group gap="lg">
          <Anchor href={contact.contactUrl} size="sm">
            Contact us
          </Anchor>
          <Anchor href={contact.bookDemoUrl} size="sm">
            Book a demo
          </Anchor>
        </Group>
      )}
    </Group>
  );
}
