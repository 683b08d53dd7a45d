import { type AppBuilder, defineSimulator } from '../../kit';
import { authRoutes } from './routes/auth';
import { detailRoutes } from './routes/details';
import { pipelineRoutes } from './routes/pipeline';
import { tableRoutes } from './routes/tables';
import { schema } from './schema';
import { seed } from './seed';
import { crmTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

function routes(app: AppBuilder): void {
  authRoutes(app);
  pipelineRoutes(app);
  tableRoutes(app);
  detailRoutes(app);
}

/**
 * Dealflow: the sales CRM of Brightlane's sales team. Pipeline boards with drag and drop, deal, contact and
 * company tables with inline editing, filters, saved views and bulk actions, detail pages with notes, tasks,
 * an activity log and a website preview in an iframe.
 */
export const crm = defineSimulator({
  name: 'crm',
  title: 'Dealflow',
  description:
    'A sales CRM: pipeline boards with drag and drop, deals, contacts and companies with inline editing, bulk actions, saved views, notes, tasks and an activity log.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f766e"/><path d="M7 22l6-7 5 4 7-9" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Sam Okoro, head of sales at Brightlane. Three pipelines (New business, Enterprise, Renewals); today is Monday, March 2, 2026.',
  license: 'Apache-2.0',
  auth: { user: 'sam.okoro@brightlane.io', password: 'dealflow-2026', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-02T09:00:00.000Z' },
  config: {
    // The activity log is an audit trail the app writes with every change: scoring looks at the records.
    ignore_tables: ['activities'],
    ignore_columns: { '*': ['updated_at'] },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes,
  assets: new URL('./assets/', import.meta.url),
  testCases: crmTestCases,
});
