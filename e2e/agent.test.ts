import { User } from '@proctor/contracts';
import { testCases } from '@proctor/db';
import { Proctor } from '@proctor/sdk';
import {
  builtInSimulators,
  type JsonValue,
  type SolveContext,
  type TestCaseDefinition,
} from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * Proctor driven the way an outside agent drives it: the SDK starts an environment, Playwright connects over
 * the returned cdp_url (through Proctor's filtering proxy, as from another machine), carries out a built-in
 * test case through the simulated app's UI with its reference solution, and `evaluate` judges it. The test
 * case's wrong variant, a plausible mistake, must be judged failed.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const duvet = shop.testCases.find((testCase) => testCase.key === 'duvet-cover-fallback-colour')!;

describe('an outside agent', () => {
  let e2e: E2E;
  let sdk: Proctor;
  let testCasePublicId: string;

  beforeAll(async () => {
    e2e = await startE2E({ env: { BROWSER_POOL_SIZE: '1' } });
    const { page } = await e2e.newUserPage();
    const tokens = await signUpThroughApi(e2e, page, person('Agent Author'), {
      name: 'Agent Lab',
      purpose: 'Evaluate a shopping agent',
    });
    const me = User.parse(
      await (
        await fetch(`${e2e.baseUrl}/api/user/from-session`, {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        })
      ).json(),
    );
    sdk = new Proctor({ baseUrl: e2e.baseUrl, apiKey: me.organization!.apiKey! });
    const [row] = await e2e.proctor.ctx.db
      .select({ publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${duvet.key}`));
    testCasePublicId = row!.publicId;
  });
  afterAll(() => e2e?.close());

  async function runVariant(variant: 'solve' | 'wrong', testCase: TestCaseDefinition) {
    const environment = await sdk.environments.make('shop');
    await environment.waitForReady();
    try {
      const reset = await environment.reset(testCasePublicId);
      expect(reset.prompt).toBe(testCase.prompt);
      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const page = browser.contexts()[0]!.pages()[0]!;
        page.setDefaultTimeout(15_000);
        const origin = new URL(reset.start_url).origin;
        const context: SolveContext = {
          origin,
          url: (path) => new URL(path, origin).href,
          auth: { user: shop.auth.user, password: shop.auth.password },
        };
        const output: JsonValue | undefined = await testCase[variant](page, context);
        await page.waitForLoadState('load');
        return await environment.evaluate(output);
      } finally {
        await browser.close();
      }
    } finally {
      await environment.close();
    }
  }

  it('should pass a built-in test case carried out over CDP with its reference solution', async () => {
    const result = await runVariant('solve', duvet);
    expect(result.details.explanation).toBe('');
    expect(result).toMatchObject({
      passed: true,
      details: {
        test_case_public_id: testCasePublicId,
        mutations: { satisfied: true },
        output: { passed: true },
      },
    });
  });

  it('should fail the same test case carried out with its wrong variant', async () => {
    const result = await runVariant('wrong', duvet);
    expect(result.passed).toBe(false);
    expect(result.details.explanation).not.toBe('');
  });
});
