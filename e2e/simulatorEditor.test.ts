import { endpoints, type Simulator, type User } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, rowNames, unique } from './support/catalog';

const ROW = 'editor-test-case-row';

function row(page: Page, name: string) {
  return page.locator(`[data-testid="${ROW}"][data-name="${name}"]`);
}

async function selectedRows(page: Page): Promise<string[]> {
  return page
    .locator(`[data-testid="${ROW}"][data-selected]`)
    .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-name') ?? ''));
}

describe('simulator editor', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let simulator: Simulator;
  let user: User;
  const suffix = unique();
  const names = [1, 2, 3, 4, 5].map((n) => `Editor case ${n} ${suffix}`);

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person('Eda Editor'), {
      name: 'Editor Labs',
      purpose: 'Curate our simulators',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    user = await api.call(endpoints.fromJwt);
    simulator = await api.createSimulator({
      name: `bank-${suffix}`,
      simType: 'docker_app',
      description: 'A bank with accounts and transfers',
      config: { status: 'ready', license: 'MIT' },
    });
    for (const name of names) {
      await api.createTestCase({
        simulatorId: simulator.id,
        name,
        prompt: `Do the task called ${name}.`,
        startUrl: '/accounts',
      });
    }
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should open from the simulator page, select a range with shift-click, archive it after confirming and make a row public', async () => {
    await page.goto(`/simulators/${simulator.name}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/simulators/${simulator.name}/editor`);
    await page.getByRole('tab', { name: 'By Test Case' }).waitFor();
    await expect.poll(() => rowNames(page, ROW), { timeout: 10_000 }).toEqual(names);

    // A click on a row shows its sessions beside the table.
    await row(page, names[0]!).getByText(names[0]!, { exact: true }).click();
    const panel = page.getByTestId('editor-sessions-panel');
    await panel.getByText('No sessions found for this test case').waitFor();
    expect(await panel.getByTestId('editor-sessions-count').textContent()).toBe('0 sessions');
    expect(await panel.getByRole('link', { name: names[0] }).getAttribute('target')).toBe('_blank');

    await row(page, names[1]!).getByRole('checkbox').click();
    await row(page, names[3]!)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => selectedRows(page)).toEqual([names[1], names[2], names[3]]);
    expect(await page.getByTestId('editor-selected-count').textContent()).toBe('3 selected');
    await page.getByTestId('editor-bulk-bar').getByRole('button', { name: 'Make Public' }).waitFor();
    await page.getByTestId('editor-bulk-bar').getByRole('button', { name: 'Generate Mutations' }).waitFor();

    // Cancelling the confirmation archives nothing.
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Archive Test Cases' });
    await dialog.getByText('Archive 3 test cases? Bulk archiving cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rowNames(page, ROW)).toEqual(names);

    await page.keyboard.press('Backspace');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Test cases archived successfully').waitFor();
    await expect.poll(() => rowNames(page, ROW)).toEqual([names[0], names[4]]);
    expect(await page.getByTestId('editor-bulk-bar').count()).toBe(0);
    const left = await api.call(endpoints.testCases, { query: { simulator_id: simulator.id } });
    expect(left.testcases.map((testCase) => testCase.name)).toEqual([names[0], names[4]]);

    // Make Public takes the selected test case out of the organization.
    await row(page, names[0]!).getByRole('checkbox').click();
    await page.getByTestId('editor-bulk-bar').getByRole('button', { name: 'Make Public' }).click();
    await page.getByText('Test cases made public successfully').waitFor();
    const [made] = (await api.call(endpoints.testCases, { query: { name: names[0]! } })).testcases;
    expect(made?.organizationId).toBeNull();
  });

  it("should list the focused test case's sessions and keep only the agents chosen in the header", async () => {
    const testCase = (await api.call(endpoints.testCases, { query: { name: names[4]! } })).testcases[0]!;
    const aliases = [`ada-${suffix}`, `bo-${suffix}`];
    for (const alias of aliases) {
      const { artifact } = await api.call(endpoints.createAgentArtifact, {
        body: { type: 'human', alias, humanName: alias },
      });
      await e2e.proctor.ctx.db.insert(sessions).values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: user.organizationId,
        testCaseId: testCase.id,
        simulatorId: simulator.id,
        agentArtifactId: artifact.id,
      });
    }
    const agentsOfRows = () =>
      page
        .getByTestId('editor-session-row')
        .evaluateAll((rows) => rows.map((element) => element.querySelectorAll('td')[1]?.textContent ?? ''));

    await page.goto(`/simulators/${simulator.name}/editor`);
    await row(page, names[4]!).getByText(names[4]!, { exact: true }).click();
    const panel = page.getByTestId('editor-sessions-panel');
    await expect.poll(agentsOfRows).toEqual([...aliases].reverse());
    expect(await panel.getByTestId('editor-sessions-count').textContent()).toBe('2 sessions');

    await page.getByLabel('Agents', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: aliases[0] }).click();
    await expect.poll(agentsOfRows).toEqual([aliases[0]]);
    expect(await panel.getByTestId('editor-sessions-count').textContent()).toBe('1 session');

    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Close sessions' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('should save an edited configuration only once it changed, and show it after a reload', async () => {
    await page.goto(`/simulators/${simulator.name}/editor`);
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const json = page.getByRole('textbox', { name: 'Configuration' });
    const save = page.getByRole('button', { name: 'Save Changes' });
    const cancel = page.getByRole('button', { name: 'Cancel' });
    expect(JSON.parse(await json.inputValue())).toEqual({ license: 'MIT' });
    expect(await save.isDisabled()).toBe(true);
    expect(await cancel.isDisabled()).toBe(true);

    // Cancel puts the loaded values back.
    await json.fill('{"license": "GPL"}');
    expect(await save.isEnabled()).toBe(true);
    await cancel.click();
    expect(JSON.parse(await json.inputValue())).toEqual({ license: 'MIT' });
    expect(await save.isDisabled()).toBe(true);

    await json.fill('{"license": "MIT",');
    await save.click();
    await page.getByText('Invalid JSON in configuration').first().waitFor();

    await json.fill('{"license": "Apache-2.0", "reset_schedule": "nightly"}');
    await save.click();
    await page.getByText('Simulator updated successfully').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect
      .poll(async () => JSON.parse(await page.getByRole('textbox', { name: 'Configuration' }).inputValue()))
      .toEqual({ license: 'Apache-2.0', reset_schedule: 'nightly' });
    const saved = (await api.call(endpoints.simulator, { params: { nameOrId: simulator.name } })).simulator;
    expect(saved.config).toMatchObject({ status: 'ready', license: 'Apache-2.0', reset_schedule: 'nightly' });
  });
});
