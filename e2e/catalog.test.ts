import {
  endpoints,
  LAYOUT,
  PAGE_SIZE,
  type Simulator,
  simulatorStatusOf,
  sortSimulatorsByStatus,
  type User,
} from '@proctor/contracts';
import { newPublicId, scores, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, rowNames, unique } from './support/catalog';
import { expectClose } from './support/expectClose';

/** The simulators /simulators should list, in order: what the API gives, sorted by the status order. */
async function expectedSimulatorOrder(api: CatalogApi): Promise<string[]> {
  return sortSimulatorsByStatus(await api.simulators()).map((simulator) => simulator.name);
}

/** A form field (input or text area) by its label, whether or not the label marks it required. */
function field(scope: Page | Locator, label: string): Locator {
  return scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));
}

async function waitForRows(page: Page, testId: string, expected: string[]): Promise<void> {
  await expect.poll(() => rowNames(page, testId), { timeout: 10_000 }).toEqual(expected);
}

describe('simulators, tests and datasets pages', () => {
  let e2e: E2E;
  let admin: Page;
  let api: CatalogApi;
  let adminUser: User;
  let shop: Simulator;
  const suffix = unique();

  beforeAll(async () => {
    e2e = await startE2E();
    admin = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, admin, person('Ada Admin'), {
      name: 'Catalog Labs',
      purpose: 'Judge our shopping agent',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    adminUser = await api.call(endpoints.fromJwt);
    expect(adminUser.permissions.is_admin).toBe(true);
    shop = await api.createSimulator({
      name: `shop-${suffix}`,
      simType: 'docker_app',
      imgUrl: '/favicon.svg',
      description: 'An online shop with a catalog, cart and orders',
      config: {
        status: 'ready',
        license: 'MIT',
        notes: 'Orders reset every night',
        authentication: { user: 'shopper', password: 'hunter22' },
      },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should let an admin add a simulator, change its status inline and see the list re-sorted', async () => {
    const name = `crm-${suffix}`;
    await admin.goto('/simulators');
    await admin.getByRole('heading', { name: 'Simulators' }).waitFor();
    await admin.getByRole('button', { name: 'Add Simulator' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Simulator' });
    await dialog.getByRole('button', { name: 'Create Simulator' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Type is required').waitFor();

    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Type').click();
    await admin.getByRole('option', { name: 'Proxy' }).click();
    await dialog.getByLabel('Port').fill('80a');
    await dialog.getByRole('button', { name: 'Create Simulator' }).click();
    await dialog.getByText('Port must be a whole number').waitFor();
    await dialog.getByLabel('Port').fill('');
    await dialog.getByLabel('Authentication user').fill('agent');
    await dialog.getByLabel('Notes').fill('Recorded from the sales team');
    await dialog.getByLabel('License').fill('Proprietary');
    await dialog.getByRole('button', { name: 'Create Simulator' }).click();
    await admin.getByText('Simulator created').waitFor();
    await admin.waitForURL(`**/simulators/${name}`);

    // Only a user name was given: no authentication is stored. The proxy got the default port and a job name.
    const created = (await api.call(endpoints.simulator, { params: { nameOrId: name } })).simulator;
    expect(created.config.authentication).toBeUndefined();
    expect(created.internalAppPort).toBe(3000);
    expect(created.jobName).toBe(`CRM${suffix.toUpperCase()}Job`);

    await admin.goto('/simulators');
    await waitForRows(admin, 'simulator-row', await expectedSimulatorOrder(api));
    const row = admin.locator(`[data-testid="simulator-row"][data-name="${name}"]`);
    expect(
      await row.getByLabel(`Status of ${name}`, { exact: true }).and(row.locator('input')).inputValue(),
    ).toBe('Not started');
    expect(await row.locator('td').nth(3).textContent()).toBe('Recorded from the sales team');
    expect(await row.locator('td').nth(4).textContent()).toBe('Proxy');

    await row.getByLabel(`Status of ${name}`, { exact: true }).and(row.locator('input')).click();
    await admin.getByRole('option', { name: 'Ready', exact: true }).click();
    await admin.getByText('Status updated').waitFor();
    const afterUpdate = await expectedSimulatorOrder(api);
    expect(
      (await api.call(endpoints.simulator, { params: { nameOrId: name } })).simulator.config.status,
    ).toBe('ready');
    await waitForRows(admin, 'simulator-row', afterUpdate);
    // Ready sorts first: the new simulator now stands among the ready ones, before any other status.
    const readyNames = (await api.simulators())
      .filter((simulator) => simulatorStatusOf(simulator) === 'ready')
      .map((simulator) => simulator.name);
    expect(afterUpdate.indexOf(name)).toBeLessThan(readyNames.length);

    await field(admin, 'Name').fill(name);
    await admin.getByText(`Showing 1 of ${afterUpdate.length} simulators`).waitFor();
    await waitForRows(admin, 'simulator-row', [name]);
    await admin.getByRole('button', { name: 'Clear All' }).click();
    await waitForRows(admin, 'simulator-row', afterUpdate);
    expect(await admin.getByTestId('simulators-showing').count()).toBe(0);
  });

  it("should show a member only their plan's simulators, with a read-only status badge", async () => {
    const { page } = await e2e.newUserPage();
    const tokens = await signUpThroughApi(e2e, page, person('Max Member'), {
      name: `Member Org ${suffix}`,
      purpose: 'Evaluate agents',
    });
    const member = catalogApi(e2e.baseUrl, tokens.access_token);
    const me = await member.call(endpoints.fromJwt);
    expect(me.permissions.is_admin).toBe(false);

    expect(me.permissions.dashboard_access).toBe(true);

    // Without dashboard access the work areas are disabled.
    await api.call(endpoints.adminUpdateUser, {
      params: { id: me.id },
      body: { permissions: { dashboard_access: false } },
    });
    for (const path of ['/simulators', '/tests', '/datasets']) {
      await page.goto(path);
      await page.getByTestId('dashboard-access-required').waitFor();
    }

    await api.call(endpoints.adminUpdateUser, {
      params: { id: me.id },
      body: { permissions: { dashboard_access: true } },
    });
    await api.call(endpoints.adminUpdateOrganization, {
      params: { id: me.organizationId ?? 0 },
      body: { plan: { allowed_simulators: [shop.id] } },
    });
    await page.goto('/simulators');
    await waitForRows(page, 'simulator-row', [shop.name]);
    const row = page.locator('[data-testid="simulator-row"]');
    expect(await row.getByTestId('simulator-status').textContent()).toBe('Ready');
    expect(await row.locator('input').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Simulator' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Notes' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Assigned User' }).count()).toBe(0);
  });

  it('should show a simulator with its test cases and a Getting Started panel that works', async () => {
    const checkout = await api.createTestCase({
      simulatorId: shop.id,
      name: `Checkout ${suffix}`,
      prompt: 'Buy the blue kettle and pay with the saved card.',
      startUrl: '/catalog',
    });
    await api.call(endpoints.updateTestCase, {
      params: { id: checkout.publicId },
      body: { reasoningLevel: 'level_3', capabilities: ['forms_and_inputs'] },
    });
    const expected = (
      await api.call(endpoints.testCases, {
        query: { simulator_id: shop.id, page_size: PAGE_SIZE.simulatorTestCases },
      })
    ).test_cases;

    await admin.goto(`/simulators/${shop.name}`);
    await admin.getByRole('heading', { name: shop.name }).waitFor();
    await admin
      .getByTestId('simulator-test-count')
      .getByText(`${expected.length} test case`, { exact: false })
      .waitFor();
    await waitForRows(
      admin,
      'test-case-row',
      expected.map((testCase) => testCase.name),
    );
    const row = admin.locator(`[data-testid="test-case-row"][data-name="Checkout ${suffix}"]`);
    const cells = await row.locator('td').allTextContents();
    expect(cells[3]).toBe('L3');
    expect(cells[4]).toBe('Forms and inputs');
    expect(cells[5]).toBe('—');
    expect(cells[6]).toBe('—');

    const panel = admin.getByRole('region', { name: 'Getting Started' });
    expect(await panel.getByTestId('getting-started-user').textContent()).toBe('shopper');
    expect(await panel.getByTestId('getting-started-password').textContent()).toBe('hunter22');
    await panel.getByText('Orders reset every night').waitFor();
    expect(await panel.getByRole('link', { name: 'Run in Playground' }).getAttribute('href')).toBe(
      `/playground?app=${shop.name}`,
    );

    // The agent's run in Python by default, with the client this server serves; TypeScript one tab away.
    const python = panel.getByRole('tabpanel', { name: 'Python' });
    expect(await python.locator('pre').first().textContent()).toBe(
      `curl -fsSLO ${e2e.baseUrl}/sdk/proctor.py && pip install playwright`,
    );
    expect(await python.locator('pre').nth(1).textContent()).toContain(
      `with proctor.environments.make("${shop.name}") as env:`,
    );
    const client = await fetch(`${e2e.baseUrl}/sdk/proctor.py`);
    expect(client.status).toBe(200);
    expect(await client.text()).toContain('class Proctor:');
    await panel.getByRole('tab', { name: 'TypeScript' }).click();
    const typescript = panel.getByRole('tabpanel', { name: 'TypeScript' });
    await typescript.getByText(`npm install ${e2e.baseUrl}/sdk/proctor-sdk.tgz playwright-core`).waitFor();
    expect(await typescript.locator('pre').nth(1).textContent()).toContain(
      `await proctor.environments.make('${shop.name}');`,
    );

    // The listing is true: the call it shows answers this simulator's test cases to the organization's key.
    const snippet = (await panel.locator('pre', { hasText: '/api/testcases' }).textContent()) ?? '';
    const url = /'(http[^']+)'/.exec(snippet)?.[1];
    expect(url).toBe(`${e2e.baseUrl}/api/testcases?simulator_id=${shop.id}&page_size=1000`);
    const apiKey = adminUser.organization?.apiKey ?? '';
    const answer = await fetch(url ?? '', { headers: { 'X-API-Key': apiKey } });
    expect(answer.status).toBe(200);
    const listed = endpoints.testCases.response.parse(await answer.json());
    expect(listed.test_cases.map((testCase) => testCase.name)).toContain(`Checkout ${suffix}`);

    await row.click();
    await admin.waitForURL(`**/tests/${checkout.publicId}`);
    await admin.getByRole('heading', { name: `Checkout ${suffix}` }).waitFor();
  });

  it("should rescore a simulator's ended sessions after confirming, and say what was done", async () => {
    const simulator = await api.createSimulator({ name: `rescore-${suffix}`, simType: 'app' });
    const testCase = await api.createTestCase({
      simulatorId: simulator.id,
      name: `Change nothing ${suffix}`,
      prompt: 'Look around without changing anything.',
    });
    // A run that ended and changed nothing, as an environment leaves it.
    const [session] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: adminUser.organizationId,
        testCaseId: testCase.id,
        simulatorId: simulator.id,
      })
      .returning();

    await admin.goto(`/simulators/${simulator.name}`);
    await admin.getByRole('heading', { name: simulator.name }).waitFor();
    await admin.getByRole('button', { name: 'Rescore Sessions' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Rescore Sessions' });
    await dialog.getByText('human scores do not change').waitFor();
    await dialog.getByRole('button', { name: 'Rescore' }).click();
    const notification = admin.getByRole('alert').filter({ hasText: 'Rescoring completed' });
    await notification.getByText('1 test case rescored, 0 skipped, 0 errors').waitFor();

    // Judged by its test case: nothing expected and nothing changed, and the system's own Auto-Fail.
    const verdicts = await e2e.proctor.ctx.db.select().from(scores).where(eq(scores.sessionId, session!.id));
    expect(verdicts.map((score) => score.type).sort()).toEqual(['state_mutation_match', 'system_scoring']);
  });

  it('should filter the tests list by name and page through it, leaving page 1 out of the URL', async () => {
    const prefix = `Paging ${suffix}`;
    for (let i = 1; i <= PAGE_SIZE.tests + 2; i += 1) {
      await api.createTestCase({
        simulatorId: shop.id,
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        prompt: `Open order number ${1000 + i} and read its total.`,
      });
    }
    const total = (await api.call(endpoints.testCases, { query: { name: prefix } })).pagination.total_count;
    expect(total).toBe(PAGE_SIZE.tests + 2);

    await admin.goto('/tests');
    await admin.getByRole('heading', { name: 'Tests' }).waitFor();
    await admin.getByLabel('Search by name').fill(prefix);
    await admin.waitForURL((url) => url.searchParams.get('name') === prefix);
    await admin.getByText(`Showing 1–${PAGE_SIZE.tests} of ${total} test cases`).waitFor();
    expect(await admin.getByTestId('test-case-row').count()).toBe(PAGE_SIZE.tests);
    expect(new URL(admin.url()).searchParams.has('page')).toBe(false);

    await admin.getByRole('button', { name: '2', exact: true }).click();
    await admin.waitForURL((url) => url.searchParams.get('page') === '2');
    await waitForRows(admin, 'test-case-row', [`${prefix} 31`, `${prefix} 32`]);

    await admin.getByRole('button', { name: '1', exact: true }).click();
    await admin.waitForURL((url) => !url.searchParams.has('page') && url.searchParams.get('name') === prefix);
    await expect.poll(() => admin.getByTestId('test-case-row').count()).toBe(PAGE_SIZE.tests);

    // A row click opens the test case; the side panel opens from the row's own button.
    await admin.getByRole('button', { name: `Show details: ${prefix} 01` }).click();
    const panel = admin.getByTestId('test-case-panel');
    await panel.getByText('Open order number 1001 and read its total.').waitFor();
    await field(panel, 'Prompt').fill('Open order number 1001 and read its total in euros.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Test case updated successfully').waitFor();
    const [saved] = (await api.call(endpoints.testCases, { query: { name: `${prefix} 01` } })).testcases;
    expect(saved?.prompt).toBe('Open order number 1001 and read its total in euros.');

    await admin.getByRole('button', { name: 'Close details' }).click();
    await admin.getByRole('button', { name: 'Clear Filters' }).click();
    await admin.waitForURL((url) => url.search === '');
  });

  it('should create a single test case and blank test cases from the New Test Case dialog', async () => {
    await admin.goto('/tests');
    await admin.getByRole('button', { name: 'New Test Case' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Test Case' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Environment is required').waitFor();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Prompt is required').waitFor();

    await field(dialog, 'Environment').click();
    await admin.getByRole('option', { name: shop.name, exact: true }).click();
    await field(dialog, 'Name').fill(`Return ${suffix}`);
    await field(dialog, 'Prompt').fill('Return the last order and choose store credit.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.getByText('Test case created').first().waitFor();
    await admin.getByRole('heading', { name: `Return ${suffix}` }).waitFor();
    expect(new URL(admin.url()).pathname).toMatch(/^\/tests\/.+/);

    const before = (await api.call(endpoints.testCases, { query: { name: 'blank_test_' } })).pagination
      .total_count;
    await admin.goto('/tests');
    await admin.getByRole('button', { name: 'New Test Case' }).click();
    await field(dialog, 'Environment').click();
    await admin.getByRole('option', { name: shop.name, exact: true }).click();
    await dialog.getByText('Blank Test Cases').click();
    const count = dialog.getByLabel('Number of blank test cases');
    await count.fill('abc');
    await count.blur();
    expect(await count.inputValue()).toBe('1');
    await count.fill('3');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.getByText(/3 blank test cases were added/).waitFor();
    const blanks = await api.call(endpoints.testCases, { query: { name: 'blank_test_' } });
    expect(blanks.pagination.total_count).toBe(before + 3);
    expect(blanks.testcases.every((testCase) => testCase.prompt === 'This is a blank test case.')).toBe(true);
  });

  it('should edit prompt and metadata with Save and Cancel shown only while something changed', async () => {
    const testCase = await api.createTestCase({
      simulatorId: shop.id,
      name: `Edit me ${suffix}`,
      prompt: 'Find the cheapest kettle.',
    });
    await admin.goto(`/tests/${testCase.publicId}`);
    await admin.getByRole('heading', { name: `Edit me ${suffix}` }).waitFor();
    expect(await admin.getByTestId('public-id').textContent()).toBe(testCase.publicId);

    const save = admin.getByRole('button', { name: 'Save Changes' });
    const cancel = admin.getByRole('button', { name: 'Cancel' });
    expect(await save.count()).toBe(0);

    const prompt = field(admin, 'Prompt');
    await prompt.fill('Find the cheapest kettle and add it to the cart.');
    await save.waitFor();
    await cancel.click();
    expect(await prompt.inputValue()).toBe('Find the cheapest kettle.');
    expect(await save.count()).toBe(0);

    await admin.getByLabel('Scoring configuration').fill('{"type": ');
    await save.click();
    await admin.getByText('Invalid JSON in scoring config').first().waitFor();
    await admin.getByLabel('Scoring configuration').fill('{}');

    await prompt.fill('Find the cheapest kettle and add it to the cart.');
    await field(admin, 'Reasoning level').click();
    await admin.getByRole('option', { name: 'L3 · Simple Inference' }).click();
    await field(admin, 'Capabilities').click();
    await admin.getByRole('option', { name: 'Search and extract' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Goal type').fill('state change');
    await save.click();
    await admin.getByText('Test case updated successfully').waitFor();
    await expect.poll(() => save.count()).toBe(0);

    const saved = (await api.call(endpoints.testCase, { params: { id: testCase.publicId } })).testCase;
    expect(saved.prompt).toBe('Find the cheapest kettle and add it to the cart.');
    expect(saved.metadataConfig).toEqual({
      goal_type: 'state change',
      reasoning_level: 'level_3',
      skills: null,
      capabilities: ['search_and_extract'],
    });

    // Output scoring brings the output schema editor, whose JSON is checked too.
    expect(await admin.getByLabel('Output schema').count()).toBe(0);
    await admin.getByRole('checkbox', { name: 'Output' }).check();
    await admin.getByLabel('Output schema').fill('{not json');
    await save.click();
    await admin.getByText('Invalid JSON in output schema').first().waitFor();
    await cancel.click();
    expect(await admin.getByLabel('Output schema').count()).toBe(0);

    await admin.goto(`/tests/${testCase.publicId}x`);
    await admin.getByRole('heading', { name: 'Test case not found' }).waitFor();
  });

  it('should create a dataset with an emoji, add a test, show its favicon and archive it after confirming', async () => {
    const testCase = await api.createTestCase({
      simulatorId: shop.id,
      name: `Dataset pick ${suffix}`,
      prompt: 'Add two mugs to the cart.',
      startUrl: '/catalog/mugs',
    });
    const name = `Checkout flows ${suffix}`;
    await admin.goto('/datasets');
    await admin.getByRole('heading', { name: 'Datasets' }).waitFor();
    await waitForRows(
      admin,
      'dataset-row',
      (await api.call(endpoints.testCaseSets)).testCaseSets.map((set) => set.name),
    );
    // A built-in simulator's dataset shows that simulator's image, served by Proctor.
    const builtIn = (await api.call(endpoints.testCaseSets)).testCaseSets.find(
      (set) => set.organizationId === null && set.imgUrl !== null && set.icon === null,
    );
    expect(builtIn, 'a public dataset of a built-in simulator').toBeDefined();
    const builtInIcon = admin
      .locator(`[data-testid="dataset-row"][data-name="${builtIn!.name}"]`)
      .getByRole('img', { name: `${builtIn!.name} icon` });
    expect(await builtInIcon.getAttribute('src')).toBe(builtIn!.imgUrl);
    await expect
      .poll(() => builtInIcon.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await admin.getByRole('button', { name: 'Create dataset' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create dataset' });
    await field(dialog, 'Name').fill(name);
    await dialog.getByLabel('Description').fill('Everything between the cart and the receipt');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('You can enter either a valid image URL or an emoji character').waitFor();
    await field(dialog, 'Icon').fill('not an icon');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await field(dialog, 'Icon').fill('🛒');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.getByText('Dataset created').waitFor();

    const row = admin.locator(`[data-testid="dataset-row"][data-name="${name}"]`);
    expect(await row.getByRole('img', { name: `${name} icon` }).textContent()).toBe('🛒');
    expect(await row.getByTestId('dataset-count').textContent()).toBe('0');
    expect(await row.getByText('Public').count()).toBe(0);

    await row.getByRole('button', { name: `Add test to ${name}` }).click();
    const add = admin.getByRole('dialog', { name: 'Add Test' });
    await field(add, 'Test cases').fill(`Dataset pick ${suffix}`);
    await admin.getByRole('option', { name: `Dataset pick ${suffix} (${shop.name})` }).click();
    await add.getByText(`Choose test cases to add to ${name}.`).click();
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByText(`Added 1 test case to ${name}`).waitFor();
    await expect.poll(() => row.getByTestId('dataset-count').textContent()).toBe('1');
    // The site's icon is the simulator's own image.
    const favicon = row.getByTestId('dataset-sites').getByRole('img', { name: shop.name });
    expect(await favicon.getAttribute('src')).toBe('/favicon.svg');

    await row.click();
    const panel = admin.getByTestId('dataset-panel');
    const item = panel.getByTestId('dataset-test-case');
    await item.getByText(`Dataset pick ${suffix}`).waitFor();
    await item.getByText('/catalog/mugs').waitFor();
    await item.getByText('Mutations').waitFor();
    await item.getByText('Add two mugs to the cart.').waitFor();
    expectClose(
      await admin.locator('.mantine-Drawer-content').evaluate((el) => el.getBoundingClientRect().width),
      LAYOUT.datasetPanelWidth,
    );

    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Archive dataset' });
    await confirm.getByText(`Are you sure you want to archive "${name}"?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);

    await admin.getByRole('button', { name: 'Close dataset' }).click();
    await row.getByRole('button', { name: `Archive ${name}` }).click();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await admin.getByText(`${name} archived`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const remaining = (await api.call(endpoints.testCaseSets)).testCaseSets.map((set) => set.name);
    expect(remaining).not.toContain(name);
    expect(testCase.name).toBe(`Dataset pick ${suffix}`);
  });
});
