import { endpoints, type Simulator } from '@proctor/contracts';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

function liveView(page: Page): Locator {
  return page.getByLabel("Live view of the environment's browser");
}

/** Waits until the live view draws a page of the simulator (many colours, not the blank placeholder). */
async function waitForFrame(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        liveView(page).evaluate((element) => {
          const canvas = element as HTMLCanvasElement;
          const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? {
            data: [],
          };
          const colours = new Set<number>();
          for (let i = 0; i < data.length; i += 4 * 97)
            colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
          return colours.size;
        }),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(20);
}

/** Clicks, in the dashboard, where the live view draws `target` (located over CDP only to know where). */
async function clickInLiveView(page: Page, remote: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const canvas = await liveView(page).boundingBox();
  if (!box || !canvas) throw new Error('The target or the live view is not on screen');
  const viewport = await remote.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  await page.mouse.click(
    canvas.x + ((box.x + box.width / 2) / viewport.width) * canvas.width,
    canvas.y + ((box.y + box.height / 2) / viewport.height) * canvas.height,
  );
}

describe('the recorder', () => {
  let e2e: E2E;
  let adminApi: CatalogApi;
  let shop: Simulator;
  const remotes: Browser[] = [];
  const suffix = unique();

  beforeAll(async () => {
    // No language model, whatever the machine sets: Format's plain refusal is what is tested here (the answer
    // from a model is the server test's, against a stand-in).
    e2e = await startE2E({
      env: { AUTHORING_LLM_URL: '', AUTHORING_LLM_MODEL: '', SCORING_LLM_URL: '', SCORING_LLM_MODEL: '' },
    });
    // The first account is the platform admin: it writes the test cases and assigns them.
    const adminPage = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, adminPage, person('Ada Admin'), {
      name: `Admin HQ ${suffix}`,
      purpose: 'Run the platform',
    });
    adminApi = catalogApi(e2e.baseUrl, tokens.access_token);
    const found = (await adminApi.simulators()).find((simulator) => simulator.name === 'shop');
    if (!found) throw new Error('The built-in shop simulator is not registered');
    shop = found;
  });

  /** A new person whose own organization the platform admin makes an annotator one (they hold playground_access). */
  async function annotator(name: string): Promise<{ page: Page; api: CatalogApi; organizationId: number }> {
    const { page } = await e2e.newUserPage();
    // Room for the live view at its reference width beside the navigation and the 450 px panel.
    await page.setViewportSize({ width: 2048, height: 1200 });
    const tokens = await signUpThroughApi(e2e, page, person(`Rae ${name}`), {
      name: `${name} ${suffix}`,
      purpose: 'Record tasks',
    });
    const api = catalogApi(e2e.baseUrl, tokens.access_token);
    const organizationId = (await api.call(endpoints.fromJwt)).organizationId!;
    await adminApi.call(endpoints.adminUpdateOrganization, {
      params: { id: organizationId },
      body: { isAnnotator: true },
    });
    return { page, api, organizationId };
  }

  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

  it('should record an assigned case in the live view, move to the next on Task Complete, and exit to the session', async () => {
    // An annotator organization asked for 2 sessions of each of two cases.
    const { page, api: annotatorApi, organizationId } = await annotator('Recorders');
    const names = [`Open the sign-in page ${suffix}`, `Browse the mugs ${suffix}`];
    const cases = [];
    for (const name of names) {
      const testCase = await adminApi.createTestCase({ name, prompt: `${name}.`, simulatorId: shop.id });
      await adminApi.call(endpoints.assignTestCaseToOrganizations, {
        params: { id: testCase.publicId },
        body: { organization_ids: [organizationId], requested_recording_count: 2 },
      });
      cases.push(testCase);
    }
    const [first, second] = cases as [(typeof cases)[0], (typeof cases)[0]];

    await page.goto('/recorder');
    const panel = page.getByRole('complementary', { name: 'Recorder panel' });
    await page.getByText('Select an environment to start').waitFor();
    const row = (publicId: string) =>
      panel.locator(`[data-testid="recorder-case"][data-public-id="${publicId}"]`);
    expect(await row(first.publicId).getByTestId('recorder-case-count').textContent()).toBe('0/2');
    expect(await row(second.publicId).getByTestId('recorder-case-count').textContent()).toBe('0/2');

    // Opening the first case starts the shop with its task.
    await row(first.publicId).click();
    await page.waitForURL((url) => url.pathname === `/recorder/${first.publicId}`);
    await waitForFrame(page);
    expect(await panel.getByTestId('recorder-test-case-name').textContent()).toBe(first.name);
    expect(await panel.getByTestId('task-prompt').textContent()).toBe(first.prompt);
    expect(await panel.getByTestId('simulator-user').textContent()).toBe('jordan.ellis@example.com');
    const firstEnvironmentId = (await panel.getByTestId('environment-id').textContent()) ?? '';

    // Retry starts over in a new environment with the same case; the attempt given up is not counted.
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => panel.getByTestId('environment-id').textContent(), { timeout: 60_000 })
      .not.toBe(firstEnvironmentId);
    await panel.getByRole('button', { name: 'Task Complete' }).waitFor();
    await expect
      .poll(() => panel.getByRole('button', { name: 'Task Complete' }).isEnabled(), { timeout: 60_000 })
      .toBe(true);
    await waitForFrame(page);
    expect(await panel.getByTestId('recorder-test-case-name').textContent()).toBe(first.name);
    const environmentId = (await panel.getByTestId('environment-id').textContent()) ?? '';

    // The person acts through the live view only: CDP just says where the link is drawn.
    const { cdp_url } = await annotatorApi.call(endpoints.environmentCdpUrl, {
      params: { id: environmentId },
    });
    const remote = await chromium.connectOverCDP(cdp_url);
    remotes.push(remote);
    const shopPage = remote.contexts()[0]?.pages()[0];
    if (!shopPage) throw new Error('The environment has no page');
    await clickInLiveView(page, shopPage, shopPage.getByRole('link', { name: 'Sign in' }));
    await shopPage.waitForURL((url) => url.pathname === '/login');

    // Task Complete: the first case is done, the next one opens in the same environment.
    await panel.getByRole('button', { name: 'Task Complete' }).click();
    await expect
      .poll(() => panel.getByTestId('recorder-test-case-name').textContent(), { timeout: 60_000 })
      .toBe(second.name);
    await page.waitForURL((url) => url.pathname === `/recorder/${second.publicId}`);
    expect(await panel.getByTestId('environment-id').textContent()).toBe(environmentId);
    expect(await panel.getByTestId('task-prompt').textContent()).toBe(second.prompt);
    await expect
      .poll(() => panel.getByRole('button', { name: 'Task Complete' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);

    // The first case moved to the Completed group, with the session the person recorded counted.
    await panel.getByRole('button', { name: 'Completed (1)' }).click();
    await expect
      .poll(() => row(first.publicId).getByTestId('recorder-case-count').textContent(), { timeout: 30_000 })
      .toBe('1/2');
    const { assignments } = await annotatorApi.call(endpoints.organizationAssignments);
    expect(assignments.find((a) => a.test_case.publicId === first.publicId)).toMatchObject({
      recorded_count: 1,
      recorded_by_you_count: 1,
    });

    // Exit evaluates, closes the environment and lands on the session of the case it was on.
    await panel.getByRole('button', { name: 'Exit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sessions/'), { timeout: 60_000 });
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const session = await annotatorApi.call(endpoints.getSession, { params: { id: sessionId } });
    expect(session.session.testCase?.publicId).toBe(second.publicId);
    const status = await annotatorApi.call(endpoints.environmentStatus, { params: { id: environmentId } });
    expect(status.status).toBe('closed');

    // Free play from the picker: the shop with no test case; Exit closes it (nothing to evaluate).
    await page.goto('/recorder?app=shop');
    await panel.getByRole('button', { name: 'Choose test case' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a test case' });
    expect(await picker.getByLabel('Test case', { exact: true }).inputValue()).toBe(
      'No Test Case (Free Play)',
    );
    await picker.getByRole('button', { name: 'Start' }).click();
    await waitForFrame(page);
    expect(await panel.getByTestId('recorder-test-case-name').textContent()).toBe('No Test Case (Free Play)');
    await panel.getByRole('button', { name: 'Exit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sessions/'), { timeout: 60_000 });
  });

  it('should hold the answer to the output rules, say when no model can Format, and exit after the last case', async () => {
    const { page, api, organizationId } = await annotator('Answerers');
    const testCase = await adminApi.createTestCase({
      name: `Count the mugs ${suffix}`,
      prompt: 'How many mug colours does the shop sell?',
      simulatorId: shop.id,
      scoringTypes: ['output'],
      outputSchema: {
        type: 'object',
        properties: { colours: { type: 'number', minimum: 1 } },
        required: ['colours'],
      },
    });
    await adminApi.call(endpoints.assignTestCaseToOrganizations, {
      params: { id: testCase.publicId },
      body: { organization_ids: [organizationId], requested_recording_count: 1 },
    });

    // A link to a test case that is not there.
    await page.goto('/recorder/no-such-test-case');
    await page.getByTestId('recorder-not-found').getByText('Test Case Not Found').waitFor();

    await page.goto(`/recorder/${testCase.publicId}`);
    const panel = page.getByRole('complementary', { name: 'Recorder panel' });
    await waitForFrame(page);
    const outputBox = panel.getByLabel('Expected output');
    const taskComplete = panel.getByRole('button', { name: 'Task Complete' });

    await taskComplete.click();
    await panel.getByText('Output value is required for output scoring type').waitFor();
    await panel.getByRole('button', { name: 'Format' }).click();
    await panel.getByText('Please enter some text in the output value field first').waitFor();

    // Without a configured model, Format says so plainly.
    await outputBox.fill('There are three colours');
    await panel.getByRole('button', { name: 'Format' }).click();
    await panel.getByText('Failed to convert text to structured data').waitFor();
    await panel.getByText(/No language model is configured/).waitFor();

    await taskComplete.click();
    await panel.getByText(/^Invalid JSON format: /).waitFor();
    await outputBox.fill('{"colours": "three"}');
    await taskComplete.click();
    await panel
      .getByText(/^Output validation errors: .*Expected number, got string/)
      .waitFor({ timeout: 30_000 });

    // A valid answer completes the only case: nothing remains, so the recorder exits to its session.
    await outputBox.fill('{"colours": 3}');
    await taskComplete.click();
    await page.waitForURL((url) => url.pathname.startsWith('/sessions/'), { timeout: 60_000 });
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const { session } = await api.call(endpoints.getSession, { params: { id: sessionId } });
    expect(session.testCase?.publicId).toBe(testCase.publicId);
    expect(session.output).toEqual({ colours: 3 });
  });

  it('should refuse a member without playground_access: the dialog on screen, 403 from the server', async () => {
    const { page } = await e2e.newUserPage();
    const tokens = await signUpThroughApi(e2e, page, person('Nell Noaccess'), {
      name: `No access ${suffix}`,
      purpose: 'Look around',
    });
    const api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me = await api.call(endpoints.fromJwt);
    await adminApi.call(endpoints.adminUpdateUser, {
      params: { id: me.id },
      body: { permissions: { playground_access: false } },
    });
    await page.goto('/recorder');
    await page.getByRole('dialog', { name: 'Recorder access' }).waitFor();
    await expect(
      api.call(endpoints.makeEnvironment, { body: { env_id: 'shop', source: 'recorder' } }),
    ).rejects.toThrow(/answered 403/);
  });
});
