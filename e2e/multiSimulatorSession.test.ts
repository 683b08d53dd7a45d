import { SessionDetailResponse, User } from '@proctor/contracts';
import { Proctor } from '@proctor/sdk';
import { builtInTestCase } from '@proctor/simulators';
import { playOn } from '@proctor/simulators/testing';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

const { simulator: mail, testCase: travelLabel } = builtInTestCase('mail', 'create-travel-label');
const { simulator: calendar, testCase: budgetCheckIn } = builtInTestCase(
  'calendar',
  'cancel-duplicate-budget-check-in',
);

/**
 * The session page of an environment over two apps (make2's extra_env_ids): an agent works in mail and in the
 * calendar over CDP, and each state mutation on the page names its app; a one-app session's mutations do not.
 */
describe('a multi-simulator session page', () => {
  let e2e: E2E;
  let page: Page;
  let sdk: Proctor;
  let accessToken: string;

  const sessionDetail = async (id: string) => {
    const response = await fetch(`${e2e.baseUrl}/api/session/${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return SessionDetailResponse.parse(await response.json());
  };

  beforeAll(async () => {
    e2e = await startE2E({ env: { BROWSER_POOL_SIZE: '1' } });
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Cross App Reviewer'), {
      name: 'Cross App Lab',
      purpose: 'Review agents working across apps',
    });
    accessToken = tokens.access_token;
    const response = await fetch(`${e2e.baseUrl}/api/user/from-session`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    sdk = new Proctor({
      baseUrl: e2e.baseUrl,
      apiKey: User.parse(await response.json()).organization!.apiKey!,
    });
  });
  afterAll(() => e2e?.close());

  /** Runs the tasks in an environment of `apps` (the first is env_id), each on its own app's origin. */
  async function sessionOf(
    apps: Array<{ simulator: typeof mail; task: typeof travelLabel }>,
  ): Promise<string> {
    const [first, ...others] = apps;
    const environment = await sdk.environments.make(first!.simulator.name, {
      ...(others.length > 0 && { extra_env_ids: others.map((app) => app.simulator.name) }),
    });
    try {
      await environment.waitForReady();
      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const remote = browser.contexts()[0]!.pages()[0]!;
        remote.setDefaultTimeout(15_000);
        const own = new URL(remote.url()).origin;
        for (const { simulator, task } of apps) {
          const origin = own.replace(`.${first!.simulator.name}.`, `.${simulator.name}.`);
          await playOn(remote, origin, simulator, task);
        }
      } finally {
        await browser.close();
      }
    } finally {
      await environment.close();
    }
    return environment.sessionId!;
  }

  it('should name the app of each step and each mutation of a session over two apps, and none in a one-app session', async () => {
    const both = await sessionOf([
      { simulator: mail, task: travelLabel },
      { simulator: calendar, task: budgetCheckIn },
    ]);
    await expect
      .poll(async () => (await sessionDetail(both)).state_mutations.length)
      .toBeGreaterThanOrEqual(2);
    await page.goto(`/sessions/${both}`);
    const mutations = page.getByTestId('state-mutation');
    await mutations.first().waitFor();
    const labelled = await mutations.evaluateAll((items) =>
      items.map((item) => item.querySelector('[data-testid="mutation-app"]')?.textContent ?? null),
    );
    expect(labelled).not.toContain(null);
    expect(new Set(labelled)).toEqual(new Set(['mail', 'calendar']));
    await mutations
      .filter({ hasText: 'events 5' })
      .getByTestId('mutation-app')
      .getByText('calendar')
      .waitFor();
    // Each step names the app its page was on (?step= counts from 1).
    const steps = (await sessionDetail(both)).snapshot.snapshots;
    const onCalendar = steps.findIndex((step) => step.before_state?.current_url.includes('.calendar.'));
    expect(onCalendar).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('step-app').textContent()).toBe('mail');
    await page.goto(`/sessions/${both}?step=${onCalendar + 1}`);
    await expect.poll(() => page.getByTestId('step-app').textContent()).toBe('calendar');
    // The timeline's step and mutation marks say their app too.
    const marksApps = (testId: string) =>
      page.getByTestId(testId).evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-app')));
    expect(await marksApps('timeline-step')).toEqual(expect.arrayContaining(['mail', 'calendar']));
    expect(await marksApps('timeline-mutation')).toEqual(expect.arrayContaining(['mail', 'calendar']));

    const mailOnly = await sessionOf([{ simulator: mail, task: travelLabel }]);
    await expect.poll(async () => (await sessionDetail(mailOnly)).state_mutations.length).toBeGreaterThan(0);
    await page.goto(`/sessions/${mailOnly}`);
    await page.getByTestId('state-mutation').first().waitFor();
    expect(await page.getByTestId('mutation-app').count()).toBe(0);
    await page.getByTestId('step-counter').waitFor();
    expect(await page.getByTestId('step-app').count()).toBe(0);
    expect(await page.locator('[data-testid^="timeline-"][data-app]').count()).toBe(0);
  });
});
