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
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const SIZE = 18;
const STROKE = 1.7;

export const NAVIGATION_ICONS: Record<NavigationItemId, ReactNode> = {
  dashboard: <IconHome size={SIZE} stroke={STROKE} />,
  'data-creation': <IconDatabasePlus size={SIZE} stroke={STROKE} />,
  tasks: <IconListCheck size={SIZE} stroke={STROKE} />,
  sessions: <IconVideo size={SIZE} stroke={STROKE} />,
  recorder: <IconPlayerRecord size={SIZE} stroke={STROKE} />,
  'annotator-admin': <IconUserShield size={SIZE} stroke={STROKE} />,
  tests: <IconFlask size={SIZE} stroke={STROKE} />,
  simulators: <IconServer2 size={SIZE} stroke={STROKE} />,
  results: <IconChartBar size={SIZE} stroke={STROKE} />,
  agents: <IconRobot size={SIZE} stroke={STROKE} />,
  playground: <IconPlayerPlay size={SIZE} stroke={STROKE} />,
  replays: <IconRepeat size={SIZE} stroke={STROKE} />,
  hub: <IconSitemap size={SIZE} stroke={STROKE} />,
  admin: <IconShieldLock size={SIZE} stroke={STROKE} />,
  usage: <IconGauge size={SIZE} stroke={STROKE} />,
  organization: <IconBuilding size={SIZE} stroke={STROKE} />,
  docs: <IconBook2 size={SIZE} stroke={STROKE} />,
  settings: <IconSettings size={SIZE} stroke={STROKE} />,
  login: <IconLogin2 size={SIZE} stroke={STROKE} />,
  logout: <IconLogout size={SIZE} stroke={STROKE} />,
};

export const DISABLED_HINT: Partial<Record<NavigationItemId, string>> = {
  tests: 'Needs dashboard access',
  simulators: 'Needs dashboard access',
  results: 'Needs dashboard access',
  agents: 'Needs dashboard access',
  playground: 'Needs dashboard access',
  replays: 'Needs dashboard access',
};
