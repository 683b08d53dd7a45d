import { BUILT_IN_AGENTS, endpoints, RUN_MESSAGES, type User } from '@proctor/contracts';
import { testCases } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * Running agents from the dashboard (001 §2.2 Benchmark, §2.3 Run All, §4.5, §5, §7): a member runs the oracle
 * on a dataset of built-in test cases and the wrong agent as a benchmark of one test case, lands on the run
 * group's sessions and watches its progress until every run has its verdict. The runs are real: Proctor drives
 * each in a browser of its own and scores it when it ends.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const [firstCase, secondCase] = shop.testCases;
/** Its wrong variant puts two 12 oz mugs in the cart where the task asks for 16 oz ones. */
const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;

/** A run starts a browser, plays its script and is scored: seconds each, more on a loaded machine. */
const RUNS_TIMEOUT = 100_000;

/** An input by its label (Mantine marks required labels with " *"). */
function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(scope.locator('input:not([type="hidden"])'));
}

describe('runs', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  const suffix = unique();
  const datasetName = `Shop smoke ${suffix}`;
  const humanAlias = `human-${suffix}`;

  async function builtInTestCase(key: string) {
    const [row] = await e2e.proctor.ctx.db
      .select({ id: testCases.id, publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${key}`));
    return row!;
  }

  /** The agent picker's option of an alias, in the open dropdown. */
  const agentOption = (alias: string) =>
    page
      .getByRole('option')
      .filter({ has: page.locator(`[data-testid="agent-option"][data-alias="${alias}"]`) });

  const progressLine = () => page.getByTestId('run-group-progress-line');
  const scoringBadges = () =>
    page
      .getByTestId('session-row')
      .getByTestId('scoring-badge')
      .evaluateAll((badges) => badges.map((badge) => badge.textContent));

  beforeAll(async () => {
    e2e = await startE2E();
    // The first person on a fresh server is the platform admin, who gives the member's organization the shop.
    const { page: adminPage } = await e2e.newUserPage();
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Ada Admin'), {
      name: `Platform ${suffix}`,
      purpose: 'Run this Proctor',
    });
    const admin = catalogApi(e2e.baseUrl, adminTokens.access_token);

    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Rui Runner'), {
      name: `Runner Lab ${suffix}`,
      purpose: 'Measure agents on the shop',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me: User = await api.call(endpoints.fromJwt);
    expect(me.permissions.is_admin).toBe(false);
    const shopRow = (await admin.simulators()).find((simulator) => simulator.name === shop.name)!;
    await admin.call(endpoints.adminUpdateOrganization, {
      params: { id: me.organizationId! },
      body: { plan: { allowed_simulators: [shopRow.id] } },
    });
    // Test recorders see Benchmark (001 §6); test authors make datasets.
    await admin.call(endpoints.adminUpdateUser, {
      params: { id: me.id },
      body: { permissions: { record_testcases: true, create_test_cases: true } },
    });

    const dataset = await api.createDataset({ name: datasetName, description: 'Two built-in test cases' });
    const first = await builtInTestCase(firstCase!.key);
    const second = await builtInTestCase(secondCase!.key);
    await api.call(endpoints.addTestCasesToSet, {
      params: { id: dataset.id },
      body: { test_case_ids: [first.id, second.id] },
    });
    // An agent Proctor cannot run itself (a human records their runs from the dashboard): listed, not offered.
    await api.call(endpoints.createAgentArtifact, {
      body: { type: 'human', alias: humanAlias, humanName: 'Ada' },
    });
  });
  afterAll(() => e2e?.close());

  it("should run the oracle on every test case of a dataset and show the run group's progress until each passes", async () => {
    await page.goto('/datasets');
    await page.locator(`[data-testid="dataset-row"][data-name="${datasetName}"]`).click();
    const panel = page.getByTestId('dataset-panel');
    await panel.getByRole('button', { name: `Run ${firstCase!.name}` }).waitFor();
    await panel.getByRole('button', { name: 'Run All' }).click();

    const dialog = page.getByRole('dialog', { name: 'Run dataset' });
    await dialog.getByText(`One run of the agent on each of the 2 test cases of ${datasetName}.`).waitFor();
    // Running requires an agent (001 §5).
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await dialog.getByText(RUN_MESSAGES.agentRequired).waitFor();

    await field(dialog, 'Agent').click();
    // Listed with the reason the server gives, and not to be chosen.
    const { artifacts } = await api.call(endpoints.agentArtifacts);
    const humanReason = artifacts.find((agent) => agent.alias === humanAlias)?.notRunnableReason;
    expect(humanReason).toBeTruthy();
    const humanOption = agentOption(humanAlias);
    await humanOption.getByText(humanReason!, { exact: true }).waitFor();
    expect(await humanOption.getAttribute('aria-disabled')).toBe('true');
    await agentOption(BUILT_IN_AGENTS.oracle.alias).click();
    expect(await field(dialog, 'Agent').inputValue()).toBe(BUILT_IN_AGENTS.oracle.alias);
    await dialog.getByTestId('agent-note').getByText(BUILT_IN_AGENTS.oracle.description).waitFor();
    expect(await dialog.getByText(RUN_MESSAGES.agentRequired).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    await page.getByText(RUN_MESSAGES.datasetStarted(datasetName)).waitFor();
    await page.waitForURL(/\/sessions\?run_session_batch_id=/);
    await page.getByText(`Run group: ${datasetName} · ${BUILT_IN_AGENTS.oracle.alias}`).waitFor();
    await page.getByTestId('run-group-progress').waitFor();
    expect(await progressLine().textContent()).toMatch(/^\d of 2 runs ended · \d running · \d queued · /);
    // Both runs are listed from the start, queued or already running.
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);

    await progressLine()
      .getByText(
        '2 of 2 runs ended · 0 running · 0 queued · 2 of 2 scored passed · 0 infrastructure failures',
        {
          exact: true,
        },
      )
      .waitFor({ timeout: RUNS_TIMEOUT });
    expect(await page.getByTestId('run-group-progress').getAttribute('data-done')).toBe('true');
    await expect.poll(scoringBadges).toEqual(['Pass', 'Pass']);

    // One of them replayed from its page: the replay agent re-enacts it in a fresh environment, to a verdict.
    // (Whether it passes depends on what the recorder keeps: a <select> change is not recorded yet.)
    const original = await page.getByTestId('session-row').first().getAttribute('data-session-id');
    await page.goto(`/sessions/${original}`);
    await page.getByRole('heading', { name: original! }).waitFor();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByText('Replay started').waitFor();
    await page.waitForURL(/\/sessions\?run_session_batch_id=/);
    await page.getByText(/^Run group: Replay of /).waitFor();
    await progressLine()
      .getByText(
        /^1 of 1 run ended · 0 running · 0 queued · [01] of 1 scored passed · 0 infrastructure failures$/,
      )
      .waitFor({ timeout: RUNS_TIMEOUT });
    await expect.poll(scoringBadges).toEqual([expect.stringMatching(/^(Pass|Fail)$/)]);
  });

  it('should benchmark the wrong agent on a test case once, after checking that the benchmarker is online', async () => {
    const testCase = await builtInTestCase(mugs.key);
    await page.goto(`/tests/${testCase.publicId}`);
    await page.getByRole('heading', { name: mugs.name }).waitFor();
    await page.getByRole('button', { name: 'Benchmark', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Run Benchmark' });
    await dialog.getByTestId('benchmarker-status').getByText('Benchmarker online').waitFor();
    // The defaults of 001 §7, with the oracle for the agent that does not exist here.
    await expect.poll(() => field(dialog, 'Agent').inputValue()).toBe(BUILT_IN_AGENTS.oracle.alias);
    expect(await field(dialog, 'Runs').inputValue()).toBe('5');
    expect(await field(dialog, 'Concurrency').inputValue()).toBe('5');

    await field(dialog, 'Agent').click();
    await agentOption(BUILT_IN_AGENTS.wrong.alias).click();
    expect(await field(dialog, 'Agent').inputValue()).toBe(BUILT_IN_AGENTS.wrong.alias);
    // Invalid input becomes 1 (001 §5).
    await field(dialog, 'Runs').fill('none');
    await field(dialog, 'Version').click();
    expect(await field(dialog, 'Runs').inputValue()).toBe('1');
    await field(dialog, 'Version').fill('  v1  ');
    await dialog.getByRole('button', { name: 'Start' }).click();

    await page.getByText(RUN_MESSAGES.benchmarkStarted).waitFor();
    await page.waitForURL(/\/sessions\?run_session_batch_id=/);
    await page
      .getByText(`Run group: Benchmark of ${mugs.name} · ${BUILT_IN_AGENTS.wrong.alias} v1`)
      .waitFor();
    await progressLine()
      .getByText(
        '1 of 1 run ended · 0 running · 0 queued · 0 of 1 scored passed · 0 infrastructure failures',
        {
          exact: true,
        },
      )
      .waitFor({ timeout: RUNS_TIMEOUT });
    await expect.poll(scoringBadges).toEqual(['Fail']);

    // The settings are kept for the next benchmark.
    await page.goBack();
    await page.getByRole('button', { name: 'Benchmark', exact: true }).click();
    await dialog.getByTestId('benchmarker-status').getByText('Benchmarker online').waitFor();
    await expect.poll(() => field(dialog, 'Agent').inputValue()).toBe(BUILT_IN_AGENTS.wrong.alias);
    expect(await field(dialog, 'Runs').inputValue()).toBe('1');
    expect(await field(dialog, 'Version').inputValue()).toBe('v1');
  });
});
