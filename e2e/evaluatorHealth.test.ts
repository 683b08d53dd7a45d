import { endpoints, type User } from '@proctor/contracts';
import { testCases, users } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi } from './support/catalog';

/**
 * The evaluator health check on the test case page (issue 8 §6): Check Evaluator runs a built-in test case's
 * reference solution and wrong variant in a real browser and shows the verdict in a dialog; the header keeps the
 * last result. An expectation edited wrongly is caught: the reference solution no longer passes.
 * Each e2e file has a server of its own, so this file's edit of the public built-in test case touches no other.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
/** Its reference solution puts two 16 oz sage mugs in the cart; its wrong variant two 12 oz ones. */
const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;

/** A check runs two scripts in a fresh browser each: seconds, more on a loaded machine. */
const CHECK_TIMEOUT = 90_000;

describe('evaluator health', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let testCaseId: number;
  let testCasePublicId: string;

  const dialog = () => page.getByRole('dialog', { name: 'Evaluator health' });
  const checkRow = (scope: Locator, check: string) =>
    scope.locator(`[data-testid="evaluator-check"][data-check="${check}"]`);
  const headerBadge = () => page.getByTestId('evaluator-health-badge');

  /** Clicks Check Evaluator and waits until the dialog shows the new result's overall status. */
  async function checkEvaluator(expected: 'Healthy' | 'Broken'): Promise<Locator> {
    await page.getByRole('button', { name: 'Check Evaluator' }).click();
    const shown = dialog();
    await shown
      .getByTestId('evaluator-check-running')
      .getByText(/^Running the reference solution/)
      .waitFor();
    await shown
      .getByTestId('evaluator-health-status')
      .getByText(expected, { exact: true })
      .waitFor({ timeout: CHECK_TIMEOUT });
    return shown;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Eva Evaluator'), {
      name: 'Evaluator Audits',
      purpose: 'Find the test cases whose scoring cannot be trusted',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me: User = await api.call(endpoints.fromJwt);
    // The first person on a fresh server is a platform admin: with create_test_cases they may edit public
    // built-in test cases, and so check their evaluator.
    expect(me.permissions.is_admin).toBe(true);
    if (!me.permissions.create_test_cases)
      await e2e.proctor.ctx.db
        .update(users)
        .set({ permissions: { ...me.permissions, create_test_cases: true } })
        .where(eq(users.id, me.id));
    const [row] = await e2e.proctor.ctx.db
      .select({ id: testCases.id, publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${mugs.key}`));
    testCaseId = row!.id;
    testCasePublicId = row!.publicId;
  });
  afterAll(() => e2e?.close());

  it('should report a built-in test case healthy: its reference solution passes and its wrong variant fails', async () => {
    await page.goto(`/tests/${testCasePublicId}`);
    await page.getByRole('heading', { name: mugs.name }).waitFor();
    await page.getByTestId('scoring-badges').waitFor();
    expect(await headerBadge().count()).toBe(0);
    // An edit in progress outlives the check: the test case read again after it changed nothing the form shows.
    const hint = page.getByRole('textbox', { name: 'Hint' });
    await hint.fill('Look for the size picker');

    const shown = await checkEvaluator('Healthy');
    await shown.getByText('The evaluator can be trusted', { exact: false }).waitFor();
    const reference = checkRow(shown, 'reference_passes');
    await reference.getByText('Reference solution passes', { exact: true }).waitFor();
    expect(await reference.getByTestId('check-status').textContent()).toBe('OK');
    expect(await reference.getByTestId('check-detail').textContent()).toBe('The reference solution passes');
    const wrong = checkRow(shown, 'wrong_variant_fails');
    await wrong.getByText('Wrong variant fails', { exact: true }).waitFor();
    expect(await wrong.getByTestId('check-status').textContent()).toBe('OK');
    expect(await wrong.getByTestId('check-detail').textContent()).toMatch(/^The wrong variant fails/);
    // Nobody has judged a session of it on this server.
    const agreement = checkRow(shown, 'human_agreement');
    await agreement.getByText("Agrees with people's scores", { exact: true }).waitFor();
    expect(await agreement.getByTestId('check-status').textContent()).toBe('Not checked');

    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'hidden' });
    await headerBadge().getByText('Evaluator checked', { exact: true }).waitFor();
    expect(await headerBadge().getAttribute('data-status')).toBe('healthy');
    expect(await hint.inputValue()).toBe('Look for the size picker');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await headerBadge().hover();
    await page
      .getByRole('tooltip')
      .getByText(/^Checked \w{3} \d{2}, \d{4} \d{2}:\d{2} [ap]m$/)
      .waitFor();
  });

  it('should flag the evaluator broken once its expected mutations stop matching the reference solution', async () => {
    // Someone edits the expectation to three mugs where the task asks for two.
    const { testCase } = await api.call(endpoints.testCase, { params: { id: testCasePublicId } });
    const mutations = mugs.expectedMutations!.map((mutation) => ({
      ...mutation,
      changes: { ...mutation.changes, quantity: 3 },
    }));
    await api.call(endpoints.updateTestCase, {
      params: { id: testCaseId },
      body: { defaultScoringConfig: { ...testCase.defaultScoringConfig, mutations } },
    });

    const shown = await checkEvaluator('Broken');
    await shown.getByText('The evaluator is broken: the reference solution does not pass.').waitFor();
    const reference = checkRow(shown, 'reference_passes');
    expect(await reference.getByTestId('check-status').textContent()).toBe('Broken');
    expect(await reference.getByTestId('check-detail').textContent()).toMatch(
      /^The reference solution does not pass: /,
    );
    // Three mugs is still not what the wrong variant does.
    expect(await checkRow(shown, 'wrong_variant_fails').getByTestId('check-status').textContent()).toBe('OK');
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'hidden' });

    await headerBadge().getByText('Evaluator broken', { exact: true }).waitFor();
    await headerBadge().hover();
    await page
      .getByRole('tooltip')
      .getByText(/^The reference solution does not pass: /)
      .waitFor();

    // The result is kept on the test case: after a reload the badge opens it.
    await page.reload();
    await headerBadge().getByText('Evaluator broken', { exact: true }).click();
    const stored = dialog();
    await stored.getByTestId('evaluator-health-status').getByText('Broken', { exact: true }).waitFor();
    expect(await checkRow(stored, 'reference_passes').getByTestId('check-status').textContent()).toBe(
      'Broken',
    );
  });
});
