import {
  formatSuccessRate,
  RESULTS_MESSAGES,
  type SuccessBadgeColor,
  successRate,
  User,
} from '@proctor/contracts';
import { agentArtifacts, newPublicId, sessions, testCases } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { and, eq, isNull } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScores } from '../apps/server/src/index';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * Benchmark results (001 §2.9 /results, §2.5 Benchmarks tab): a member with scored sessions of two agents and
 * the built-in oracle on the shop simulator compares them by agent family, on /results and on the simulator's
 * Benchmarks tab. Sessions and their automatic scores are written to the database directly: how a session is
 * recorded and scored is not the subject here.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const mail = builtInSimulators.find((simulator) => simulator.name === 'mail')!;
const [firstCase, secondCase] = shop.testCases;

interface ShownFamily {
  label: string | null;
  rate: string | null;
  color: string | null;
  detail: string | null;
}

/** What the chart says of each family, in order. */
async function chart(scope: Page | Locator): Promise<ShownFamily[]> {
  const bars = scope.getByTestId('family-bar');
  const shown: ShownFamily[] = [];
  for (const bar of await bars.all()) {
    shown.push({
      label: await bar.getByTestId('family-label').textContent(),
      rate: await bar.getByTestId('family-rate').textContent(),
      color: await bar.getByTestId('family-rate').getAttribute('data-color'),
      detail: await bar.getByTestId('family-rate-detail').textContent(),
    });
  }
  return shown;
}

const family = (label: string, passed: number, scored: number, color: SuccessBadgeColor): ShownFamily => ({
  label,
  rate: `${Math.round((passed / scored) * 100)}%`,
  color,
  detail: formatSuccessRate(successRate(passed, scored)),
});

