import { endpoints, formatReplayTotal, NO_REPLAY_SESSIONS, User } from '@proctor/contracts';
import { newPublicId, sessions, testCases } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, sidebarEntry, signUpThroughApi, startE2E } from './harness';

/**
 * /replays (001 §2.10) as a platform admin sees it: an original session with the two replays the replay agent
 * made of it (stored rows, as its runs leave them), found in the list and by searching its id, and the empty
 * text for an id that names nothing.
 */
describe('replays page', () => {
  let e2e: E2E;
  let page: Page;
  let original: string;
  let replays: string[];
  const testCaseName = `Reorder the last purchase ${Date.now().toString(36)}`;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newUserPage());
    // The first account of a server is its platform admin; making an organization gives dashboard access.
    const tokens = await signUpThroughApi(e2e, page, person('Rita Replayer'), {
      name: 'Replay Works',
      purpose: 'Check that recorded runs replay',
    });
    const response = await fetch(`${e2e.baseUrl}${endpoints.fromJwt.path}`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    const me = User.parse(await response.json());
    expect(me.permissions).toMatchObject({ is_admin: true, dashboard_access: true });

    const { db } = e2e.proctor.ctx;
    const [testCase] = await db
      .insert(testCases)
      .values({ publicId: newPublicId(), name: testCaseName, prompt: 'Reorder it' })
      .returning();
    const stored = (hours: number, values: Partial<typeof sessions.$inferInsert>) =>
      db
        .insert(sessions)
        .values({
          publicId: newPublicId(),
          status: 'scoring_completed',
          organizationId: me.organization!.id,
          testCaseId: testCase!.id,
          createdAt: new Date(Date.UTC(2026, 2, 1, 9 + hours)),
          ...values,
        })
        .returning();
    const [first] = await stored(0, { scoringBadge: 'pass', passed: true });
    const [older] = await stored(1, { replayOfSessionId: first!.id, scoringBadge: 'pass', passed: true });
    const [newer] = await stored(2, { replayOfSessionId: first!.id, scoringBadge: 'fail' });
    original = first!.publicId;
    replays = [newer!.publicId, older!.publicId];
  });

  afterAll(() => e2e?.close());

  it('should list the original with its replays, newest first, from the sidebar entry', async () => {
    await page.goto('/');
    await sidebarEntry(page, 'Replays').click();
    await page.waitForURL('**/replays');
    await page.getByRole('heading', { name: 'Replays' }).waitFor();

    const group = page.locator(`[data-testid="replay-group"][data-session-id="${original}"]`);
    await group.getByTestId('replay-total').getByText(formatReplayTotal(2)).waitFor();
    await group.getByText(testCaseName).waitFor();
    const rows = group.getByTestId('replay-row');
    await expect
      .poll(() => rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-session-id'))))
      .toEqual(replays);
    await rows.first().getByText('Fail', { exact: true }).waitFor();
    await page.getByTestId('replays-total').getByText('Showing 1–1 of 1 group').waitFor();
  });

  it('should keep the filters in the address: no passed leaves out a group whose original passed', async () => {
    await page.goto('/replays');
    await page.getByTestId('replay-group').first().waitFor();
    await page.getByRole('switch', { name: 'No passed' }).click({ force: true });
    await page.waitForURL('**/replays?no_passed=true');
    await page.getByTestId('replays-empty').getByText(NO_REPLAY_SESSIONS).waitFor();
    await page.reload();
    await page.getByTestId('replays-empty').waitFor();
    expect(await page.getByRole('switch', { name: 'No passed' }).isChecked()).toBe(true);
  });

  it('should search by session id, say when nothing is found, and go back to the list', async () => {
    await page.goto('/replays');
    const box = page.getByLabel('Search by session IDs');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    await box.fill('   ');
    expect(await searchButton.isDisabled()).toBe(true);

    // A replay's id finds its group too; Enter searches.
    await box.fill(`${replays[1]}`);
    await box.press('Enter');
    await page.getByTestId('replays-search-summary').getByText('1 group for 1 session ID').waitFor();
    await page.locator(`[data-testid="replay-group"][data-session-id="${original}"]`).waitFor();

    await box.fill(newPublicId());
    await searchButton.click();
    await page.getByTestId('replays-empty').getByText(NO_REPLAY_SESSIONS).waitFor();
    expect(await page.getByTestId('replay-group').count()).toBe(0);

    await box.fill(original);
    await searchButton.click();
    await page.locator(`[data-testid="replay-group"][data-session-id="${original}"]`).waitFor();

    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await box.inputValue()).toBe('');
    await page.getByTestId('replays-total').waitFor();
    await page.locator(`[data-testid="replay-group"][data-session-id="${original}"]`).waitFor();
  });

  it('should open the original session from its id', async () => {
    await page.goto('/replays');
    await page.getByRole('link', { name: original }).click();
    await page.waitForURL(`**/sessions/${original}`);
  });
});
