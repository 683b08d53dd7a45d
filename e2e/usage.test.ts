import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** The figure a usage card shows under its label. */
const card = (page: Page, label: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByText(label, { exact: true }) });

describe('usage pages', () => {
  let e2e: E2E;
  let adminPage: Page;
  let adminApi: CatalogApi;
  let memberPage: Page;
  let memberOrganizationId: number;

  beforeAll(async () => {
    e2e = await startE2E({ env: { USAGE_PRICE_PER_SESSION: '1' } });
    // The first account on a new server is its platform admin.
    adminPage = (await e2e.newUserPage()).page;
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Ada Admin'), {
      name: `Usage HQ ${unique()}`,
      purpose: 'Run the platform',
    });
    adminApi = catalogApi(e2e.baseUrl, adminTokens.access_token);
    memberPage = (await e2e.newUserPage()).page;
    const memberTokens = await signUpThroughApi(e2e, memberPage, person('Mia Member'), {
      name: `Usage Member Org ${unique()}`,
      purpose: 'Evaluate agents',
    });
    const member = await catalogApi(e2e.baseUrl, memberTokens.access_token).call(endpoints.fromJwt);
    memberOrganizationId = member.organization!.id;
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should show no billing data, then the scored sessions and their cost once some are scored', async () => {
    await memberPage.goto('/usage');
    await memberPage.getByRole('heading', { name: 'Organization Usage' }).waitFor();
    await card(memberPage, 'Scored sessions this month').getByText('0', { exact: true }).waitFor();
    await card(memberPage, 'Total cost this month').getByText('$0.00').waitFor();
    await memberPage.getByText('No billing data available').waitFor();

    const now = new Date();
    await e2e.proctor.ctx.db.insert(sessions).values(
      [0, 1].map(() => ({
        publicId: newPublicId(),
        organizationId: memberOrganizationId,
        status: 'scoring_completed',
        jobGroupId: newPublicId(),
        createdAt: new Date(now.getTime() - 10 * 60_000),
        endedAt: new Date(now.getTime() - 5 * 60_000),
      })),
    );
    await memberPage.reload();
    await card(memberPage, 'Scored sessions this month').getByText('2', { exact: true }).waitFor();
    await card(memberPage, 'Total cost this month').getByText('$2.00').waitFor();
    await expect(memberPage.getByText('No billing data available').count()).resolves.toBe(0);
    const cycleRow = memberPage.getByRole('row').filter({ hasText: now.toISOString().slice(0, 10) });
    await expect(cycleRow.getByRole('cell').allInnerTexts()).resolves.toEqual([
      now.toISOString().slice(0, 10),
      '2',
      '$2.00',
    ]);

    // The analytics below: both sessions were open at once in the last hour.
    await expect(memberPage.getByRole('combobox', { name: 'Time frame' }).inputValue()).resolves.toBe(
      'Last 4 weeks',
    );
    await card(memberPage, 'Peak concurrent').getByText('2', { exact: true }).waitFor();
    const lastHour = memberPage.waitForRequest((request) =>
      request.url().includes('/api/user/organization/usage-v2?days=1%2F24'),
    );
    await memberPage.getByRole('combobox', { name: 'Time frame' }).click();
    await memberPage.getByRole('option', { name: 'Last hour' }).click();
    await lastHour;
    await card(memberPage, 'Peak concurrent').getByText('2', { exact: true }).waitFor();
    await card(memberPage, 'Running sessions').getByText('0', { exact: true }).waitFor();
    await memberPage.getByText('No sessions are running').waitFor();
  });

  it('should show the failure text when usage cannot be loaded, and /usage-old without the analytics', async () => {
    await memberPage.route('**/api/user/organization/usage', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Database down"}' }),
    );
    await memberPage.goto('/usage-old');
    await memberPage.getByText('Failed to load usage data. Please try again.').waitFor();
    await memberPage.unroute('**/api/user/organization/usage');
    await memberPage.reload();
    await card(memberPage, 'Scored sessions this month').waitFor();
    await expect(memberPage.getByRole('heading', { name: 'Usage Analytics' }).count()).resolves.toBe(0);
  });

  it("should let a platform admin stop a running session, which fails with the admin's reason", async () => {
    const environment = await adminApi.call(endpoints.makeEnvironment, { body: { env_id: 'shop' } });
    await adminPage.goto('/usage');
    const row = adminPage.getByRole('row').filter({ hasText: environment.session_id });
    await row.getByRole('button', { name: 'Stop' }).click();
    await adminPage.getByLabel('Reason').fill('stuck agent');
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Stop' }).click();
    await adminPage.getByText('Stopped by an admin: stuck agent').waitFor();
    await row.waitFor({ state: 'detached' });
    const status = await adminApi.call(endpoints.environmentStatus, { params: { id: environment.id } });
    expect(status).toEqual({ status: 'failed', error: 'Stopped by an admin: stuck agent' });

    // A member sees the running sessions without Stop.
    await memberPage.goto('/usage');
    await memberPage.getByRole('heading', { name: 'Running sessions' }).waitFor();
    await expect(memberPage.getByRole('button', { name: 'Stop' }).count()).resolves.toBe(0);
  });
});