describe('results', () => {
  let e2e: E2E;
  let page: Page;
  let me: User;
  const suffix = Date.now().toString(36);

  async function testCaseOf(key: string) {
    const [row] = await e2e.proctor.ctx.db
      .select({ id: testCases.id, publicId: testCases.publicId, simulatorId: testCases.simulatorId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${key}`));
    return row!;
  }

  /** An ended session of the agent, scored automatically. */
  async function seed(agentId: number, testCaseKey: string, correct: boolean) {
    const testCase = await testCaseOf(testCaseKey);
    const [row] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: me.organizationId,
        userId: me.id,
        agentArtifactId: agentId,
        testCaseId: testCase.id,
        simulatorId: testCase.simulatorId,
        prompt: 'Seeded for the results comparison',
        sessionDuration: 0.01,
        endedAt: new Date(),
      })
      .returning();
    await recordScores(e2e.proctor.ctx.db, {
      sessionId: row!.id,
      type: 'state_mutation_match',
      result: {
        type: 'state_mutation_match',
        correct,
        similarity: correct ? 1 : 0.4,
        reason: correct ? 'All expected changes' : 'The cart is empty',
      },
    });
  }

  async function agent(alias: string) {
    const [row] = await e2e.proctor.ctx.db
      .insert(agentArtifacts)
      .values({
        organizationId: me.organizationId,
        userId: me.id,
        alias,
        data: { type: 'dev', img_url: null, description: 'Seeded', endpoint: 'http://127.0.0.1:9/run' },
      })
      .returning();
    return row!;
  }

  const expected = [
    family('computer_use_preview', 3, 4, 'orange'),
    family('Claude 3.7', 0, 2, 'red'),
    family('oracle', 1, 1, 'green'),
  ];

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Bench Marker'), {
      name: `Bench Lab ${suffix}`,
      purpose: 'Compare browsing agents',
    });
    const response = await fetch(`${e2e.baseUrl}/api/user/from-session`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    me = User.parse(await response.json());

    const cua = await agent(`openai-cua-${suffix}`);
    const claude = await agent(`anthropic-claude-${suffix}`);
    const [oracle] = await e2e.proctor.ctx.db
      .select()
      .from(agentArtifacts)
      .where(and(eq(agentArtifacts.alias, 'oracle'), isNull(agentArtifacts.organizationId)));
    // openai: 2 of 3 on the first test case, 1 of 1 on the second; anthropic: 0 of 2; the oracle: 1 of 1.
    await seed(cua.id, firstCase!.key, true);
    await seed(cua.id, firstCase!.key, true);
    await seed(cua.id, firstCase!.key, false);
    await seed(cua.id, secondCase!.key, true);
    await seed(claude.id, firstCase!.key, false);
    await seed(claude.id, secondCase!.key, false);
    await seed(oracle!.id, firstCase!.key, true);
  });
  afterAll(() => e2e?.close());

  it('should compare the agent families on the chosen environment after Load Results', async () => {
    await page.goto('/results');
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await page.getByText(RESULTS_MESSAGES.prompt).waitFor();
    const load = page.getByRole('button', { name: 'Load Results' });
    expect(await load.isDisabled()).toBe(true);

    await page.getByLabel('Environments').and(page.locator('input:not([type="hidden"])')).click();
    await page.getByRole('option', { name: shop.name, exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await load.isEnabled()).toBe(true);

    // Hold the answer back to see the page while it loads.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/results',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await load.click();
    await page.getByText(RESULTS_MESSAGES.loading).waitFor();
    expect(await load.isDisabled()).toBe(true);
    release();

    await page.waitForURL(
      (url) => url.pathname === '/results' && url.searchParams.get('simulators') === shop.name,
    );
    const figure = page.getByRole('figure', { name: 'Success rate per agent family' });
    await figure.getByTestId('family-bar').first().waitFor();
    expect(await chart(figure)).toEqual(expected);
    expect(await load.isEnabled()).toBe(true);

    // Results by test case: each family's rate and passed of scored, and a dash where it did not run.
    const first = await testCaseOf(firstCase!.key);
    const second = await testCaseOf(secondCase!.key);
    const cell = (publicId: string, familyKey: string) =>
      page
        .locator(`[data-testid="test-case-comparison-row"][data-test-case="${publicId}"]`)
        .locator(`td[data-family="${familyKey}"]`);
    expect(await cell(first.publicId, 'openai').textContent()).toBe('67%2/3');
    expect(await cell(second.publicId, 'openai').textContent()).toBe('100%1/1');
    expect(await cell(first.publicId, 'anthropic').textContent()).toBe('0%0/1');
    expect(await cell(second.publicId, 'oracle').textContent()).toBe('—');
  });

  it('should load the environments named in the address, and say when they have no results', async () => {
    await page.goto(`/results?simulators=${mail.name}`);
    await page.getByText(RESULTS_MESSAGES.empty).waitFor();
    await page.goto(`/results?simulators=${shop.name}`);
    const figure = page.getByRole('figure', { name: 'Success rate per agent family' });
    await figure.getByTestId('family-bar').first().waitFor();
    expect(await chart(figure)).toEqual(expected);
  });

  it('should show the same comparison on the simulator’s Benchmarks tab', async () => {
    await page.goto(`/simulators/${shop.name}`);
    await page.getByRole('heading', { name: shop.name }).waitFor();
    await page.getByRole('tab', { name: 'Benchmarks' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Benchmarks' });
    await panel.getByTestId('family-bar').first().waitFor();
    expect(await chart(panel)).toEqual(expected);
    await panel.getByRole('table', { name: 'Results by test case' }).waitFor();

    await page.goto(`/simulators/${mail.name}`);
    await page.getByRole('heading', { name: mail.name }).waitFor();
    await page.getByRole('tab', { name: 'Benchmarks' }).click();
    await page
      .getByRole('tabpanel', { name: 'Benchmarks' })
      .getByText(RESULTS_MESSAGES.noBenchmarkResults)
      .waitFor();
  });
});
