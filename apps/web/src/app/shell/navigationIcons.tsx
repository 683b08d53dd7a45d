import type { NavigationItemId } from '@proctor/contracts';
import {
  IconBook2,
  IconBuilding,
  IconChartBar,
  IconDatabasePlus,
  IconFlask,
  IconGauge,
  IconHome,
  IconListCheck,
  IconLogin2,
  IconLogout,
  IconPlayerPlay,
  IconPlayerRecord,
  IconRepeat,
  IconRobot,
  IconServer2,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUserShield,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const SIZE = 18;
const STROKE = 1.7;

const ICONS: Record<NavigationItemId, TablerIcon> = {
  dashboard: IconHome,
  'data-creation': IconDatabasePlus,
  tasks: IconListCheck,
  sessions: IconVideo,
  recorder: IconPlayerRecord,
  'annotator-admin': IconUserShield,
  tests: IconFlask,
  simulators: IconServer2,
  results: IconChartBar,
  agents: IconRobot,
  playground: IconPlayerPlay,
  replays: IconRepeat,
  hub: IconSitemap,
  admin: IconShieldLock,
  usage: IconGauge,
  organization: IconBuilding,
  docs: IconBook2,
  settings: IconSettings,
  login: IconLogin2,
  logout: IconLogout,
};

export const NAVIGATION_ICONS = Object.fromEntries(
  Object.entries(ICONS).map(([id, Icon]) => [id, <Icon key={id} size={SIZE} stroke={STROKE} />]),
) as Record<NavigationItemId, ReactNode>;

export const DISABLED_HINT: Partial<Record<NavigationItemId, string>> = {
  tests: 'Needs dashboard access',
  simulators: 'Needs dashboard access',
  results: 'Needs dashboard access',
  agents: 'Needs dashboard access',
  playground: 'Needs dashboard access',
  replays: 'Needs dashboard access',
};
