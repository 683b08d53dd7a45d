import type { ActNode, WebFlowLocator } from '@proctor/contracts';
import type { Locator, Page } from 'playwright-core';
import { z } from 'zod';
import type { ServerConfig } from '../../kernel/config';
import { askAuthoringModel, authoringModelConfigured } from '../authoringModel';
import { candidatesOf, findUnique } from './act';

/** The accessibility snapshot a model reads, cut to this many characters (a long page's tail is dropped). */
const SNAPSHOT_MAX_CHARS = 40_000;
/** A healed locator is looked for once, not waited for: the page has had its time while the recorded one failed. */
const HEALED_FIND_TIMEOUT_MS = 500;

const HealAnswer = z.object({
  role: z.string().max(100).nullable(),
  name: z.string().max(1000).nullable().optional(),
});

const SYSTEM = [
  'You find one element of a web page for a browser automation whose recorded locator stopped matching.',
  'You get the page as an accessibility snapshot (YAML: `- role "name"` lines, nested) and a description of the element.',
  'Answer a JSON object {"role": "...", "name": "..."} with the ARIA role and the exact accessible name of that element as',
  'the snapshot writes them, or {"role": null} when the page has no such element. Never guess an element that is not there.',
].join('\n');

/**
 * When an act's element is not found exactly once and a language model is configured, the model reads the page's
 * accessibility snapshot and names the element by role and name; that locator is kept only if it matches exactly
 * one element. Answers null (the node then fails 'Element not found') without a model or without a match.
 */
export async function healActLocator(
  config: ServerConfig,
  page: Page,
  node: ActNode,
): Promise<{ element: Locator; locator: WebFlowLocator } | null> {
  if (!authoringModelConfigured(config)) return null;
  const snapshot = (await page.locator('body').ariaSnapshot({ timeout: 5_000 })).slice(0, SNAPSHOT_MAX_CHARS);
  const answer = await askAuthoringModel(config, {
    system: SYSTEM,
    user: [
      `The element: ${node.elementHint}`,
      node.description ? `What the step does: ${node.description}` : '',
      `Action: ${node.actionType}`,
      node.locator
        ? `Its recorded locator, which no longer matches one element: ${JSON.stringify(node.locator)}`
        : '',
      `Page: ${page.url()}`,
      'Accessibility snapshot:',
      snapshot,
    ]
      .filter(Boolean)
      .join('\n'),
    answer: HealAnswer,
  });
  if (!answer.role) return null;
  const locator: WebFlowLocator = { role: answer.role, ...(answer.name ? { name: answer.name } : {}) };
  const element = await findUnique(page, candidatesOf(page, locator), HEALED_FIND_TIMEOUT_MS);
  return element ? { element, locator } : null;
}
