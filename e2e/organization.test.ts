import { invites } from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationThroughUi,
  type E2E,
  membersTable,
  person,
  registerThroughUi,
  sidebarEntry,
  signUpThroughApi,
  startE2E,
} from './harness';

/** Clicks Copy Invite URL and returns what landed on the clipboard. */
async function copyInviteUrl(page: Page): Promise<string> {
  await page.goto('/organization');
  await page.getByRole('button', { name: 'Copy Invite URL' }).click();
  await page.getByText('Invite URL copied to clipboard').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(await page.getByTestId('invite-url').inputValue()).toBe(copied);
  return copied;
}

describe('organization and invitations', () => {
  let e2e: E2E;
  const alice = person('Alice Admin');
  const bob = person('Bob Member');
  let alicePage: Page;
  let bobPage: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    alicePage = (await e2e.newUserPage()).page;
    bobPage = (await e2e.newUserPage()).page;
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should let an invited colleague sign up through the invite link and list both members with their roles', async () => {
    await registerThroughUi(alicePage, alice);
    await createOrganizationThroughUi(alicePage, 'Acme Robotics', 'Evaluate our checkout agent');

    const inviteUrl = await copyInviteUrl(alicePage);
    expect(inviteUrl).toMatch(new RegExp(`^${e2e.baseUrl}/join-organization\\?invite=inv_`));

    // Bob is signed out: the link keeps the invite, sends him to sign in, and brings him back to join.
    await bobPage.goto(inviteUrl);
    await bobPage.waitForURL('**/login');
    await bobPage.getByRole('button', { name: 'Create account' }).click();
    await bobPage.getByLabel('Name').fill(bob.name);
    await bobPage.getByLabel('E-mail').fill(bob.email);
    await bobPage.getByRole('textbox', { name: 'Password' }).fill(bob.password);
    await bobPage.getByRole('button', { name: 'Create account' }).click();
    await bobPage.getByText('Joining organization').waitFor();
    await bobPage.waitForURL('**/organization');

    const expected = [
      { member: alice.name, email: alice.email, role: 'Admin' },
      { member: bob.name, email: bob.email, role: 'Member' },
    ];
    const seenByBob = await membersTable(bobPage);
    expect(seenByBob).toEqual(expected);
    await expect(bobPage.getByTestId('sidebar-organization').textContent()).resolves.toContain(
      'Acme Robotics',
    );
    expect(await bobPage.getByRole('button', { name: 'Copy Invite URL' }).count()).toBe(0);

    await alicePage.reload();
    const seenByAlice = await membersTable(alicePage);
    expect(seenByAlice).toEqual(expected);
  });

  it('should disable Tests, Simulators, Results and Playground for a member without dashboard access', async () => {
    await bobPage.goto('/');
    for (const label of ['Tests', 'Simulators', 'Results', 'Playground']) {
      expect(await sidebarEntry(bobPage, label).getAttribute('aria-disabled'), label).toBe('true');
    }
    expect(await sidebarEntry(bobPage, 'Sessions').getAttribute('href')).toBe('/sessions');
    expect(await sidebarEntry(bobPage, 'Organization').getAttribute('href')).toBe('/organization');
  });

  it('should enable Tests, Simulators, Results and Playground for the organization creator', async () => {
    await alicePage.goto('/');
    for (const label of ['Tests', 'Simulators', 'Results', 'Playground']) {
      const entry = sidebarEntry(alicePage, label);
      expect(await entry.getAttribute('aria-disabled'), label).toBeNull();
      expect(await entry.getAttribute('href'), label).toBe(`/${label.toLowerCase()}`);
    }
    await sidebarEntry(alicePage, 'Tests').click();
    await alicePage.waitForURL('**/tests');
    await alicePage.getByRole('heading', { name: 'Tests', level: 2 }).waitFor();
  });

  it('should show the Invite Expired dialog when an invite has expired', async () => {
    const inviteUrl = await copyInviteUrl(alicePage);
    const token = new URL(inviteUrl).searchParams.get('invite')!;
    await e2e.proctor.ctx.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, token));

    const { page: carolPage } = await e2e.newUserPage();
    await signUpThroughApi(e2e, carolPage, person('Carol Late'));
    await carolPage.goto(inviteUrl);
    await carolPage.waitForURL('**/join-organization?invite_expired=true');
    const dialog = carolPage.getByRole('dialog', { name: 'Invite Expired' });
    await dialog
      .getByText('The invite link is expired, please request another one from the organization manager.')
      .waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await carolPage.waitForURL((url) => url.pathname === '/');
    // Carol joined nothing: she is still asked to create an organization.
    await carolPage.getByRole('heading', { name: 'Create your organization' }).waitFor();
  });
});
