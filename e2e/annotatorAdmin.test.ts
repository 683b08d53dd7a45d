import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * The annotator organization's own screens (000 §2.9, §2.10): its account admin reads each member's figures
 * and activity, and its members move data creation work.
 */
describe('annotator admin and data creation', () => {
  let e2e: E2E;
  let platformPage: Page;
  let platformApi: CatalogApi;
  /** The annotator organization's account admin (its creator). */
  let adminPage: Page;
  let adminApi: CatalogApi;
  let organizationId: number;
  const suffix = unique();

  beforeAll(async () => {
    e2e = await startE2E();
    // The first account is the platform admin.
    platformPage = (await e2e.newUserPage()).page;
    const platformTokens = await signUpThroughApi(e2e, platformPage, person('Pia Platform'), {
      name: `Platform ${suffix}`,
      purpose: 'Run the platform',
    });
    platformApi = catalogApi(e2e.baseUrl, platformTokens.access_token);

    adminPage = (await e2e.newUserPage()).page;
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Alma Admin'), {
      name: `Annotators ${suffix}`,
      purpose: 'Record and score',
    });
    adminApi = catalogApi(e2e.baseUrl, adminTokens.access_token);
    organizationId = (await adminApi.call(endpoints.fromJwt)).organizationId!;
    await platformApi.call(endpoints.adminUpdateOrganization, {
      params: { id: organizationId },
      body: { isAnnotator: true },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should show each annotator's figures and open one's activity ledger, newest first", async () => {
    // Nico joins the annotator organization, records two sessions and scores one of them.
    const nicoPage = (await e2e.newUserPage()).page;
    const nicoTokens = await signUpThroughApi(e2e, nicoPage, person('Nico Annotator'));
    const nicoApi = catalogApi(e2e.baseUrl, nicoTokens.access_token);
    const nico = await nicoApi.call(endpoints.fromJwt);
    await platformApi.call(endpoints.adminUpdateUser, {
      params: { id: nico.id },
      body: { organization_id: organizationId },
    });
    const now = Date.now();
    const recorded = await e2e.proctor.ctx.db
      .insert(sessions)
      .values(
        [90, 30].map((minutesAgo, index) => ({
          publicId: newPublicId(),
          status: 'scoring_completed',
          organizationId,
          userId: nico.id,
          // 12 and 18 minutes long: 15 on average.
          sessionDuration: index === 0 ? 0.2 : 0.3,
          createdAt: new Date(now - minutesAgo * 60_000),
        })),
      )
      .returning();
    const [older, newer] = recorded as [(typeof recorded)[number], (typeof recorded)[number]];
    await nicoApi.call(endpoints.scoreSessionAsHuman, {
      params: { id: older.publicId },
      body: { correct: true, reason: 'Cart has both mugs', session_time: 180 },
    });

    await adminPage.goto('/annotator-admin');
    const row = adminPage.getByTestId('annotator-row').and(adminPage.locator(`[data-email="${nico.email}"]`));
    await row.waitFor();
    expect(await row.getByTestId('annotator-total-sessions').textContent()).toBe('2');
    expect(await row.getByTestId('annotator-scored-sessions').textContent()).toBe('1');
    expect(await row.getByTestId('annotator-session-time').textContent()).toBe('15 min');
    expect(await row.getByTestId('annotator-scoring-time').textContent()).toBe('3 min');
    expect(await row.getByTestId('annotator-success-rate').textContent()).toBe('100%');
    await row.getByText('Annotator', { exact: true }).waitFor();
    // The admin is listed too, as Admin; the tab counts both.
    await adminPage.getByTestId('users-tab-count').getByText('2').waitFor();
    // Then the assigned test cases by stage, in admin view.
    for (const stage of ['NEEDS_LABELLING', 'NEEDS_RECORDING', 'NEEDS_SCORING', 'REVIEW', 'COMPLETED'])
      await adminPage.getByTestId(`bucket-tab-${stage}`).waitFor();

    await row.click();
    await adminPage.waitForURL(`**/annotator-admin/user/${nico.publicId}`);
    await adminPage.getByRole('heading', { name: 'Nico Annotator' }).waitFor();
    const ledger = adminPage.getByTestId('activity-row');
    await expect.poll(() => ledger.count()).toBe(3);
    expect(await ledger.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-activity')))).toEqual([
      'score_added',
      'session_created',
      'session_created',
    ]);
    await ledger.nth(0).getByText('Correct').waitFor();
    await ledger.nth(0).getByText('Cart has both mugs').waitFor();
    await ledger.nth(0).getByText('3m 0s').waitFor();
    await ledger.nth(1).getByText(newer.publicId.slice(0, 8)).waitFor();
    await ledger.nth(2).getByText(older.publicId.slice(0, 8)).waitFor();
    await ledger.nth(2).getByText('12m 0s').waitFor();

    await adminPage.getByRole('link', { name: 'Back' }).click();
    await adminPage.waitForURL((url) => url.pathname === '/annotator-admin');
    await row.waitFor();

    // An annotator who is not an account admin is told the page is not theirs.
    await nicoPage.goto('/annotator-admin');
    await nicoPage
      .getByText('This page is only available to account admins of annotator organizations.')
      .waitFor();
  });

  it('should mark a data creation assignment complete and re-open it, and say why its simulator does not start', async () => {
    const simulator = await platformApi.createSimulator({
      name: `data-${suffix}`,
      simType: 'app',
      enabled: false,
    });
    const { assignment } = await platformApi.call(endpoints.createAnnotatorAssignment, {
      body: { assignment_type: 'data_creation', organization_id: organizationId, simulator_id: simulator.id },
    });
    const stageOnServer = async () =>
      (await adminApi.call(endpoints.annotatorAssignments)).assignments.find(
        (candidate) => candidate.assignment_id === assignment.assignment_id,
      )?.stage;

    await adminPage.goto('/data-creation');
    const row = adminPage.locator(
      `[data-testid="data-creation-row"][data-assignment-id="${assignment.assignment_id}"]`,
    );
    await row.getByText(simulator.name).waitFor();
    await row.getByTestId('data-creation-stage').getByText('Needs data creation').waitFor();

    await row.getByRole('button', { name: 'Mark as Complete' }).click();
    await row.getByTestId('data-creation-stage').getByText('Completed').waitFor();
    expect(await stageOnServer()).toBe('completed');

    await row.getByRole('button', { name: 'Re-open' }).click();
    await row.getByTestId('data-creation-stage').getByText('Needs data creation').waitFor();
    expect(await stageOnServer()).toBe('needs_data_creation');

    // The simulator is disabled: the start fails with the server's words.
    await platformApi.call(endpoints.adminUpdateUser, {
      params: { id: (await adminApi.call(endpoints.fromJwt)).id },
      body: { permissions: { playground_access: true } },
    });
    await adminPage.reload();
    await row.getByRole('button', { name: 'Start environment' }).click();
    await adminPage
      .getByTestId('environment-failure')
      .getByText(`Simulator "${simulator.name}" not found or not enabled`)
      .waitFor();

    // An organization that is not an annotator organization gets the spec's sentence.
    await platformPage.goto('/data-creation');
    await platformPage.getByText('This page is only available to annotator organizations.').waitFor();
  });
});
