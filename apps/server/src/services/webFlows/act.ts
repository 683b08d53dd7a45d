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

/** The element an act names, by its recorded locator or, without one, by its hint. */
export function findActElement(page: Page, node: ActNode, timeoutMs?: number): Promise<Locator | null> {
  const candidates = node.locator ? candidatesOf(page, node.locator) : hintCandidates(page, node.elementHint);
  return findUnique(page, candidates, timeoutMs);
}

/** Clicks the element, or types the act's text into it: text typed as it is, `[Key]`s pressed. */
export async function performAct(
  page: Page,
  element: Locator,
  node: ActNode,
  parameters: WebFlowRunParameters,
): Promise<void> {
  const timeout = WEB_FLOW_LIMITS.actTimeoutMs;
  if (node.actionType === 'click') {
    await element.click({ timeout });
    return;
  }
  // Read before touching the page: a missing parameter fails the node with nothing typed.
  const steps = typingSteps(node.text ?? '', parameters);
  const [first] = steps;
  if (first && 'text' in first) {
    await element.fill(first.text, { timeout });
    steps.shift();
  } else {
    await element.focus({ timeout });
  }
  for (const step of steps) {
    // The element's press, not the keyboard's: Playwright then waits for a navigation the key starts ([Enter] in
    // a search box) to commit, so the next node finds the new page.
    if ('key' in step) await element.press(step.key, { timeout });
    else await page.keyboard.insertText(step.text);
  }
}

export class ElementNotFoundError extends Error {
  constructor(elementHint: string) {
    super(WEB_FLOW_MESSAGES.elementNotFound(elementHint));
    this.name = 'ElementNotFoundError';
  }
}
