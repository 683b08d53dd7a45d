import {
  AGENT_PROTOCOL,
  AGENT_STEP_TIMEOUT_MS,
  AgentAction,
  type AgentObservation,
  MAX_AGENT_STEPS,
} from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { guardedPostJson, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { withEnvironmentPage } from './page';
import type { TaskDriver } from './types';

/** How much of an agent's error answer is repeated in the session's log. */
export const ERROR_EXCERPT = 300;

export interface StepProtocolOptions {
  endpoint: string;
  /** The outbound guard's settings (OUTBOUND_ALLOWED_ADDRESSES); the step timeout is added here. */
  guard: OutboundGuardOptions;
  maxSteps?: number;
  stepTimeoutMs?: number;
}

type TargetAction = Extract<AgentAction, { action: 'click' | 'type' | 'select' }>;

function locatorOf(page: Page, action: TargetAction): Locator | null {
  if (action.selector) return page.locator(action.selector).first();
  if (action.role)
    return page
      .getByRole(action.role as Parameters<Page['getByRole']>[0], {
        ...(action.name !== undefined ? { name: action.name, exact: true } : {}),
      })
      .first();
  return null;
}

function pointOf(action: TargetAction): { x: number; y: number } | null {
  return action.x !== undefined && action.y !== undefined ? { x: action.x, y: action.y } : null;
}

const NO_TARGET = 'Say what to act on: selector, role (with name), or x and y';

/** Does one action in the page; throws with a reason the agent reads as last_action_error. */
async function perform(page: Page, action: AgentAction, origins: readonly string[]): Promise<void> {
  switch (action.action) {
    case 'click': {
      const locator = locatorOf(page, action);
      const point = pointOf(action);
      if (locator) await locator.click();
      else if (point) await page.mouse.click(point.x, point.y);
      else throw new Error(NO_TARGET);
      return;
    }
    case 'type': {
      const locator = locatorOf(page, action);
      const point = pointOf(action);
      if (locator) await locator.fill(action.text);
      else if (point) {
        await page.mouse.click(point.x, point.y);
        await page.keyboard.type(action.text);
      } else throw new Error(NO_TARGET);
      if (action.submit) await page.keyboard.press('Enter');
      return;
    }
    case 'select': {
      const locator = locatorOf(page, action);
      if (!locator) throw new Error('Say which list to choose in: selector, or role with name');
      await locator.selectOption(action.value);
      return;
    }
    case 'press':
      await page.keyboard.press(action.key);
      return;
    case 'scroll':
      await page.mouse.wheel(action.dx, action.dy);
      return;
    case 'navigate': {
      let url: URL;
      try {
        url = new URL(action.url, origins[0] ?? page.url());
      } catch {
        throw new Error(`Not a URL: ${action.url}`);
      }
      if (origins.length === 0 && url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error('navigate goes to http(s) URLs only');
      if (origins.length > 0 && !origins.includes(url.origin))
        throw new Error(`navigate stays on the environment's own origins (${origins.join(' or ')})`);
      await page.goto(url.href);
      return;
    }
    case 'go_back':
      await page.goBack();
      return;
    case 'done':
      return;
  }
}

/** How long the page must have had no request in flight before it is observed, and the most we wait for that. */
const QUIET_MS = 250;
const SETTLE_LIMIT_MS = 5_000;

/**
 * Counts the page's requests in flight. An action's effects often arrive after it returns: Enter submits a
 * form whose POST and redirect are still under way, a click fetches data. Observing before they land shows the
 * agent a page that is about to change, and its next action races the navigation (the step protocol's test
 * saw a `navigate` sent before the sign-in's cookie was set). Streams that never end are not counted.
 */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type !== 'eventsource' && type !== 'websocket') open.add(request);
  });
  const done = (request: unknown) => void open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', (frame) => {
    // A new document ends the old one's requests, not always with a requestfailed for each; the load state
    // covers what the new document asks for until it has loaded.
    if (frame === page.mainFrame()) open.clear();
  });
  return () => open.size;
}

