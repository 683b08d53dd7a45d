import {
  type ActNode,
  WEB_FLOW_LIMITS,
  WEB_FLOW_MESSAGES,
  type WebFlowLocator,
  type WebFlowRunParameters,
} from '@proctor/contracts';
import type { Locator, Page } from 'playwright-core';
import { typingSteps } from './typing';

type AriaRole = Parameters<Page['getByRole']>[0];

/** How long an act waits for its element to be there exactly once before it gives up (or asks a model). */
export const ACT_FIND_TIMEOUT_MS = 5_000;
const FIND_POLL_MS = 100;

/** The Playwright locators a recorded locator names, in the order they are tried. */
export function candidatesOf(page: Page, locator: WebFlowLocator): Locator[] {
  const candidates: Locator[] = [];
  if (locator.role)
    candidates.push(
      page.getByRole(locator.role as AriaRole, locator.name ? { name: locator.name, exact: true } : {}),
    );
  if (locator.testId) candidates.push(page.getByTestId(locator.testId));
  if (locator.text) candidates.push(page.getByText(locator.text, { exact: true }));
  if (locator.css) candidates.push(page.locator(locator.css));
  return candidates;
}

/** A hand-written act (no recorded locator) is looked for by its hint as a label, a placeholder, a button's or link's name, a text. */
function hintCandidates(page: Page, hint: string): Locator[] {
  return [
    page.getByLabel(hint, { exact: true }),
    page.getByPlaceholder(hint, { exact: true }),
    page.getByRole('button', { name: hint, exact: true }),
    page.getByRole('link', { name: hint, exact: true }),
    page.getByText(hint, { exact: true }),
  ];
}

/** The first candidate that matches exactly one element, or null. */
async function unique(candidates: Locator[]): Promise<Locator | null> {
  for (const candidate of candidates) {
    // A CSS selector the page cannot parse counts as no match: the next candidate may still find it.
    const matches = await candidate.count().catch(() => 0);
    if (matches === 1) return candidate;
  }
  return null;
}

/** Waits up to `timeoutMs` for one of `candidates` to match exactly one element (a page may still be loading). */
export async function findUnique(
  page: Page,
  candidates: Locator[],
  timeoutMs = ACT_FIND_TIMEOUT_MS,
): Promise<Locator | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await unique(candidates);
    if (found || Date.now() >= deadline) return found;
    await page.waitForTimeout(Math.min(FIND_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/**
 * How long a type act's first try waits for its preferred locator (role and name, recorded) before all its
 * locators are looked for in turn.
 */
const FIRST_FILL_TIMEOUT_MS = 1_000;

/** A locator healed by a model (heal.ts): the element it found and the locator to keep. */
export type Healer = () => Promise<{ element: Locator; locator: WebFlowLocator } | null>;

/**
 * Runs an act: finds its element exactly once (by its recorded locator or, without one, its hint; else `heal`),
 * then clicks it or types into it, text typed as it is and `[Key]`s pressed. Answers the healed locator, if any.
 * Throws 'Element not found: {hint}' when neither finds it.
 */
export async function runAct(
  page: Page,
  node: ActNode,
  parameters: WebFlowRunParameters,
  heal: Healer,
): Promise<WebFlowLocator | undefined> {
  const timeout = WEB_FLOW_LIMITS.actTimeoutMs;
  // Read before touching the page: a missing parameter fails the node with nothing typed.
  const steps = node.actionType === 'type' ? typingSteps(node.text ?? '', parameters) : [];
  const started = Date.now();
  const candidates = node.locator ? candidatesOf(page, node.locator) : hintCandidates(page, node.elementHint);
  let element: Locator | null = null;
  const [first] = steps;
  if (first && 'text' in first && candidates[0]) {
    // Playwright's fill is strict: it fills only when the locator matches exactly one element, and fails
    // otherwise with nothing typed, so one call both checks and acts (a fill is as fast as a count).
    const filled = await candidates[0].fill(first.text, { timeout: FIRST_FILL_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    if (filled) {
      element = candidates[0];
      steps.shift();
    }
  }
  const alreadyFilled = element !== null;
  element ??= await findUnique(page, candidates, ACT_FIND_TIMEOUT_MS - (Date.now() - started));
  let healedLocator: WebFlowLocator | undefined;
  if (!element) {
    const healed = await heal();
    if (!healed) throw new ElementNotFoundError(node.elementHint);
    element = healed.element;
    healedLocator = healed.locator;
  }
  if (node.actionType === 'click') {
    await element.click({ timeout });
    return healedLocator;
  }
  const [next] = steps;
  if (!alreadyFilled && next && 'text' in next) {
    await element.fill(next.text, { timeout });
    steps.shift();
  } else if (!alreadyFilled) {
    await element.focus({ timeout });
  }
  for (const step of steps) {
    // The element's press, not the keyboard's: Playwright then waits for a navigation the key starts ([Enter] in
    // a search box) to commit, so the next node finds the new page.
    if ('key' in step) await element.press(step.key, { timeout });
    else await page.keyboard.insertText(step.text);
  }
  return healedLocator;
}

export class ElementNotFoundError extends Error {
  constructor(elementHint: string) {
    super(WEB_FLOW_MESSAGES.elementNotFound(elementHint));
    this.name = 'ElementNotFoundError';
  }
}
