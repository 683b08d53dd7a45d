import { endpoints, NO_FIGURE, type TestCase } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';
import { scoreThroughDialog } from './support/humanScore';

/**
 * Issue 27's end-to-end proof: a platform admin assigns two test cases to an annotator organization for 5
 * sessions each; an annotator records them in the recorder (Task Complete moves to the next); three
 * annotators score the first case's sessions until the consensus moves it to Review; the organization's
 * account admin completes it; the annotator admin shows each person's figures and activity.
 */
const REQUESTED = 5;
const ANSWER = '{"found": true}';

interface Annotator {
  page: Page;
  api: CatalogApi;
  publicId: string;
  email: string;
}

describe('annotators from assignment to completion', () => {
  let e2e: E2E;
  let platformPage: Page;
  let platformApi: CatalogApi;
  /** The annotator organization's account admin (its creator). */
  let adminPage: Page;
  let adminApi: CatalogApi;
  let organizationName: string;
  let organizationId: number;
  const suffix = unique();

  /** A new person moved into the annotator organization by the platform admin. */
  async function annotator(name: string, permissions: { playground_access?: boolean } = {}) {
    const { page } = await e2e.newUserPage();
    // Room for the recorder's live view at its reference width beside the navigation and the 450 px panel.
    await page.setViewportSize({ width: 2048, height: 1200 });
    const tokens = await signUpThroughApi(e2e, page, person(name));
    const api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me = await api.call(endpoints.fromJwt);
    await platformApi.call(endpoints.adminUpdateUser, {
      params: { id: me.id },
      body: { organization_id: organizationId, permissions },
    });
    return { page, api, publicId: me.publicId, email: me.email } satisfies Annotator;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    // The first account is the platform admin; its organization owns the test cases.
    platformPage = (await e2e.newUserPage()).page;
    const platformTokens = await signUpThroughApi(e2e, platformPage, person('Pia Platform'), {
      name: `Platform ${suffix}`,
      purpose: 'Run the platform',
    });
    platformApi = catalogApi(e2e.baseUrl, platformTokens.access_token);

    adminPage = (await e2e.newUserPage()).page;
    organizationName = `Annotators ${suffix}`;
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Alma Admin'), {
      name: organizationName,
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

  /**
   * Records `count` sessions of a test case the way the recorder does it, through the same API: one
   * environment, then a reset to the test case and an evaluation with the answer for each session (the next
   * reset ends the previous one); closing ends the last. Returns the sessions' public ids.
   */
  async function recordThroughApi(api: CatalogApi, testCase: TestCase, count: number): Promise<string[]> {
    const environment = await api.call(endpoints.makeEnvironment, {
      body: { env_id: 'shop', source: 'recorder' },
    });
    const params = { id: environment.id };
    await expect
      .poll(async () => (await api.call(endpoints.environmentStatus, { params })).status, {
        timeout: 120_000,
      })
      .toBe('running');
    const sessionIds: string[] = [];
    for (let n = 0; n < count; n++) {
      const task = await api.call(endpoints.resetEnvironment, {
        params,
        body: { test_case_public_id: testCase.publicId, source: 'recorder' },
      });
      await api.call(endpoints.evaluateEnvironment, { params, body: { output: JSON.parse(ANSWER) } });
      sessionIds.push(task.session_id);
    }
    await api.call(endpoints.closeEnvironment, { params });
    return sessionIds;
  }

  const tabCount = (page: Page, stage: string) =>
    page.getByTestId(`bucket-tab-${stage}`).getByTestId('bucket-tab-count');

  it('should take an assigned case from recording through three scorers to Review and Completed, and show who did what', async () => {
    // Answer-only tasks: the annotator answers in the recorder, and a recording that changes nothing is not
    // failed by the system ("Auto Failed: No Mutations" would decide the consensus before anyone scored).
    const shop = (await platformApi.simulators()).find((simulator) => simulator.name === 'shop');
    if (!shop) throw new Error('The built-in shop simulator is not registered');
    const [first, second] = await Promise.all(
      [`Find the mugs ${suffix}`, `Find the duvet covers ${suffix}`].map((name) =>
        platformApi.createTestCase({
          name,
          prompt: `${name}: say whether the shop sells them.`,
          simulatorId: shop.id,
          scoringTypes: ['output'],
          outputSchema: {
            type: 'object',
            properties: { found: { type: 'boolean' } },
            required: ['found'],
          },
        }),
      ),
    );
    if (!first || !second) throw new Error('The test cases were not created');

    // 1. The platform admin selects both cases in the simulator editor and asks the organization for 5 each.
    await platformPage.goto(`/simulators/${shop.name}/editor`);
    const editorRow = (name: string) =>
      platformPage.locator(`[data-testid="editor-test-case-row"][data-name="${name}"]`);
    await editorRow(first.name).getByRole('checkbox').click();
    await editorRow(second.name).getByRole('checkbox').click();
    await platformPage
      .getByTestId('editor-bulk-bar')
      .getByRole('button', { name: 'Assign to Annotator' })
      .click();
    const assignDialog = platformPage.getByRole('dialog', { name: 'Assign to Annotator Organizations' });
    await assignDialog.getByText('2 test cases').waitFor();
    await assignDialog.getByRole('checkbox', { name: organizationName }).check();
    await assignDialog.getByLabel('Requested recordings').fill(String(REQUESTED));
    await assignDialog.getByRole('button', { name: 'Assign' }).click();
    await platformPage.getByText('Test cases assigned to annotators successfully').waitFor();

    const rae = await annotator('Rae Recorder', { playground_access: true });
    const sam = await annotator('Sam Scorer', { playground_access: true });
    const tia = await annotator('Tia Tester');

    // 2. Rae records the first case in the recorder; Task Complete opens the second; the last one exits.
    await rae.page.goto('/recorder');
    const panel = rae.page.getByRole('complementary', { name: 'Recorder panel' });
    const caseRow = (testCase: TestCase) =>
      panel.locator(`[data-testid="recorder-case"][data-public-id="${testCase.publicId}"]`);
    await expect
      .poll(() => caseRow(first).getByTestId('recorder-case-count').textContent(), { timeout: 30_000 })
      .toBe('0/5');
    expect(await caseRow(second).getByTestId('recorder-case-count').textContent()).toBe('0/5');
    const taskComplete = panel.getByRole('button', { name: 'Task Complete' });
    const answer = async () => {
      await expect.poll(() => taskComplete.isEnabled(), { timeout: 120_000 }).toBe(true);
      await panel.getByLabel('Expected output').fill(ANSWER);
      await taskComplete.click();
    };
    await caseRow(first).click();
    await rae.page.waitForURL((url) => url.pathname === `/recorder/${first.publicId}`);
    await expect
      .poll(() => panel.getByTestId('recorder-test-case-name').textContent(), { timeout: 120_000 })
      .toBe(first.name);
    await answer();
    await expect
      .poll(() => panel.getByTestId('recorder-test-case-name').textContent(), { timeout: 60_000 })
      .toBe(second.name);
    await rae.page.waitForURL((url) => url.pathname === `/recorder/${second.publicId}`);
    await answer();
    await rae.page.waitForURL((url) => url.pathname.startsWith('/sessions/'), { timeout: 60_000 });
    const raeSecond = new URL(rae.page.url()).pathname.split('/').pop() ?? '';

    // The review threshold is the requested count of passed sessions, so the first case needs 5 recordings.
    // The recorder's UI path is proven above; Sam makes the other 4 through the API the recorder itself uses.
    const samSessions = await recordThroughApi(sam.api, first, REQUESTED - 1);
    const sessionsOfFirst = async () =>
      (
        await adminApi.call(endpoints.listSessions, {
          query: { testCaseIds: first.publicId, adminView: 'true', pageSize: 50 },
        })
      ).sessions;
    // Each ended session is scored by its test case's scorers in the background; people score it after.
    await expect
      .poll(async () => (await sessionsOfFirst()).map((session) => session.status), { timeout: 60_000 })
      .toEqual(Array(REQUESTED).fill('scoring_completed'));
    const recorded = await sessionsOfFirst();
    const raeFirst = recorded.find((session) => !samSessions.includes(session.sessionId))!.sessionId;
    expect(recorded.map((session) => session.sessionId).sort()).toEqual([raeFirst, ...samSessions].sort());
    const { assignments } = await rae.api.call(endpoints.organizationAssignments);
    expect(
      assignments.map((assignment) => [assignment.test_case.publicId, assignment.recorded_count]).sort(),
    ).toEqual(
      [
        [first.publicId, REQUESTED],
        [second.publicId, 1],
      ].sort(),
    );

    // 3. Three annotators score every session of the first case Correct. Tia's first score goes through the
    // screens: her home's Needs Scoring tab (the case is there while its sessions have no score), the
    // session, the dialog. The other 14 go through the API (the dialog is proven in humanScoring.test.ts).
    const tiaFirst = raeFirst;
    await tia.page.goto('/');
    await tia.page.getByTestId('bucket-tab-NEEDS_SCORING').click();
    const tiaRow = tia.page.locator(`[data-testid="bucket-row"][data-test-case-id="${first.publicId}"]`);
    await tiaRow.getByRole('button', { name: `Expand ${first.name}` }).click();
    await tia.page
      .locator(`[data-testid="expanded-session-row"][data-session-id="${tiaFirst}"]`)
      .getByRole('link', { name: 'View Session' })
      .click();
    await tia.page.waitForURL(`**/sessions/${tiaFirst}`);
    await tia.page.getByRole('heading', { name: tiaFirst }).waitFor();
    await scoreThroughDialog(tia.page, 'Correct', 'The answer is right');

    const scoreCorrect = (scorer: Annotator, sessionId: string) =>
      scorer.api.call(endpoints.scoreSessionAsHuman, {
        params: { id: sessionId },
        body: { correct: true, reason: 'The shop sells them' },
      });
    const remaining = [rae, sam, tia].flatMap((scorer) =>
      recorded
        .filter(({ sessionId }) => scorer !== tia || sessionId !== tiaFirst)
        .map(({ sessionId }) => ({ scorer, sessionId })),
    );
    const decisive = remaining.pop()!;
    for (const { scorer, sessionId } of remaining) await scoreCorrect(scorer, sessionId);

    // The account admin's Admin View: one session still has 2 of the 3 assessments a consensus needs, so 4
    // passed of the 5 asked for, and no Review yet; the third assessment moves the case there.
    await adminPage.goto('/human-recording-2');
    const adminView = adminPage.getByRole('switch', { name: 'Admin View' });
    if (!(await adminView.isChecked())) await adminView.click({ force: true });
    await expect.poll(() => tabCount(adminPage, 'REVIEW').textContent(), { timeout: 30_000 }).toBe('0');
    const progressOfFirst = async () => {
      const { assignments } = await adminApi.call(endpoints.organizationAssignments);
      const assignment = assignments.find((candidate) => candidate.test_case.publicId === first.publicId);
      return { passed: assignment?.passed_count, review: assignment?.stages.includes('REVIEW') };
    };
    expect(await progressOfFirst()).toEqual({ passed: REQUESTED - 1, review: false });
    await scoreCorrect(decisive.scorer, decisive.sessionId);
    await expect
      .poll(async () => (await sessionsOfFirst()).map((session) => session.humanConsensus), {
        timeout: 30_000,
      })
      .toEqual(Array(REQUESTED).fill('pass'));

    expect(await progressOfFirst()).toEqual({ passed: REQUESTED, review: true });

    // 4. The consensus moved the first case to Review: the account admin completes it.
    await adminPage.reload();
    await expect.poll(() => tabCount(adminPage, 'REVIEW').textContent(), { timeout: 30_000 }).toBe('1');
    expect(await tabCount(adminPage, 'COMPLETED').textContent()).toBe('0');
    await adminPage.getByTestId('bucket-tab-REVIEW').click();
    const reviewRow = adminPage.locator(`[data-testid="bucket-row"][data-test-case-id="${first.publicId}"]`);
    await reviewRow.getByTestId('passed-count').getByText(`${REQUESTED}/${REQUESTED}`).waitFor();
    await reviewRow.getByRole('button', { name: 'Complete' }).click();
    await adminPage.getByText('Test case marked as completed').waitFor();
    await expect.poll(() => tabCount(adminPage, 'COMPLETED').textContent(), { timeout: 30_000 }).toBe('1');
    expect(await tabCount(adminPage, 'REVIEW').textContent()).toBe('0');
    await adminPage.getByTestId('bucket-tab-COMPLETED').click();
    await adminPage
      .locator(`[data-testid="bucket-row"][data-test-case-id="${first.publicId}"]`)
      .getByText(first.name, { exact: true })
      .waitFor();

    // 5. The annotator admin: each person's figures, then their activity ledgers.
    await adminPage.goto('/annotator-admin');
    const userRow = (who: Annotator) =>
      adminPage.getByTestId('annotator-row').and(adminPage.locator(`[data-email="${who.email}"]`));
    const figures = async (who: Annotator) => {
      const row = userRow(who);
      await row.waitFor();
      return {
        sessions: await row.getByTestId('annotator-total-sessions').textContent(),
        scored: await row.getByTestId('annotator-scored-sessions').textContent(),
        success: await row.getByTestId('annotator-success-rate').textContent(),
      };
    };
    // An environment opens on a session of its own before the first task: Rae's recorder visit made 3
    // sessions (that one and one of each case), Sam's environment 1 + 4.
    expect(await figures(rae)).toEqual({ sessions: '3', scored: '5', success: '100%' });
    expect(await figures(sam)).toEqual({ sessions: String(REQUESTED), scored: '5', success: '100%' });
    expect(await figures(tia)).toEqual({ sessions: '0', scored: '5', success: '100%' });

    /** The ledger of one person: each row's activity and the session it names, newest first. */
    const ledger = async (who: Annotator, rows: number) => {
      await userRow(who).click();
      await adminPage.waitForURL(`**/annotator-admin/user/${who.publicId}`);
      const entries = adminPage.getByTestId('activity-row');
      await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(rows);
      const read = await entries.evaluateAll((elements) =>
        elements.map((row) => ({
          activity: row.getAttribute('data-activity'),
          session: row.querySelector('td:nth-child(2)')?.textContent ?? '',
          testCase: row.querySelector('td:nth-child(3)')?.textContent ?? '',
        })),
      );
      await adminPage.getByRole('link', { name: 'Back' }).click();
      await adminPage.waitForURL((url) => url.pathname === '/annotator-admin');
      return read;
    };
    const short = (sessionId: string) => sessionId.slice(0, 8);
    const scoresOf = (read: { activity: string | null; session: string; testCase: string }[]) =>
      read
        .filter((entry) => entry.activity === 'score_added')
        .map((entry) => entry.session)
        .sort();
    const allScored = recorded.map((session) => short(session.sessionId)).sort();

    const raeLedger = await ledger(rae, 3 + REQUESTED);
    expect(scoresOf(raeLedger)).toEqual(allScored);
    // Newest first: the second case, the first, and the environment's own session before the first task.
    expect(raeLedger.filter((entry) => entry.activity === 'session_created')).toEqual([
      { activity: 'session_created', session: short(raeSecond), testCase: second.name },
      { activity: 'session_created', session: short(raeFirst), testCase: first.name },
      { activity: 'session_created', session: expect.any(String), testCase: NO_FIGURE },
    ]);

    const samLedger = await ledger(sam, REQUESTED + REQUESTED);
    expect(scoresOf(samLedger)).toEqual(allScored);
    expect(samLedger.filter((entry) => entry.activity === 'session_created')).toEqual([
      ...samSessions
        .map((sessionId) => ({
          activity: 'session_created',
          session: short(sessionId),
          testCase: first.name,
        }))
        .reverse(),
      { activity: 'session_created', session: expect.any(String), testCase: NO_FIGURE },
    ]);

    const tiaLedger = await ledger(tia, REQUESTED);
    expect(scoresOf(tiaLedger)).toEqual(allScored);
    // Newest first: the score Tia gave on the session page, her first, is the last row.
    expect(tiaLedger.at(-1)).toEqual({
      activity: 'score_added',
      session: short(tiaFirst),
      testCase: first.name,
    });
    // Two environments, one recorder visit and every screen of the flow on a busy 2-core machine.
  }, 300_000);
});
