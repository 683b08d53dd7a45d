import { RECORDING_FORMAT_VERSION, User, type UserAction } from '@proctor/contracts';
import { newPublicId, sessionSteps, sessions, simulators, testCases } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBuiltInAgent } from '../apps/server/src/repositories/agents';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * Subtasks on the session page's timeline: an ended session of a test case goes through its post-processing (the
 * score-session job its end queues; no model is configured, so the rule splits it), and its page shows the subtasks
 * as labelled groups of its steps, says the rule made them, and selects a subtask's first step when chosen.
 */
describe('session subtasks', () => {
  let e2e: E2E;
  let page: Page;
  let organizationId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Trajectory Reader'), {
      name: 'Subtask Lab',
      purpose: 'Read what our agent did, part by part',
    });
    const response = await fetch(`${e2e.baseUrl}/api/user/from-session`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    organizationId = User.parse(await response.json()).organizationId!;
  });
  afterAll(() => e2e?.close());

  async function shopTestCase(): Promise<{ id: number; simulatorId: number | null }> {
    const { db } = e2e.proctor.ctx;
    const [simulator] = await db
      .insert(simulators)
      .values({ name: `sim-${newPublicId()}`, simType: 'app' })
      .returning();
    const [testCase] = await db
      .insert(testCases)
      .values({
        publicId: newPublicId(),
        name: 'Two sage mugs',
        prompt: 'Put two sage mugs in the cart',
        organizationId,
        simulatorId: simulator!.id,
      })
      .returning();
    return testCase!;
  }

  /** A shopper's ended session: the products page, a product, the quantity, Add to cart (a write), the cart. */
  async function recordedSession(
    testCase: { id: number; simulatorId: number | null },
    values: Partial<typeof sessions.$inferInsert> = {},
  ): Promise<{ id: number; publicId: string }> {
    const { db } = e2e.proctor.ctx;
    const startedAt = Date.now() - 60_000;
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId,
        testCaseId: testCase.id,
        simulatorId: testCase.simulatorId,
        startedAt: new Date(startedAt),
        endedAt: new Date(),
        ...values,
      })
      .returning();
    const origin = 'http://env-1.shop.localhost:4000';
    const base = (idx: number) => ({
      id: `act-${idx}`,
      timestamp: startedAt + 1_000 * (idx + 1),
      is_simulator_action: false,
      metadata: { start_seq_id: idx, end_seq_id: idx },
    });
    const button = (text: string, selector: string) => ({
      id: null,
      selector,
      tag: 'button',
      text,
      bbox: null,
    });
    const actions: Array<[UserAction, string]> = [
      [{ ...base(0), type: 'url_change', url: `${origin}/products` }, '/products'],
      [
        { ...base(1), type: 'click', x: 5, y: 5, button: 'left', target: button('Sage mug', '#mug-4') },
        '/products',
      ],
      [{ ...base(2), type: 'url_change', url: `${origin}/products/4` }, '/products/4'],
      [
        {
          ...base(3),
          type: 'click',
          x: 5,
          y: 5,
          button: 'left',
          target: button('Add to cart', 'button[type="submit"]'),
        },
        '/products/4',
      ],
      [{ ...base(4), type: 'url_change', url: `${origin}/cart` }, '/cart'],
    ];
    await db.insert(sessionSteps).values(
      actions.map(([action, path], idx) => {
        const state = { current_url: `${origin}${path}`, screenshot: null, metadata: { bboxes: [] } };
        return {
          sessionId: session!.id,
          idx,
          action,
          beforeState: state,
          afterState: state,
          mutationsBefore: idx > 3 ? 1 : 0,
          mutationsAfter: idx >= 3 ? 1 : 0,
          formatVersion: RECORDING_FORMAT_VERSION,
        };
      }),
    );
    return session!;
  }

  it('should show the subtasks as labelled groups of steps, say the rule made them, and select a subtask', async () => {
    const session = await recordedSession(await shopTestCase());
    const added = await e2e.proctor.ctx.queue.add('scoreSession', { sessionId: session.id });
    expect((await added.finished).status).toBe('completed');

    await page.goto(`/sessions/${session.publicId}`);
    const subtasks = page.getByTestId('timeline-subtask');
    await expect
      .poll(() => subtasks.allTextContents())
      .toEqual([
        '1. On /products: click "Sage mug"',
        '2. On /products/4: click "Add to cart"',
        '3. Went to /cart',
      ]);
    await expect
      .poll(() => page.getByTestId('subtask-source').textContent())
      .toBe('Subtasks by rule (split at page changes and form submissions)');
    await expect
      .poll(() => page.getByTestId('current-subtask').textContent())
      .toBe('Subtask 1 of 3: On /products: click "Sage mug" → Went to /products/4');

    await subtasks.nth(1).click();
    await expect.poll(() => page.getByTestId('step-counter').textContent()).toBe('step 3 / 5');
    await expect
      .poll(() => page.getByTestId('current-subtask').textContent())
      .toBe(
        'Subtask 2 of 3: On /products/4: click "Add to cart" → Clicked "Add to cart" to submit (1 data change), then went to /cart',
      );
    // Stepping on within the subtask keeps it; the next page change is the next subtask. Each step is waited for
    // before its subtask is read: the subtask's text was already "Subtask 2" before the first click.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('step-counter').textContent()).toBe('step 4 / 5');
    await expect.poll(() => page.getByTestId('current-subtask').textContent()).toMatch(/^Subtask 2 of 3/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('step-counter').textContent()).toBe('step 5 / 5');
    await expect.poll(() => page.getByTestId('current-subtask').textContent()).toMatch(/^Subtask 3 of 3/);
  });

  it("should show the test case's oracle run beside the session on the timeline, with a link to it", async () => {
    const testCase = await shopTestCase();
    const oracle = await findBuiltInAgent(e2e.proctor.ctx.db, 'oracle');
    const oracleRun = await recordedSession(testCase, {
      agentArtifactId: oracle!.id,
      status: 'scoring_completed',
    });
    const session = await recordedSession(testCase);

    await page.goto(`/sessions/${session.publicId}`);
    await expect.poll(() => page.getByTestId('timeline-reference-step').count()).toBe(5);
    await expect
      .poll(() => page.getByTestId('timeline-reference').textContent())
      .toBe(
        `Reference: the latest run of the test case's reference solution (${oracleRun.publicId}), 5 steps from its own start`,
      );
    await page.getByTestId('timeline-reference').getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/sessions/${oracleRun.publicId}`);
  });
});
