import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LAYOUT } from '@proctor/contracts';
import { Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { ViewAsBanner } from '../../features/admin';
import { useAuth } from '../../features/auth';
import { Sidebar } from './Sidebar';

/** The signed-in frame: the 210px side navigation and the page. On small screens the navigation folds away. */
export function DashboardLayout() {
  const auth = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: { base: 52, sm: 0 } }}
      navbar={{ width: LAYOUT.sidebarWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" gap="sm">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle navigation" />
          <Brand size="sm" />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar bg="white">
        <Sidebar user={auth.user} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ViewAsBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
