import { AppShell, Divider, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { type NavigationItem, navigationFor, type User } from '@proctor/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { loginPathFor, useSignOut } from '../../features/auth';
import { paths } from '../../paths';
import { DISABLED_HINT, NAVIGATION_ICONS } from './navigationIcons';
import { OrganizationHeader } from './OrganizationHeader';

function isActive(route: string, pathname: string): boolean {
  if (route === paths.home) return pathname === paths.home;
  return pathname === route || pathname.startsWith(`${route}/`);
}

function SidebarEntry({ item, onNavigate }: { item: NavigationItem; onNavigate: () => void }) {
  const location = useLocation();
  const { pathname } = location;
  const signOut = useSignOut();
  const icon = NAVIGATION_ICONS[item.id];

  if (item.disabled) {
    return (
      <Tooltip label={DISABLED_HINT[item.id] ?? 'Not available'} position="right" withArrow openDelay={300}>
        <NavLink component="div" label={item.label} leftSection={icon} disabled aria-disabled="true" />
      </Tooltip>
    );
  }
  if (item.external) {
    return (
      <NavLink
        component="a"
        href={item.route}
        target="_blank"
        rel="noopener noreferrer"
        label={item.label}
        leftSection={icon}
        rightSection={<IconExternalLink size={13} stroke={1.6} />}
      />
    );
  }
  if (item.id === 'logout') {
    return (
      <NavLink component="button" label={item.label} leftSection={icon} onClick={() => void signOut()} />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.id === 'login' ? loginPathFor(location) : item.route}
      label={item.label}
      leftSection={icon}
      active={isActive(item.route, pathname)}
      onClick={onNavigate}
    />
  );
}

/** The side navigation (000 §2.2, 002 §2.2); which entries show and which are disabled comes from contracts. */
export function Sidebar({ user, onNavigate }: { user: User | null; onNavigate: () => void }) {
  const visible = navigationFor(user).filter((item) => item.visible);
  const main = visible.filter((item) => item.group === 'main');
  const bottom = visible.filter((item) => item.group === 'bottom');
  return (
    <>
      <AppShell.Section px="md" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <OrganizationHeader user={user} />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
        <Stack gap={2} component="nav" aria-label="Main">
          {main.map((item) => (
            <SidebarEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section px="xs" pb="sm">
        <Divider mb="xs" />
        <Stack gap={2} component="nav" aria-label="Account">
          {bottom.map((item) => (
            <SidebarEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </Stack>
        {user && (
          <Text size="xs" c="dimmed" px="sm" pt="xs" truncate="end" title={user.email}>
            {user.email}
          </Text>
        )}
      </AppShell.Section>
    </>
  );
}
