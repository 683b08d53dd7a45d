import { Alert, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useSignedInUser } from '../../auth';
import { ContactTab } from '../components/ContactTab';
import { OrganizationsTab } from '../components/OrganizationsTab';
import { UsersTab } from '../components/UsersTab';
import { TestRunDumpsTab } from '../testRuns/TestRunDumpsTab';
import { VersionsTab } from '../versions/VersionsTab';

/**
 * The admin screen's tabs, in the spec's order (002 §2.3): Users, Organizations, Versions, Test Run Dumps, then
 * Contact. Versions and Test Run Dumps are folders of their own.
 */
const ADMIN_TABS: ReadonlyArray<{ value: string; label: string; panel: () => ReactNode }> = [
  { value: 'users', label: 'Users', panel: () => <UsersTab /> },
  { value: 'organizations', label: 'Organizations', panel: () => <OrganizationsTab /> },
  { value: 'versions', label: 'Versions', panel: () => <VersionsTab /> },
  { value: 'test-run-dumps', label: 'Test Run Dumps', panel: () => <TestRunDumpsTab /> },
  { value: 'contact', label: 'Contact', panel: () => <ContactTab /> },
];

/** /admin for platform admins; the server refuses every admin call to anyone else. */
export function AdminPage() {
  const user = useSignedInUser();
  if (!user.permissions.is_admin)
    return (
      <Alert color="gray" title="Admin">
        This page is for platform admins.
      </Alert>
    );
  return (
    <Stack gap={0}>
      <PageHeader
        title="Admin"
        description="Users, organizations, simulator versions and the questions people sent."
      />
      <Tabs defaultValue={ADMIN_TABS[0]!.value} keepMounted={false}>
        <Tabs.List>
          {ADMIN_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.panel()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
