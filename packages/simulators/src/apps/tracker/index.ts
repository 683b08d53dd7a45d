import { type AppBuilder, defineSimulator } from '../../kit';
import { authRoutes } from './routes/auth';
import { boardRoutes } from './routes/board';
import { issueDetailRoutes } from './routes/issueDetail';
import { issueListRoutes } from './routes/issueList';
import { newIssueRoutes } from './routes/newIssue';
import { projectRoutes } from './routes/projects';
import { schema } from './schema';
import { seed } from './seed';
import { trackerTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

function routes(app: AppBuilder): void {
  authRoutes(app);
  issueListRoutes(app);
  newIssueRoutes(app);
  issueDetailRoutes(app);
  boardRoutes(app);
  projectRoutes(app);
}

/**
 * Linework: the issue tracker of Fernhill's product team. Projects with keys, filtered and saved issue lists,
 * issue pages with comments, history, links and sub-tasks, kanban boards per sprint, sprints and a team page.
 * The assignee and priority pickers are a web component with an open shadow root.
 */
export const tracker = defineSimulator({
  name: 'tracker',
  title: 'Linework',
  description:
    'An issue tracker for software teams: projects, issues with comments, links and sub-tasks, saved views, sprint boards and a team directory.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b5bd6"/><path d="M9 10h14M9 16h10M9 22h6" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Maya Chen, engineering manager at Fernhill. Five projects (WEB, MOB, API, OPS, DS); the current sprint is Sprint 24 (Feb 23 – Mar 6, 2026) and today is Monday, March 2, 2026.',
  license: 'Apache-2.0',
  auth: { user: 'maya.chen@fernhill.io', password: 'linework-2026', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-02T09:00:00.000Z' },
  config: {
    // The Activity tab is an audit trail written with every change: scoring looks at the state itself.
    ignore_tables: ['activity'],
    ignore_columns: { issues: ['updated_at'], comments: ['edited_at'] },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes,
  assets: new URL('./assets/', import.meta.url),
  testCases: trackerTestCases,
});