/** Waits until nothing has been in flight for QUIET_MS and the document has loaded (at most SETTLE_LIMIT_MS). */
export async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await page.waitForLoadState('load', { timeout: Math.max(deadline - Date.now(), 1) }).catch(() => undefined);
}

async function observe(
  page: Page,
  context: BrowserContext,
  base: Pick<
    AgentObservation,
    'session_id' | 'step' | 'max_steps' | 'goal' | 'last_action' | 'last_action_error'
  >,
): Promise<AgentObservation> {
  const [screenshot, axtree, title, tabs] = await Promise.all([
    page.screenshot({ type: 'jpeg', quality: 60 }),
    page
      .locator('body')
      .ariaSnapshot()
      .catch(() => ''),
    page.title().catch(() => ''),
    Promise.all(
      context.pages().map(async (tab) => ({
        url: tab.url(),
        title: await tab.title().catch(() => ''),
        active: tab === page,
      })),
    ),
  ]);
  return {
    protocol: AGENT_PROTOCOL,
    ...base,
    url: page.url(),
    title,
    screenshot: screenshot.toString('base64'),
    screenshot_type: 'image/jpeg',
    axtree,
    open_tabs: tabs,
  };
}

/** What decides each step: the observation in, an answer that should be one action (checked here) out. */
export type Policy = (observation: AgentObservation) => Promise<unknown>;

/**
 * The loop of every agent that acts one action at a time (the step protocol's dev agents, the DOM agent): the
 * page observed, the policy asked, its one action done in the page; an action that cannot be done is told to
 * the policy at the next step. The run ends with `done` (its output is the session's answer). A policy that
 * answers anything but an action, or does not finish within the step limit, has failed the task (the run
 * throws; the session says why).
 */
export function actionLoop(decide: Policy, maxSteps: number = MAX_AGENT_STEPS): TaskDriver {
  return ({ wsEndpoint, origins, testCase, sessionPublicId, signal }) =>
    withEnvironmentPage(wsEndpoint, signal, async (page, context) => {
      let lastAction: AgentObservation['last_action'] = null;
      let lastError: string | null = null;
      const inFlight = requestsInFlight(page);
      for (let step = 0; step < maxSteps; step += 1) {
        signal.throwIfAborted();
        await settle(page, inFlight);
        const observation = await observe(page, context, {
          session_id: sessionPublicId,
          step,
          max_steps: maxSteps,
          goal: testCase.prompt,
          last_action: lastAction,
          last_action_error: lastError,
        });
        const answer = await decide(observation);
        signal.throwIfAborted();
        const parsed = AgentAction.safeParse(answer);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
          throw new Error(
            `The agent's answer at step ${step} is not an action: ${where}${issue?.message ?? 'invalid'}`,
          );
        }
        const action = parsed.data;
        if (action.action === 'done') return action.output as JsonValue | undefined;
        lastAction = action as Record<string, unknown>;
        try {
          await perform(page, action, origins);
          lastError = null;
        } catch (error) {
          lastError = (error as Error).message.split('\n')[0] ?? 'The action failed';
        }
      }
      throw new Error(`The agent did not finish within ${maxSteps} steps`);
    });
}

/**
 * A `dev` agent as the driver of a run (the step protocol, @proctor/contracts agentProtocol.ts): each
 * observation POSTed to the agent's endpoint through the outbound guard, its answer the next action. An
 * endpoint that fails or answers other than 2xx has failed the task.
 */
export function stepProtocolDriver(options: StepProtocolOptions): TaskDriver {
  const post = guardedPostJson({
    ...options.guard,
    timeoutMs: options.stepTimeoutMs ?? AGENT_STEP_TIMEOUT_MS,
  });
  return actionLoop(async (observation) => {
    const answer = await post(options.endpoint, observation, {});
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(
        `The agent's endpoint answered ${answer.status} at step ${observation.step}: ${JSON.stringify(answer.body).slice(0, ERROR_EXCERPT)}`,
      );
    return answer.body;
  }, options.maxSteps);
}
