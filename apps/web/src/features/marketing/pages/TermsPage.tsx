import { Anchor, Text } from '@mantine/core';
import { useContactLinks } from '../../../components/contact';
import { LegalPage } from '../components/LegalPage';

export function TermsPage() {
  const contact = useContactLinks();
  return (
    <LegalPage
      title="Terms of Service"
      intro="The rules for using this Proctor server."
      sections={[
        {
          heading: 'Your account',
          body:
            'Keep your password and your organization API key secret. You are responsible for what is done with ' +
            'them, including by the scripts and agents that use them.',
        },
        {
          heading: 'Acceptable use',
          body:
            'Use simulators and test cases to build and evaluate agents. Do not use them to attack other ' +
            'systems, to get around the limits of your plan, or to store content you have no right to store.',
        },
        {
          heading: 'Your content',
          body:
            'Test cases, datasets and other data your organization creates remain yours. You let us ' +
            'process them only to provide the service to you.',
        },
        {
          heading: 'Availability',
          body:
            'We work to keep the service running but do not promise it will be uninterrupted. Export what you ' +
            'cannot afford to lose through the API.',
        },
        {
          heading: 'Changes to these terms',
          body: 'When these terms change we publish the new version on this page before it takes effect.',
        },
      ]}
      closing={
        <Text size="sm" c="dimmed">
          {contact ? (
            <>
              Questions? Write to <Anchor href={contact.contactUrl}>{contact.email}</Anchor>.
            </>
          ) : (
            'Questions? Signed-in members can write to the operators through the Questions form on the dashboard.'
          )}
        </Text>
      }
    />
  );
}
