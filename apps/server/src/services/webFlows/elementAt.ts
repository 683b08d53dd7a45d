import { type ElementAtResponse, WEB_FLOW_MESSAGES, type WebFlowLocator } from '@proctor/contracts';
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { notFound } from '../../kernel/http/errors';
import { candidatesOf } from './act';
import { called, ELEMENT_AT } from './pageScripts';

interface Description {
  role: string;
  name: string;
  testId: string;
  text: string;
  css: string;
  selector: string;
  tagName: string;
  fullText: string;
  editable: boolean;
  hint: string;
}

/** Whether `candidate` matches exactly one element, and that element is `element`. */
async function names(candidate: Locator, element: ElementHandle): Promise<boolean> {
  try {
    if ((await candidate.count()) !== 1) return false;
    return await candidate.evaluate((found, picked) => found === picked, element);
  } catch {
    return false;
  }
}

/**
 * The element at (x, y) of the page, as an act records it: each locator part the page computed is kept only when,
 * alone, it finds that element and no other, so an act never replays a guess.
 */
export async function elementAt(page: Page, point: { x: number; y: number }): Promise<ElementAtResponse> {
  const picked = await page.evaluateHandle(called(ELEMENT_AT, point));
  const element = (await picked.getProperty('element')).asElement();
  if (!element) {
    await picked.dispose();
    throw notFound(WEB_FLOW_MESSAGES.noElementAt);
  }
  try {
    const described = (await (await picked.getProperty('description')).jsonValue()) as Description;
    const locator: WebFlowLocator = {};
    if (
      described.role &&
      (await names(
        candidatesOf(page, { role: described.role, name: described.name || undefined })[0]!,
        element,
      ))
    ) {
      locator.role = described.role;
      if (described.name) locator.name = described.name;
    }
    if (described.testId && (await names(page.getByTestId(described.testId), element)))
      locator.testId = described.testId;
    if (described.text && (await names(page.getByText(described.text, { exact: true }), element)))
      locator.text = described.text;
    if (await names(page.locator(described.css), element)) locator.css = described.css;
    return {
      locator,
      selector: described.selector,
      elementHint: described.hint,
      tagName: described.tagName,
      text: described.fullText,
      editable: described.editable,
    };
  } finally {
    await picked.dispose();
  }
}
