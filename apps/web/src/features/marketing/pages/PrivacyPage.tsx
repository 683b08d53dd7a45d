import { Anchor, Text } from '@mantine/core';
import { useContactLinks } from '../../../components/contact';
import { LegalPage } from '../components/LegalPage';

export function PrivacyPage() {
  const contact = useContactLinks();
  return (
    <LegalPage
      title="Privacy Policy"
      intro="How this Proctor server handles the information you give it."
      sections={[
        {
          heading: 'Information we collect',
          body:
            'Your name, e-mail address and a hash of your password when you create an account; the organization ' +
            'you create or join; the simulators, test cases and datasets you create; ' +
            'messages you send through the contact form; and technical records such as sign-in times.',
        },
        {
          heading: 'How we use it',
          body:
            'To sign you in, to keep the simulators, test cases and datasets of your organization, to show your work to the ' +
            'members of your organization, to answer your messages, and to keep the service secure. We do not ' +
            'sell your information.',
        },
        {
          heading: 'Security',
          body:
            'Passwords are stored only as salted hashes, API keys are scoped to one organization, and every ' +
            'permission is enforced on the server.',
        },
        {
          heading: 'Third-party links',
          body:
            'Simulated applications and documentation may link to other sites. Their owners, not us, decide what ' +
            'those sites collect; read their policies before you give them anything.',
        },
        {
          heading: 'Changes to this policy',
          body:
            'When this policy changes we publish the new version on this page. Material changes are announced to ' +
            'account holders before they take effect.',
        },
      ]}
      closing={
        <Text size="sm" c="dimmed">
          {contact ? (
            <>
              Questions about your data? Write to <Anchor href={contact.contactUrl}>{contact.email}</Anchor>.
            </>
          ) : (
            'Questions? Signed-in members can write to the operators through the Questions form on the dashboard.'
          )}
        </Text>
      }
    />
  );
}
