import { type AppBuilder, defineSimulator, html, type RequestContext } from '../../kit';
import { CUSTOMER } from './data/scenario';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { cardRoutes } from './routes/cards';
import { expenseRoutes } from './routes/expenses';
import { payeeRoutes } from './routes/payees';
import { statementRoutes } from './routes/statements';
import { transferRoutes } from './routes/transfers';
import { schema } from './schema';
import { seed } from './seed';
import { bankTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

function routes(app: AppBuilder): void {
  authRoutes(app);
  activityRoutes(app);
  transferRoutes(app);
  payeeRoutes(app);
  cardRoutes(app);
  statementRoutes(app);
  expenseRoutes(app);
}

function notFound(ctx: RequestContext) {
  return ctx.render({
    title: 'Page not found',
    layout: 'auth',
    status: 404,
    body: html`<div class="auth-logo"><span class="brand-mark" aria-hidden="true">❦</span>Larkspur Bank</div>
<h1>We couldn’t find that page</h1>
<p class="muted">The link may be old, or the item may have been removed.</p>
<a class="btn primary" href="/accounts">Back to your accounts</a>`,
  });
}

/**
 * Larkspur Bank: Maya Chen's online banking. Accounts and a year of activity with filters and CSV export,
 * transaction details (category, note, dispute, receipt upload), transfers and bill pay confirmed with a
 * one-time code that arrives in the secure messages panel, payees, scheduled payments, card controls in a
 * partner iframe, statements in a viewer iframe and as downloads, and expense reports with receipts.
 */
export const bank = defineSimulator({
  name: 'bank',
  title: 'Larkspur Bank',
  description:
    'Online banking and expenses: accounts, a year of card and checking activity with filters and CSV export, transfers with one-time codes, payees, scheduled payments, card controls, statements and expense reports with receipts.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2b2a5e"/><path d="M16 6c3 4 3 8 0 11-3-3-3-7 0-11zM9 13c4 1 6 4 6 8-4-1-6-4-6-8zm14 0c0 4-2 7-6 8 0-4 2-7 6-8zM15 21h2v6h-2z" fill="#c9b6ff"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Maya Chen, a product designer at Corbel Analytics. Four accounts (checking, savings, a Visa card, a vacation fund) with a year of activity; today is Wednesday, April 15, 2026.',
  license: 'Apache-2.0',
  auth: { user: CUSTOMER.email, password: CUSTOMER.password, signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-04-15T16:00:00.000Z' },
  config: {
    // Secure messages are notifications the app writes (one-time codes among them): scoring looks at the money.
    ignore_tables: ['messages'],
    ignore_columns: {
      transfers: ['code', 'created_at', 'completed_at', 'reference'],
      receipts: ['data', 'uploaded_at', 'size'],
      disputes: ['created_at'],
      payees: ['created_at'],
      scheduled_payments: ['created_at'],
      expense_reports: ['submitted_at'],
    },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes,
  notFound,
  assets: new URL('./assets/', import.meta.url),
  testCases: bankTestCases,
});
