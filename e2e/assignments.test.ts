import { endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

describe('assigning a test case to annotator organizations', () => {
  let e2e: E2E;
  let adminPage: Page;
  let adminApi: CatalogApi;
  const suffix = unique();

  /** A new person with an organization of their own, made an annotator organization by the platform admin. */
  async function annotatorOrganization(name: string): Promise<{ api: CatalogApi; organizationId: number }> {
    const page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person(`Annie ${name}`), {
      name,
      purpose: 'Record tasks',
    });
    const api = catalogApi(e2e.baseUrl, tokens.access_token);
    const organizationId = (await api.call(endpoints.fromJwt)).organizationId!;
    await adminApi.call(endpoints.adminUpdateOrganization, {
      params: { id: organizationId },
      body: { isAnnotator: true },
    });
    return { api, organizationId };
  }

  beforeAll(async () => {
    e2e = await startE2E();
    // The first account is the platform admin, and account admin of the organization it creates.
    adminPage = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, adminPage, person('Ada Admin'), {
      name: `Admin HQ ${suffix}`,
      purpose: 'Run the platform',
    });
    adminApi = catalogApi(e2e.baseUrl, tokens.access_token);
    const admin = await adminApi.call(endpoints.fromJwt);
    expect([admin.permissions.is_admin, admin.permissions.is_account_admin]).toEqual([true, true]);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should ask an annotator organization for 5 sessions from the test case's page and list it for its members", async () => {
    const recorders = await annotatorOrganization(`Recorders ${suffix}`);
    const others = await annotatorOrganization(`Others ${suffix}`);
    const simulator = await adminApi.createSimulator({ name: `assign-${suffix}`, simType: 'app' });
    const testCase = await adminApi.createTestCase({
      name: `Assigned ${suffix}`,
      prompt: 'Add two mugs to the cart',
      simulatorId: simulator.id,
    });

    await adminPage.goto(`/tests/${testCase.publicId}`);
    await adminPage.getByRole('button', { name: 'Assign to Annotators' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Assign to Annotator Organizations' });
    const assign = dialog.getByRole('button', { name: 'Assign' });
    await dialog.getByRole('checkbox', { name: `Recorders ${suffix}` }).waitFor();
    expect(await assign.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: `Recorders ${suffix}` }).check();
    await dialog.getByLabel('Requested recordings').fill('5');
    await assign.click();
    await adminPage.getByText('Test case assigned to annotators successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const { assignments } = await recorders.api.call(endpoints.organizationAssignments);
    expect(assignments).toEqual([
      expect.objectContaining({
        organization: { id: recorders.organizationId, name: `Recorders ${suffix}` },
        test_case: expect.objectContaining({ publicId: testCase.publicId, name: testCase.name }),
        requested_recording_count: 5,
        recorded_count: 0,
        stages: ['NEEDS_RECORDING'],
      }),
    ]);
    expect((await others.api.call(endpoints.organizationAssignments)).assignments).toEqual([]);

    // Opened again, the dialog shows the organization as asked, with its progress.
    await adminPage.getByRole('button', { name: 'Assign to Annotators' }).click();
    await dialog.getByText('Assigned · 0/5 recorded').waitFor();
  });

  it("should assign the editor's selected test cases, and the simulator for data creation", async () => {
    const recorders = await annotatorOrganization(`Editors ${suffix}`);
    const simulator = await adminApi.createSimulator({ name: `assign-editor-${suffix}`, simType: 'app' });
    const names = ['Bulk one', 'Bulk two', 'Bulk three'].map((name) => `${name} ${suffix}`);
    for (const name of names)
      await adminApi.createTestCase({ name, prompt: 'Archive the oldest mail', simulatorId: simulator.id });

    await adminPage.goto(`/simulators/${simulator.name}/editor`);
    const row = (name: string) =>
      adminPage.locator(`[data-testid="editor-test-case-row"][data-name="${name}"]`);
    await row(names[0]!).getByRole('checkbox').click();
    await row(names[2]!).getByRole('checkbox').click();
    await adminPage
      .getByTestId('editor-bulk-bar')
      .getByRole('button', { name: 'Assign to Annotator' })
      .click();
    const dialog = adminPage.getByRole('dialog', { name: 'Assign to Annotator Organizations' });
    await dialog.getByText('2 test cases').waitFor();
    await dialog.getByRole('checkbox', { name: `Editors ${suffix}` }).check();
    await dialog.getByLabel('Requested recordings').fill('3');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await adminPage.getByText('Test cases assigned to annotators successfully').waitFor();

    const { assignments } = await recorders.api.call(endpoints.organizationAssignments);
    expect(assignments.map((a) => [a.test_case.name, a.requested_recording_count]).sort()).toEqual([
      [names[0], 3],
      [names[2], 3],
    ]);

    await adminPage.getByRole('tab', { name: 'Configuration' }).click();
    await adminPage.getByRole('button', { name: 'Assign for Data Creation' }).click();
    const simulatorDialog = adminPage.getByRole('dialog', { name: 'Assign for Data Creation' });
    await simulatorDialog.getByRole('checkbox', { name: `Editors ${suffix}` }).check();
    await simulatorDialog.getByRole('button', { name: 'Assign' }).click();
    await adminPage.getByText('Simulator assigned to annotators successfully').waitFor();
    const work = await recorders.api.call(endpoints.annotatorAssignments, {
      query: { assignment_type: 'data_creation' },
    });
    expect(work.assignments).toEqual([
      expect.objectContaining({
        type: 'data_creation',
        stage: 'needs_data_creation',
        simulator: { id: simulator.id, name: simulator.name },
      }),
    ]);
  });
});
