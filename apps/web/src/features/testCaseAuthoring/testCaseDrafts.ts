import type {
  SessionDetailResponse,
  SnapshotStep,
  StepTestScoringType,
  UserAction,
} from '@proctor/contracts';

/**
 * Drafts of test cases made from a recorded session, before the author edits and creates them: what the
 * session page's Create State/Output Test and the datasets' Create Step Test Case fill their forms with.
 */

/** A JSON Schema that the value satisfies: its types and every property required, nothing else allowed. */
export function schemaOfValue(value: unknown): Record<string, unknown> {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value))
    return value.length > 0 ? { type: 'array', items: schemaOfValue(value[0]) } : { type: 'array' };
  switch (typeof value) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object': {
      const entries = Object.entries(value as Record<string, unknown>);
      return {
        type: 'object',
        properties: Object.fromEntries(entries.map(([key, item]) => [key, schemaOfValue(item)])),
        required: entries.map(([key]) => key),
        additionalProperties: false,
      };
    }
    default:
      return {};
  }
}

/**
 * The answer a session gave, as an output test expects it: an answer given as JSON text counts as the JSON it
 * holds (the output check reads it so too). null when the session gave none.
 */
export function sessionAnswer(output: unknown): unknown {
  if (output === null || output === undefined || output === '') return null;
  if (typeof output !== 'string') return output;
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}

/** A URL without its origin: sessions run on their own instance's origin, test cases start on a path. */
export function pathOfUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/**
 * Where a test case made from the session starts: its own test case's start URL, else the page the person's
 * first step found (after the platform's own navigation).
 */
export function startUrlOf(detail: SessionDetailResponse): string {
  const fromTestCase = detail.session.testCase?.startUrl;
  if (fromTestCase) return fromTestCase;
  const first = personSteps(detail.snapshot.snapshots)[0]?.step;
  const url = first?.before_state?.current_url ?? first?.after_state?.current_url;
  return url ? pathOfUrl(url) : '';
}

/** A step the person made (not the platform's own navigation, not pointer movement), with its place in the session. */
export interface PersonStep {
  /** Index in the session's steps (snapshot.snapshots): the replay index, offset by the simulator's own steps. */
  replayIndex: number;
  step: SnapshotStep;
}

export function personSteps(steps: readonly SnapshotStep[]): PersonStep[] {
  return steps.flatMap((step, replayIndex) =>
    step.action.is_simulator_action || step.action.type === 'mouse_move' ? [] : [{ replayIndex, step }],
  );
}

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** One line naming a step in a picker: `3. click "Add to cart"`. */
export function describeStep({ replayIndex, step }: PersonStep): string {
  const action = step.action;
  const target =
    'target' in action && action.target ? action.target.text.trim() || action.target.selector : '';
  const what =
    action.type === 'type'
      ? `type ${quoted(action.text)}`
      : action.type === 'url_change'
        ? `go to ${pathOfUrl(action.url)}`
        : action.type === 'select'
          ? `select ${action.labels.map(quoted).join(', ')}`
          : action.type === 'scroll'
            ? `scroll ${action.direction}`
            : `${action.type}${target ? ` ${quoted(target)}` : ''}`;
  return `${replayIndex + 1}. ${what}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a scoring configuration expects of a recorded action (the scoring package's ExpectedAction), or null for noise. */
export function expectedActionOf(action: UserAction): Record<string, unknown> | null {
  const on = (target: { selector: string; text: string } | null) =>
    target ? { selector: target.selector, ...(target.text.trim() ? { text: target.text.trim() } : {}) } : {};
  switch (action.type) {
    case 'click':
    case 'submit':
      return { type: action.type, ...on(action.target) };
    case 'type':
      return {
        type: 'type',
        ...(action.target ? { selector: action.target.selector } : {}),
        text: action.text,
      };
    case 'select':
      return {
        type: 'select',
        ...(action.target ? { selector: action.target.selector } : {}),
        ...(action.values[0] !== undefined ? { value: action.values[0] } : {}),
      };
    case 'url_change':
      return { type: 'url_change', url_pattern: `^${escapeRegExp(pathOfUrl(action.url))}$` };
    case 'scroll':
    case 'mouse_move':
      return null;
  }
}

/**
 * The scoring configuration of a step test case replaying to `upTo` (a PersonStep's replayIndex): the person's
 * actions up to there for the action types, the session's answer for the output match. An exact state match
 * needs values read at XPaths the recording does not hold, so its draft lists one to fill in.
 */
export function stepScoringConfig(
  type: StepTestScoringType,
  steps: readonly PersonStep[],
  upTo: number,
  output: unknown,
): Record<string, unknown> {
  const actions = steps
    .filter((step) => step.replayIndex <= upTo)
    .flatMap(({ step }) => expectedActionOf(step.action) ?? []);
  switch (type) {
    case 'page_action_sequence':
    case 'offline_exact_action_match':
      return { type, actions };
    case 'offline_exact_output_match':
      return { type, expected_output: sessionAnswer(output) };
    case 'offline_exact_state_match':
      return { type, expected_state: [{ xpath: '', value: '' }] };
    case 'human_in_the_loop':
      return { type };
  }
}

export const formatJson = (value: unknown) => JSON.stringify(value, null, 2);
