import { Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ContactFooter } from '../../../components/ContactFooter';
import { useSignedInUser } from '../../auth';
import { Introduction } from '../components/Introduction';
import { QuestionsForm } from '../components/QuestionsForm';
import { QuickStart } from '../components/QuickStart';

/**
 * Home (000 §2.3): annotators get the human recorder dashboard (`annotatorHome`, given by the router so that
 * home does not import that feature), everyone else an introduction.
 */
export function HomePage({ annotatorHome }: { annotatorHome: ReactNode }) {
  const user = useSignedInUser();
  const organization = user.organization;
  if (!organization) return null;
  if (organization.isAnnotator) return annotatorHome;
  return (
    <Stack gap="xl" maw={1100}>
      <Introduction userName={user.name} organizationName={organization.name} />
      <QuickStart apiKey={organization.apiKey} organizationName={organization.name} />
      <QuestionsForm />
      <Stack gap={0}>
        <Divider />
        <ContactFooter />
      </Stack>
    </Stack>
  );
}
