import {
  AUTO_FAILED_NO_MUTATIONS,
  buildPath,
  type Endpoint,
  type EndpointResponse,
  endpoints,
  MUTATION_GENERATION_MESSAGES,
  User,
} from '@proctor/contracts';
import { users } from '@proctor/db';
import { Proctor } from '@proctor/sdk';
import { builtInSimulators, type SolveContext } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import { chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * Expected mutations generated from sessions people judged correct (001 §2.2, §2.11, §2.12): a test case written
 * in the dashboard has no expectations; two runs of a built-in task's reference solution over CDP are scored
 * Correct by a super scorer; Generate Mutations streams its progress in a dialog and saves what both runs
 * changed; later runs are scored by it.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;

/** A form field (input or text area) by its label, whether or not the label marks it required. */
function field(scope: Locator, label: string): Locator {
  return scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));
}

describe('mutation generation', () => {
  let e2e: E2E;
  let page: Page;
  let sdk: Proctor;
  let token: string;
  let testCasePublicId: string;
  const correctSessions: string[] = [];
  let idleSession: string;
  const name = `Sage mugs ${Date.now().toString(36)}`;

  /** Calls an endpoint of the contract as the signed-in person and parses the answer with its schema. */
  async function call<E extends Endpoint>(
    endpoint: E,
    options: { params?: Record<string, string>; body?: unknown } = {},
  ): Promise<EndpointResponse<E>> {
    const response = await fetch(`${e2e.baseUrl}${buildPath(endpoint.path, options.params)}`, {
      method: endpoint.method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!response.ok)
      throw new Error(`${endpoint.path} answered ${response.status}: ${await response.text()}`);
    return endpoint.response.parse(await response.json()) as EndpointResponse<E>;
  }

  const sessionStatus = async (sessionId: string) =>
    (await call(endpoints.getSession, { params: { id: sessionId } })).session.status;

  /**
   * One session of the test case in an environment of its own: the reference solution over CDP, or nothing.
   * It ends when the environment closes and is then scored by the test case as it is at that moment.
   */
  async function runSession(agent: 'reference solution' | 'idle'): Promise<string> {
    const environment = await sdk.environments.make('shop');
    try {
      await environment.waitForReady();
      const reset = await environment.reset(testCasePublicId);
      if (agent === 'reference solution') {
        const browser = await chromium.connectOverCDP(await environment.cdpUrl());
        try {
          const remote = browser.contexts()[0]!.pages()[0]!;
          remote.setDefaultTimeout(15_000);
          const origin = new URL(reset.start_url).origin;
          const context: SolveContext = {
            origin,
            url: (path) => new URL(path, origin).href,
            auth: { user: shop.auth.user, password: shop.auth.password },
          };
          await mugs.solve(remote, context);
          await remote.waitForLoadState('load');
        } finally {
          await browser.close();
        }
      }
      return reset.session_id;
    } finally {
      await environment.close();
    }
  }

  async function scored(sessionId: string) {
    await expect.poll(() => sessionStatus(sessionId), { timeout: 30_000 }).toBe('scoring_completed');
    const records = await call(endpoints.sessionScores, { params: { id: sessionId } });
    return (type: string) => records.find((record) => record.config.type === type)?.result;
  }

  beforeAll(async () => {
    e2e = await startE2E({ env: { BROWSER_POOL_SIZE: '1' } });
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Mina Mutations'), {
      name: 'Mutation Lab',
      purpose: 'Write test cases and score them by what correct runs change',
    });
    token = tokens.access_token;
    const me = User.parse(await call(endpoints.fromSession));
    // The organization's creator may write test cases; as a super scorer, one person's Correct decides.
    expect(me.permissions.create_test_cases).toBe(true);
    await e2e.proctor.ctx.db
      .update(users)
      .set({ permissions: { ...me.permissions, is_super_scorer: true } })
      .where(eq(users.id, me.id));
    sdk = new Proctor({ baseUrl: e2e.baseUrl, apiKey: me.organization!.apiKey! });
  });
  afterAll(() => e2e?.close());

  it('should create a test case scored by mutations in the dashboard, with no sessions to compare yet', async () => {
    await page.goto('/tests');
    await page.getByRole('button', { name: 'New Test Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Test Case' });
    await field(dialog, 'Environment').click();
    await page.getByRole('option', { name: shop.name, exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Mutations' }).isChecked()).toBe(true);
    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Start URL').fill(mugs.startUrl);
    await field(dialog, 'Prompt').fill(mugs.prompt);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name }).waitFor();
    testCasePublicId = (await page.getByTestId('public-id').textContent()) ?? '';
    expect(testCasePublicId).not.toBe('');
    expect(await page.getByTestId('scoring-badges').textContent()).toBe('Mutations');

    await page.getByRole('tab', { name: 'Mutation Conflict' }).click();
    await page.getByText('Mutations have not been generated for this test case yet.').waitFor();
    await page.getByText('No sessions available for mutation comparison').waitFor();
  });

  it('should keep two runs of the reference solution that a person scored correct', async () => {
    for (let run = 0; run < 2; run++) correctSessions.push(await runSession('reference solution'));
    for (const sessionId of correctSessions) {
      await scored(sessionId);
      await call(endpoints.scoreSessionAsHuman, { params: { id: sessionId }, body: { correct: true } });
    }
    const merged = await call(endpoints.mergedMutations, { body: { test_case_id: testCasePublicId } });
    expect(merged.sessions.map((session) => session.sessionId).sort()).toEqual([...correctSessions].sort());
    expect(merged.differential).toEqual([]);
  });

  it('should generate the expected mutations with the progress streamed into the dialog', async () => {
    await page.goto(`/tests/${testCasePublicId}`);
    await page.getByRole('heading', { name }).waitFor();
    const streamed = page.waitForResponse((response) =>
      response.url().endsWith('/api/env/generate_mutations_single'),
    );
    await page.getByRole('button', { name: 'Generate Mutations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Mutations' });
    expect((await streamed).headers()['content-type']).toContain('application/x-ndjson');

    const row = dialog.locator(`[data-testid="generation-row"][data-test-case-id="${testCasePublicId}"]`);
    await row.getByText(name).waitFor();
    await dialog.getByTestId('generation-outcome').getByText(MUTATION_GENERATION_MESSAGES.success).waitFor();
    expect(await row.getAttribute('data-status')).toBe('success');
    await row.getByText(/^\d+ mutations? from 2 sessions$/).waitFor();
    expect(await dialog.getByTestId('generation-count').textContent()).toBe('1 of 1 test case done');
    expect(await dialog.getByTestId('time-remaining').textContent()).toMatch(/^Took \d+s$/);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('scoring-badges').getByText('Mutations [2]', { exact: true }).waitFor();
    const config = page.getByRole('textbox', { name: 'Scoring configuration' });
    await expect
      .poll(async () => JSON.parse(await config.inputValue()))
      .toMatchObject({
        mutations: expect.arrayContaining([
          expect.objectContaining({ action: 'INSERT', table_name: 'cart_items' }),
        ]),
        num_sessions_used: 2,
      });

    await page.getByRole('tab', { name: 'Mutation Conflict' }).click();
    const last = page.getByTestId('last-generation');
    await last.getByText('Generated').waitFor();
    await last.getByText('2 sessions used').waitFor();
    await page.getByTestId('compared-sessions').getByText('2 sessions compared').waitFor();
    await page.getByText('Every session made the same changes.').waitFor();
    for (const sessionId of correctSessions)
      await page.getByTestId('mutation-conflict').getByRole('link', { name: sessionId }).waitFor();
  });

  it('should show the correct sessions side by side in the mutation diff viewer', async () => {
    await page.getByRole('link', { name: 'Open in the mutation diff viewer' }).click();
    await page.waitForURL(`**/mutation-diff?testcaseId=${testCasePublicId}`);
    await page.getByRole('heading', { name: 'Mutation diff' }).waitFor();
    const columns = page.getByTestId('session-column');
    await expect.poll(() => columns.count()).toBe(2);
    expect(
      (await columns.evaluateAll((all) => all.map((c) => c.getAttribute('data-session-id')))).sort(),
    ).toEqual([...correctSessions].sort());
    await page.getByTestId('differential-count').getByText('No differences').waitFor();
    await columns.first().getByText('cart_items').first().waitFor();
    expect(await page.locator('[data-testid="net-mutation"][data-differential="true"]').count()).toBe(0);

    await page.goto('/mutation-diff');
    await page.getByText('No test case ID provided').waitFor();
    await page.goto('/mutation-diff?testcaseId=no-such-test-case');
    await page.getByText('Test case not found').waitFor();
  });

  it('should pass a later run of the reference solution by the generated mutations and auto-fail an idle one', async () => {
    const passing = await scored(await runSession('reference solution'));
    expect(passing('state_mutation_match')).toMatchObject({ correct: true });

    idleSession = await runSession('idle');
    const idle = await scored(idleSession);
    expect(idle('state_mutation_match')).toMatchObject({ correct: false });
    expect(idle('system_scoring')).toMatchObject({ correct: false, reason: AUTO_FAILED_NO_MUTATIONS });
  });

  it('should show where correct runs disagree, and generate nothing from them', async () => {
    // Judged correct by mistake: it lacks the change the other correct runs made.
    await call(endpoints.scoreSessionAsHuman, { params: { id: idleSession }, body: { correct: true } });
    await page.goto(`/tests/${testCasePublicId}?section=mutation_conflict`);
    const row = page.getByTestId('differential-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('INSERT').waitFor();
    await row.getByText('cart_items').waitFor();
    await row.getByRole('link', { name: idleSession }).waitFor();

    await page.getByRole('button', { name: 'Generate Mutations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Mutations' });
    await dialog
      .getByTestId('generation-outcome')
      .getByText(MUTATION_GENERATION_MESSAGES.allFailed)
      .waitFor();
    await dialog
      .getByTestId('generation-error')
      .getByText(/The 3 correct sessions disagree on 1 change/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('generation-errors')
      .getByText(/disagree on 1 change/)
      .waitFor();
    // The expectations generated before stay.
    await page.getByTestId('scoring-badges').getByText('Mutations [2]', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Open in the mutation diff viewer' }).click();
    await page.getByTestId('differential-count').getByText('1 change not in every session').waitFor();
    const idleColumn = page.locator(`[data-testid="session-column"][data-session-id="${idleSession}"]`);
    await idleColumn.getByTestId('missing-mutation').getByText('cart_items').waitFor();
    expect(await page.locator('[data-testid="net-mutation"][data-differential="true"]').count()).toBe(2);
  });
});
