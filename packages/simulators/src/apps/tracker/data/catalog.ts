/** Projects, labels, sprint goals and the word lists issue titles and descriptions are built from. */
export interface ProjectSeed {
  id: number;
  key: string;
  name: string;
  description: string;
  lead_id: number;
  color: string;
  /** Components of the product this project owns: the subjects of its issues. */
  areas: readonly string[];
}

export const PROJECTS: readonly ProjectSeed[] = [
  {
    id: 1,
    key: 'WEB',
    name: 'Web App',
    description:
      'The customer-facing web application: billing, workspace settings, onboarding and reporting.',
    lead_id: 2,
    color: '#4c6ef5',
    areas: [
      'checkout page',
      'billing settings',
      'invite flow',
      'dashboard charts',
      'CSV export',
      'notification center',
      'global search',
      'onboarding checklist',
      'workspace switcher',
      'audit log page',
      'dark mode',
      'password reset',
      'file uploader',
      'date range picker',
      'pricing page',
      'activity feed',
      'keyboard shortcuts',
      'reports builder',
    ],
  },
  {
    id: 2,
    key: 'MOB',
    name: 'Mobile',
    description: 'The iOS and Android apps, their release trains and store listings.',
    lead_id: 8,
    color: '#12b886',
    areas: [
      'push notifications',
      'offline mode',
      'biometric login',
      'photo picker',
      'deep links',
      'in-app purchases',
      'home screen widget',
      'settings screen',
      'onboarding carousel',
      'crash reporter',
      'share sheet',
      'tablet layout',
      'background sync',
      'app rating prompt',
    ],
  },
  {
    id: 3,
    key: 'API',
    name: 'Platform API',
    description: 'Public REST and GraphQL APIs, webhooks, authentication and the billing service.',
    lead_id: 7,
    color: '#f76707',
    areas: [
      'rate limiter',
      'webhooks',
      'OAuth token refresh',
      'billing service',
      'search index',
      'GraphQL gateway',
      'audit events',
      'export jobs',
      'invite emails',
      'usage metering',
      'pagination cursors',
      'tenant migrations',
      'API keys',
      'SCIM provisioning',
    ],
  },
  {
    id: 4,
    key: 'OPS',
    name: 'Infrastructure',
    description: 'Clusters, CI/CD, observability, backups and the on-call tooling.',
    lead_id: 11,
    color: '#ae3ec9',
    areas: [
      'Postgres replicas',
      'CI runners',
      'Kubernetes ingress',
      'nightly backup job',
      'log pipeline',
      'TLS certificates',
      'staging cluster',
      'Terraform state',
      'alerting rules',
      'CDN cache',
      'secrets rotation',
      'cost dashboards',
      'Redis cluster',
    ],
  },
  {
    id: 5,
    key: 'DS',
    name: 'Design System',
    description:
      'Fern UI: shared components, tokens and accessibility guidelines for every Fernhill surface.',
    lead_id: 14,
    color: '#e64980',
    areas: [
      'Button',
      'Modal',
      'Tooltip',
      'Data table',
      'Select',
      'Date picker',
      'Toast',
      'Tabs',
      'color tokens',
      'typography scale',
      'icon set',
      'Form field',
      'Avatar',
    ],
  },
];

export const LABELS: readonly { id: number; name: string; color: string }[] = [
  { id: 1, name: 'regression', color: '#e03131' },
  { id: 2, name: 'customer-reported', color: '#f08c00' },
  { id: 3, name: 'accessibility', color: '#1971c2' },
  { id: 4, name: 'performance', color: '#2f9e44' },
  { id: 5, name: 'security', color: '#c2255c' },
  { id: 6, name: 'tech-debt', color: '#868e96' },
  { id: 7, name: 'ux', color: '#7048e8' },
  { id: 8, name: 'release-blocker', color: '#c92a2a' },
  { id: 9, name: 'good-first-issue', color: '#0ca678' },
  { id: 10, name: 'needs-design', color: '#d6336c' },
  { id: 11, name: 'documentation', color: '#1098ad' },
  { id: 12, name: 'flaky-test', color: '#e8590c' },
];

export const SPRINT_GOALS = [
  'Stabilise the release candidate and burn down regressions',
  'Ship the first slice of usage-based billing',
  'Finish the accessibility audit fixes',
  'Reduce p95 latency of the busiest endpoints',
  'Land the new onboarding experience',
  'Pay down test flakiness and CI time',
  'Enterprise readiness: SSO, audit log, SCIM',
  'Polish before the spring launch',
];

export const BUG_SYMPTOMS = [
  'fails on Safari 17',
  'shows stale data after a refresh',
  'returns a 500 when the name contains an emoji',
  'is cut off on small screens',
  'loses focus after saving',
  'renders twice on slow networks',
  'ignores the workspace time zone',
  'flickers in dark mode',
  'times out for large workspaces',
  'does not announce errors to screen readers',
  'double-charges when the request is retried',
  'breaks after the session expires',
  'shows the wrong currency for EU customers',
  'leaks memory after long sessions',
  'sends duplicate notifications',
];

export const STORY_FEATURES = [
  'bulk actions',
  'saved filters',
  'keyboard navigation',
  'undo',
  'inline editing',
  'export to PDF',
  'sorting by last activity',
  'an empty state with guidance',
  'per-workspace defaults',
  'usage analytics events',
  'a confirmation step',
  'role-based permissions',
];

export const TASK_TEMPLATES = [
  'Migrate the {area} to the new design tokens',
  'Write integration tests for the {area}',
  'Instrument the {area} with tracing',
  'Remove the legacy feature flag from the {area}',
  'Document the {area} for the help center',
  'Upgrade dependencies used by the {area}',
  'Load-test the {area} with production-sized data',
  'Clean up unused code in the {area}',
];

export const CHORE_TEMPLATES = [
  'Rotate on-call notes for the {area}',
  'Triage open support tickets about the {area}',
  'Archive stale branches touching the {area}',
  'Review error budget for the {area}',
];

export const BROWSERS = ['Chrome 122', 'Safari 17.3', 'Firefox 123', 'Edge 122', 'iOS 17.3', 'Android 14'];
export const PLANS = ['Starter', 'Team', 'Business', 'Enterprise'];
