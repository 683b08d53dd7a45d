import { endpoints, type Simulator, type User } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** The status of an admin call made from the page with its own token (and whatever view-as cookie it holds). */
function adminCallStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('access_token');
    const response = await fetch('/api/user/admin/users', { headers: { Authorization: `Bearer ${token}` } });
    return response.status;
  });
}

describe('admin screen', () => {
  let e2e: E2E;
  let adminPage: Page;
  let adminApi: CatalogApi;
  let memberPage: Page;
  let memberApi: CatalogApi;
  const member = person('Max Member');
  const suffix = unique();
  const targetOrganization = `Target Org ${suffix}`;
  let kept: Simulator;
  let dropped: Simulator;

  const memberNow = (): Promise<User> => memberApi.call(endpoints.fromJwt);

  beforeAll(async () => {
    e2e = await startE2E();
    // The first account on a new server is its platform admin.
    adminPage = (await e2e.newUserPage()).page;
    const adminTokens = await signUpThroughApi(e2e, adminPage, person('Ada Admin'), {
      name: `Admin HQ ${suffix}`,
      purpose: 'Run the platform',
    });
    adminApi = catalogApi(e2e.baseUrl, adminTokens.access_token);
    expect((await adminApi.call(endpoints.fromJwt)).permissions.is_admin).toBe(true);

    memberPage = (await e2e.newUserPage()).page;
    const memberTokens = await signUpThroughApi(e2e, memberPage, member, {
      name: `Member Org ${suffix}`,
      purpose: 'Evaluate agents',
    });
    memberApi = catalogApi(e2e.baseUrl, memberTokens.access_token);

    const owner = (await e2e.newUserPage()).page;
    const ownerApi = catalogApi(
      e2e.baseUrl,
      (
        await signUpThroughApi(e2e, owner, person('Tara Owner'), {
          name: targetOrganization,
          purpose: 'Evaluate agents',
        })
      ).access_token,
    );
    kept = await adminApi.createSimulator({ name: `kept-${suffix}`, simType: 'app' });
    dropped = await adminApi.createSimulator({ name: `dropped-${suffix}`, simType: 'app' });
    const targetId = (await ownerApi.call(endpoints.fromJwt)).organizationId!;
    await adminApi.call(endpoints.adminUpdateOrganization, {
      params: { id: targetId },
      body: { plan: { allowed_simulators: [kept.id, dropped.id] } },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should move a user, change a flag, narrow an organization's simulators and save its permissions, each seen on the user's next request", async () => {
    await adminPage.goto('/admin');
    await adminPage.getByRole('row', { name: new RegExp(member.email) }).click();
    const userPanel = adminPage.getByRole('dialog', { name: 'Edit User' });
    await userPanel.getByText(member.email).waitFor();

    await userPanel.getByLabel('Organization').click();
    await adminPage.getByRole('option', { name: `${targetOrganization} (1 users)` }).click();
    await expect.poll(async () => (await memberNow()).organization?.name).toBe(targetOrganization);

    const flag = userPanel.getByRole('checkbox', { name: 'create_simulator' });
    expect(await flag.isChecked()).toBe(false);
    await flag.click();
    await expect.poll(async () => (await memberNow()).permissions.create_simulator).toBe(true);
    await expect.poll(() => flag.isChecked()).toBe(true);
    // create_simulator means something: the member's Simulators page now offers Add Simulator.
    await memberPage.goto('/simulators');
    await memberPage.getByRole('button', { name: 'Add Simulator' }).waitFor();
    await userPanel.getByRole('button', { name: 'Close Edit User' }).click();

    await adminPage.getByRole('tab', { name: 'Organizations' }).click();
    await adminPage.getByRole('row', { name: new RegExp(targetOrganization) }).click();
    const orgPanel = adminPage.getByRole('dialog', { name: 'Edit Organization' });
    await orgPanel.getByText(member.name).waitFor();

    await orgPanel.getByRole('checkbox', { name: dropped.name }).click();
    await expect
      .poll(async () => (await memberApi.simulators()).map((simulator) => simulator.name))
      .toEqual([kept.name]);

    // Organization permissions wait for Save Changes, which shows only while something is pending.
    const save = orgPanel.getByRole('button', { name: 'Save Changes' });
    const playground = orgPanel.getByRole('checkbox', { name: 'playground_access' });
    expect(await playground.isChecked()).toBe(false);
    expect(await save.count()).toBe(0);
    await playground.click();
    await save.waitFor();
    await playground.click();
    await save.waitFor({ state: 'detached' });
    await playground.click();
    expect((await memberNow()).organization?.permissions.playground_access).toBe(false);
    await save.click();
    await expect.poll(async () => (await memberNow()).organization?.permissions.playground_access).toBe(true);
    await save.waitFor({ state: 'detached' });
  });

  it("should view the dashboard as a member, refuse admin calls meanwhile, and stop back to the admin's own", async () => {
    await adminPage.goto('/admin');
    await adminPage.getByRole('button', { name: `View as ${member.name}` }).click();
    await adminPage.waitForURL((url) => url.pathname === '/');
    const banner = adminPage.getByTestId('view-as-banner');
    await banner.getByText(member.name).waitFor();
    expect(await banner.textContent()).toContain(`Viewing as ${member.name}`);
    await adminPage.getByTestId('sidebar-organization').getByText(targetOrganization).waitFor();
    expect(await adminCallStatus(adminPage)).toBe(403);

    await banner.getByRole('button', { name: 'Stop' }).click();
    await adminPage.waitForURL((url) => url.pathname === '/admin');
    await adminPage.getByTestId('sidebar-organization').getByText(`Admin HQ ${suffix}`).waitFor();
    expect(await adminPage.getByTestId('view-as-banner').count()).toBe(0);
    expect(await adminCallStatus(adminPage)).toBe(200);
  });
});
