import { endpoints, NO_SESSIONS_FOR_SCORING } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScores } from '../apps/server/src/index';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * The human recorder dashboard (000 §2.7), annotators' home: the assigned test cases by stage with counts, a
 * case expanded to its sessions, and the account admin's Review and Complete in Admin View.
 */
describe('human recorder dashboard', () => {
  let e2e: E2E;
  let platformApi: CatalogApi;
  /** The annotator organization's account admin (its creator). */
  let adminPage: Page;
  let organizationId: number;
  const suffix = unique();

  beforeAll(async () => {
    e2e = await startE2E();
    // The first account is the platform admin.
    const platformPage = (await e2e.newUserPage()).page;
    const platformTokens = await signUpThroughApi(e2e, platformPage, person('Pia Platform'), {
      name: `Platform ${suffix}`,
      purpose: 'Run the platform',
    });
    platformApi = catalogApi(e2e.baseUrl, platformTokens.access_token);

    adminPage = (await e2e.newUserPage()).page;
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Alma Admin'), {
      name: `Recorders ${suffix}`,
      purpose: 'Record and score',
    });
    organizationId = (await catalogApi(e2e.baseUrl, adminTokens.access_token).call(endpoints.fromJwt))
      .organizationId!;
    await platformApi.call(endpoints.adminUpdateOrganization, {
      params: { id: organizationId },
      body: { isAnnotator: true },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  const tabCount = (page: Page, stage: string) =>
    page.getByTestId(`bucket-tab-${stage}`).getByTestId('bucket-tab-count');

  it('should show an annotator the tabs with counts, a case expanded to its sessions, and the admin complete it', async () => {
    const annotatorPage = (await e2e.newUserPage()).page;
    const annotatorTokens = await signUpThroughApi(e2e, annotatorPage, person('Nico Annotator'));
    const annotator = await catalogApi(e2e.baseUrl, annotatorTokens.access_token).call(endpoints.fromJwt);
    await platformApi.call(endpoints.adminUpdateUser, {
      params: { id: annotator.id },
      body: { organization_id: organizationId },
    });

    const simulator = await platformApi.createSimulator({ name: `dashboard-${suffix}`, simType: 'app' });
    const toRecord = await platformApi.createTestCase({
      name: `Record me ${suffix}`,
      prompt: 'Add two mugs to the cart',
      simulatorId: simulator.id,
    });
    const toScore = await platformApi.createTestCase({
      name: `Score me ${suffix}`,
      prompt: 'Archive the oldest mail',
      simulatorId: simulator.id,
    });
    for (const testCase of [toRecord, toScore])
      await platformApi.call(endpoints.assignTestCaseToOrganizations, {
        params: { id: testCase.publicId },
        body: { organization_ids: [organizationId], requested_recording_count: 1 },
      });
    // Nico recorded the second one; nobody has scored it yet.
    const [recorded] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId,
        userId: annotator.id,
        testCaseId: toScore.id,
        simulatorId: simulator.id,
        sessionDuration: 0.1,
        endedAt: new Date(),
      })
      .returning();

    // Home: the annotator's tabs with their counts; Review and Completed are Admin View's.
    await annotatorPage.goto('/');
    await expect.poll(() => tabCount(annotatorPage, 'NEEDS_RECORDING').textContent()).toBe('1');
    await expect.poll(() => tabCount(annotatorPage, 'NEEDS_SCORING').textContent()).toBe('1');
    expect(await tabCount(annotatorPage, 'NEEDS_LABELLING').textContent()).toBe('0');
    expect(await annotatorPage.getByTestId('bucket-tab-REVIEW').count()).toBe(0);
    expect(await annotatorPage.getByRole('switch', { name: 'Admin View' }).count()).toBe(0);
    const recordRow = annotatorPage.locator(
      `[data-testid="bucket-row"][data-test-case-id="${toRecord.publicId}"]`,
    );
    await recordRow.getByText(toRecord.name).waitFor();
    await recordRow.getByTestId('recorded-count').getByText('0/1').waitFor();

    // Needs Scoring: the case expands to its session, with a View Session link and its (empty) score dots.
    await annotatorPage.getByTestId('bucket-tab-NEEDS_SCORING').click();
    const scoreRow = annotatorPage.locator(
      `[data-testid="bucket-row"][data-test-case-id="${toScore.publicId}"]`,
    );
    await scoreRow.getByRole('button', { name: `Expand ${toScore.name}` }).click();
    const sessionRow = annotatorPage.locator(
      `[data-testid="expanded-session-row"][data-session-id="${recorded!.publicId}"]`,
    );
    await sessionRow.getByTestId('session-status').waitFor();
    expect(await sessionRow.getByTestId('score-dots').getAttribute('data-scored')).toBe('0');
    await sessionRow.getByRole('link', { name: 'View Session' }).click();
    await annotatorPage.waitForURL(`**/sessions/${recorded!.publicId}`);

    // A super scorer passes it: the case has as many passed sessions as asked for, and goes to Review.
    await recordScores(e2e.proctor.ctx.db, {
      sessionId: recorded!.id,
      userId: annotator.id,
      type: 'human_in_the_loop',
      config: { type: 'human_in_the_loop', is_super_scorer: true },
      result: { type: 'human_in_the_loop', correct: true, reason: 'Oldest mail archived' },
    });

    // The account admin's Admin View shows Review, with the consensus, and completes the case.
    await adminPage.goto('/human-recording-2');
    const adminView = adminPage.getByRole('switch', { name: 'Admin View' });
    if (!(await adminView.isChecked())) await adminView.click({ force: true });
    await expect.poll(() => tabCount(adminPage, 'REVIEW').textContent()).toBe('1');
    expect(await tabCount(adminPage, 'COMPLETED').textContent()).toBe('0');
    await adminPage.getByTestId('bucket-tab-REVIEW').click();
    const reviewRow = adminPage.locator(
      `[data-testid="bucket-row"][data-test-case-id="${toScore.publicId}"]`,
    );
    await reviewRow.getByTestId('passed-count').getByText('1/1').waitFor();
    await reviewRow.getByRole('button', { name: `Expand ${toScore.name}` }).click();
    await adminPage
      .locator(`[data-testid="expanded-session-row"][data-session-id="${recorded!.publicId}"]`)
      .getByTestId('human-consensus')
      .getByText('Pass 1/5')
      .waitFor();
    await reviewRow.getByRole('button', { name: 'Complete' }).click();
    await adminPage.getByText('Test case marked as completed').waitFor();
    await expect.poll(() => tabCount(adminPage, 'COMPLETED').textContent()).toBe('1');
    expect(await tabCount(adminPage, 'REVIEW').textContent()).toBe('0');

    // Nothing is left for the admin to score: the Next session control says so.
    await adminPage.getByRole('button', { name: 'Next session' }).click();
    await adminPage.getByText(NO_SESSIONS_FOR_SCORING).waitFor();
  });
});
