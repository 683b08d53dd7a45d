import {
  linearPatternProblem,
  linearRegExp,
  type RecordedStep,
  type UserAction,
  type UserActionType,
} from '@proctor/contracts';
import { z } from 'zod';

/**
 * Comparing a session's recorded actions with expected ones (page_action_sequence, offline_exact_action_match)
 * or with a reference session's (offline_step). Sessions run on their own origins (`<env>.<sim>.localhost`),
 * so URLs are compared by path, query and fragment, never by origin.
 */

const Selector = z.string().min(1).max(2000).optional();
/** Compared with the element's recorded visible text, whitespace collapsed; for `type`, the typed text. */
const Text = z.string().max(2000).optional();

/**
 * One action a test case expects. Unset fields accept anything, so `{type: 'submit'}` is any submit; what each
 * field is compared with is listed under `ExpectedAction` in the package README. `url_pattern` runs in linear
 * time (`linearRegExp`: no lookaround or backreferences).
 */
export const ExpectedAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('click'), selector: Selector, text: Text }),
  z.strictObject({ type: z.literal('submit'), selector: Selector, text: Text }),
  z.strictObject({ type: z.literal('type'), selector: Selector, text: Text }),
  z.strictObject({
    type: z.literal('select'),
    selector: Selector,
    text: Text,
    value: z.string().max(2000).optional(),
  }),
  z.strictObject({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down', 'left', 'right']).optional(),
  }),
  z.strictObject({
    type: z.literal('url_change'),
    url_pattern: z
      .string()
      .min(1)
      .max(2000)
      .superRefine((pattern, ctx) => {
        const problem = linearPatternProblem(pattern);
        if (problem) ctx.addIssue({ code: 'custom', message: `url_pattern ${problem}` });
      }),
  }),
]);
export type ExpectedAction = z.infer<typeof ExpectedAction>;

/** Action types left out of comparisons unless a config asks for them: pointer noise. */
export const DEFAULT_IGNORED_ACTION_TYPES: readonly UserActionType[] = ['mouse_move', 'scroll'];

/** The driver's actions of a session, in order: the platform's own (the reset's navigation) and ignored types left out. */
export function comparableActions(
  steps: readonly RecordedStep[],
  ignoredTypes: readonly UserActionType[] = DEFAULT_IGNORED_ACTION_TYPES,
): UserAction[] {
  return [...steps]
    .sort((a, b) => a.idx - b.idx)
    .map((step) => step.action)
    .filter((action) => !action.is_simulator_action && !ignoredTypes.includes(action.type));
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A URL without its origin: what stays the same when the same page is served on another instance. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

function targetOf(action: UserAction) {
  return 'target' in action ? action.target : null;
}

/** Does a recorded action satisfy an expected one? */
export function actionMatches(expected: ExpectedAction, actual: UserAction): boolean {
  if (expected.type !== actual.type) return false;
  switch (expected.type) {
    case 'url_change':
      return actual.type === 'url_change' && linearRegExp(expected.url_pattern).test(pathOf(actual.url));
    case 'scroll':
      return (
        actual.type === 'scroll' &&
        (expected.direction === undefined || expected.direction === actual.direction)
      );
    case 'type': {
      if (actual.type !== 'type') return false;
      if (expected.text !== undefined && expected.text !== actual.text) return false;
      return expected.selector === undefined || expected.selector === actual.target?.selector;
    }
    case 'select': {
      if (actual.type !== 'select') return false;
      if (
        expected.value !== undefined &&
        !actual.values.includes(expected.value) &&
        !actual.labels.includes(expected.value)
      )
        return false;
      return targetMatches(expected, actual);
    }
    default:
      return targetMatches(expected, actual);
  }
}

/** The expected selector and visible text, where given, are the recorded target's. */
function targetMatches(expected: { selector?: string; text?: string }, actual: UserAction): boolean {
  const target = targetOf(actual);
  if (expected.selector !== undefined && expected.selector !== target?.selector) return false;
  return (
    expected.text === undefined || (target !== null && collapse(expected.text) === collapse(target.text))
  );
}

/**
 * Does an agent's action do the same as a reference session's? Same type, and: the same element (its
 * selector, else its text, else a click within 10 px), the same typed text, the same URL path, the same
 * scroll direction.
 */
export function sameAction(reference: UserAction, actual: UserAction): boolean {
  if (reference.type !== actual.type) return false;
  switch (reference.type) {
    case 'url_change':
      return actual.type === 'url_change' && pathOf(reference.url) === pathOf(actual.url);
    case 'scroll':
      return actual.type === 'scroll' && reference.direction === actual.direction;
    case 'mouse_move':
      return true;
    case 'type':
      return actual.type === 'type' && reference.text === actual.text && sameTarget(reference, actual);
    case 'select':
      return (
        actual.type === 'select' &&
        reference.values.join('\n') === actual.values.join('\n') &&
        sameTarget(reference, actual)
      );
    default:
      return sameTarget(reference, actual);
  }
}

const CLICK_TOLERANCE_PX = 10;

function sameTarget(reference: UserAction, actual: UserAction): boolean {
  const a = targetOf(reference);
  const b = targetOf(actual);
  if (a && b) {
    if (a.selector === b.selector) return true;
    return collapse(a.text) !== '' && collapse(a.text) === collapse(b.text) && a.tag === b.tag;
  }
  if (a || b) return false;
  if (reference.type === 'click' && actual.type === 'click')
    return (
      Math.abs(reference.x - actual.x) <= CLICK_TOLERANCE_PX &&
      Math.abs(reference.y - actual.y) <= CLICK_TOLERANCE_PX
    );
  return true;
}

const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** One line about a recorded action, for diffs and prompts: `click "Save" (button#save)`. */
export function describeAction(action: UserAction): string {
  const target = targetOf(action);
  const on = target ? `${target.text ? ` ${quote(collapse(target.text))}` : ''} (${target.selector})` : '';
  switch (action.type) {
    case 'click':
      return `click${on || ` at ${Math.round(action.x)},${Math.round(action.y)}`}`;
    case 'type':
      return `type ${quote(action.text)}${target ? ` into ${target.selector}` : ''}`;
    case 'submit':
      return `submit${on}`;
    case 'select':
      return `select ${action.labels.map(quote).join(', ') || 'nothing'}${target ? ` in ${target.selector}` : ''}`;
    case 'scroll':
      return `scroll ${action.direction}`;
    case 'url_change':
      return `url_change ${pathOf(action.url)}`;
    case 'mouse_move':
      return `mouse_move (${action.positions.length} positions)`;
  }
}

/** One line about an expected action: `click "Save" (button#save)`, `url_change matching ^/orders`. */
export function describeExpectedAction(expected: ExpectedAction): string {
  switch (expected.type) {
    case 'url_change':
      return `url_change matching ${expected.url_pattern}`;
    case 'scroll':
      return `scroll${expected.direction ? ` ${expected.direction}` : ''}`;
    case 'type':
      return `type${expected.text !== undefined ? ` ${quote(expected.text)}` : ''}${expected.selector ? ` into ${expected.selector}` : ''}`;
    case 'select':
      return `select${expected.value !== undefined ? ` ${quote(expected.value)}` : ''}${expected.text !== undefined ? ` in ${quote(expected.text)}` : ''}${expected.selector ? ` (${expected.selector})` : ''}`;
    default:
      return `${expected.type}${expected.text !== undefined ? ` ${quote(expected.text)}` : ''}${expected.selector ? ` (${expected.selector})` : ''}`;
  }
}
