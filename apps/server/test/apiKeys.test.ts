import { endpoints, type Permissions } from '@proctor/contracts';
import { organizations } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { OrganizationRow } from '../src/kernel/access/principal';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

/** The working flags an organization's creator gets (and so its key carries). */
const WORKING: Partial<Permissions> = {
  create_test_cases: true,
  record_testcases: true,
  playground_access: true,
  dashboard_access: true,
};

describeEachDatabase('the organization API key', (proctor) => {
  const make = catalog(proctor);

  /** The key as this person's user payload shows it, from both user endpoints. */
  const apiKeyShownTo = async (as: Actor) => {
    const shown = [];
    for (const endpoint of [endpoints.fromSession, endpoints.fromJwt]) {
      const response = await proctor().call(endpoint, { as });
      expect(response.status).toBe(200);
      shown.push(response.body.organization!.apiKey);
    }
    expect(shown[0]).toBe(shown[1]);
    return shown[0];
  };

  const createTestCase = async (
    as: Actor | { headers: Record<string, string> },
    organization: OrganizationRow,
  ) => {
    const simulator = await make.simulator();
    await make.allow(organization, simulator.id);
    return proctor().call(endpoints.createTestCases, {
      as,
      body: { name: 'Made with the key', prompt: 'Check out', simulatorId: simulator.id },
    });
  };

  it('should withhold the key from members without create_test_cases and show it to account admins', async () => {
    const organization = await proctor().organization();
    const admin = await proctor().actor({
      organization,
      permissions: { is_account_admin: true, ...WORKING },
    });
    const plainAdmin = await proctor().actor({ organization, permissions: { is_account_admin: true } });
    const member = await proctor().actor({ organization });
    const dashboardMember = await proctor().actor({
      organization,
      permissions: { dashboard_access: true, playground_access: true, record_testcases: true },
    });

    expect(await apiKeyShownTo(admin)).toBe(organization.apiKey);
    expect(await apiKeyShownTo(plainAdmin)).toBe(organization.apiKey);
    expect(await apiKeyShownTo(member)).toBeNull();
    expect(await apiKeyShownTo(dashboardMember)).toBeNull();
    // What the withheld key would have given them, they cannot do themselves.
    expect((await createTestCase(dashboardMember, organization)).status).toBe(403);
  });

  it('should show the key to a member who holds every permission it carries, counting organization grants', async () => {
    const organization = await proctor().organization();
    await proctor()
      .ctx.db.update(organizations)
      .set({ permissions: { playground_access: true, dashboard_access: false } })
      .where(eq(organizations.id, organization.id));
    await proctor().actor({
      organization,
      permissions: { is_account_admin: true, create_test_cases: true, dashboard_access: true },
    });
    const peer = await proctor().actor({
      organization,
      permissions: { create_test_cases: true, dashboard_access: true },
    });
    const almost = await proctor().actor({ organization, permissions: { create_test_cases: true } });

    expect(await apiKeyShownTo(peer)).toBe(organization.apiKey);
    expect(await apiKeyShownTo(almost)).toBeNull();
  });

  it("should still act with the account admins' working permissions and no admin authority", async () => {
    const organization = await proctor().organization();
    await proctor().actor({ organization, permissions: { is_account_admin: true, ...WORKING } });
    const key = { headers: { 'x-api-key': organization.apiKey } };

    const created = await createTestCase(key, organization);
    expect(created.status).toBe(201);
    expect(created.body.testCases[0]).toMatchObject({ name: 'Made with the key' });
    const bearer = { headers: { authorization: `Bearer ${organization.apiKey}` } };
    expect((await createTestCase(bearer, organization)).status).toBe(201);
    expect((await proctor().call(endpoints.inviteCreate, { as: key })).status).toBe(403);
    expect((await proctor().call(endpoints.adminUsers, { as: key })).status).toBe(403);

    const withoutAuthors = await proctor().organization();
    await proctor().actor({ organization: withoutAuthors, permissions: { is_account_admin: true } });
    const weakKey = { headers: { 'x-api-key': withoutAuthors.apiKey } };
    expect((await createTestCase(weakKey, withoutAuthors)).status).toBe(403);
  });
});
