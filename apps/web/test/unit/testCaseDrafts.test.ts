import {
  CreateTestCaseRequest,
  type SessionDetailResponse,
  type SnapshotStep,
  type UserAction,
} from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { sessionTestDraft, sessionTestRequest } from '../../src/features/testCaseAuthoring/sessionTestDraft';
import {
  EMPTY_STEP_TEST,
  sessionDraft,
  stepDraft,
  stepTestProblems,
  stepTestRequest,
} from '../../src/features/testCaseAuthoring/stepTestDraft';
import {
  describeStep,
  expectedActionOf,
  personSteps,
  schemaOfValue,
  sessionAnswer,
  stepScoringConfig,
} from '../../src/features/testCaseAuthoring/testCaseDrafts';

const base = { timestamp: 0, metadata: { start_seq_id: 0, end_seq_id: 0 } };
const target = (selector: string, text: string) => ({ id: null, selector, tag: 'button', text, bbox: null });
const at = (url: string) => ({
  current_url: url,
  screenshot_url: null,
  screenshot_size: null,
  metadata: { bboxes: [] },
});

function step(
  action: Partial<UserAction> & Pick<UserAction, 'type'>,
  url = 'http://a.shop.localhost:4000/',
): SnapshotStep {
  return {
    idx: 0,
    action: { id: 'a', is_simulator_action: false, ...base, ...action } as UserAction,
    before_state: at(url),
    after_state: null,
    mutation_range: [0, 0],
    offset_ms: 0,
    page: null,
  };
}

/** The platform's reset navigation, a mouse move, then the person's click, typing and submit. */
const STEPS: SnapshotStep[] = [
  step({ type: 'url_change', url: 'http://a.shop.localhost:4000/products', is_simulator_action: true }),
  step({ type: 'mouse_move', positions: [] }),
  step(
    { type: 'click', x: 1, y: 2, button: 'left', target: target('button#add', ' Add to cart ') },
    'http://a.shop.localhost:4000/products',
  ),
  step({ type: 'type', text: 'two[Enter]', target: target('input#qty', '') }),
  step({ type: 'submit', target: null }),
  step({ type: 'url_change', url: 'http://a.shop.localhost:4000/cart?x=1' }),
];

function detailOf(overrides: { output?: unknown; prompt?: string | null; testCase?: object | null } = {}) {
  return {
    session: {
      sessionId: 'session-1',
      simulator: { id: 7, name: 'shop' },
      output: overrides.output ?? null,
      prompt: overrides.prompt ?? 'Put two mugs in the cart',
      testCase: overrides.testCase ?? null,
    },
    snapshot: { id: 'session-1', snapshots: STEPS, action_sequences: null, started_at_ms: 0 },
    state_mutations: [],
    state_mutation_count: 3,
  } as unknown as SessionDetailResponse;
}

describe('drafts of test cases from a session', () => {
  it("should describe an answer's shape as a schema that requires every property", () => {
    expect(schemaOfValue({ total: 12.5, count: 2, items: ['a'], ok: true })).toEqual({
      type: 'object',
      properties: {
        total: { type: 'number' },
        count: { type: 'integer' },
        items: { type: 'array', items: { type: 'string' } },
        ok: { type: 'boolean' },
      },
      required: ['total', 'count', 'items', 'ok'],
      additionalProperties: false,
    });
  });

  it('should read an answer given as JSON text as that JSON, and no answer as null', () => {
    expect(sessionAnswer('{"total": 3}')).toEqual({ total: 3 });
    expect(sessionAnswer('just words')).toBe('just words');
    expect(sessionAnswer('')).toBeNull();
    expect(sessionAnswer(null)).toBeNull();
  });

  it("should offer the person's steps only, each keeping its place among all the session's steps", () => {
    const steps = personSteps(STEPS);
    expect(steps.map((s) => s.replayIndex)).toEqual([2, 3, 4, 5]);
    expect(steps.map(describeStep)).toEqual([
      '3. click "Add to cart"',
      '4. type "two[Enter]"',
      '5. submit',
      '6. go to /cart?x=1',
    ]);
  });

  it('should expect recorded actions as the scoring package compares them, URLs by path as a literal pattern', () => {
    expect(expectedActionOf(STEPS[2]!.action)).toEqual({
      type: 'click',
      selector: 'button#add',
      text: 'Add to cart',
    });
    expect(expectedActionOf(STEPS[3]!.action)).toEqual({
      type: 'type',
      selector: 'input#qty',
      text: 'two[Enter]',
    });
    expect(expectedActionOf(STEPS[5]!.action)).toEqual({ type: 'url_change', url_pattern: '^/cart\\?x=1$' });
    expect(expectedActionOf(STEPS[1]!.action)).toBeNull();
  });

  it('should draft each step scoring type up to the chosen step', () => {
    const steps = personSteps(STEPS);
    expect(stepScoringConfig('page_action_sequence', steps, 3, null)).toEqual({
      type: 'page_action_sequence',
      actions: [
        { type: 'click', selector: 'button#add', text: 'Add to cart' },
        { type: 'type', selector: 'input#qty', text: 'two[Enter]' },
      ],
    });
    expect(stepScoringConfig('offline_exact_output_match', steps, 5, '{"n":2}')).toEqual({
      type: 'offline_exact_output_match',
      expected_output: { n: 2 },
    });
    expect(stepScoringConfig('human_in_the_loop', steps, 5, null)).toEqual({ type: 'human_in_the_loop' });
  });
});

describe("the session page's state and output tests", () => {
  it('should make a state test whose expected mutations the server reads from the session', () => {
    const detail = detailOf();
    const draft = sessionTestDraft(detail);
    expect(draft).toMatchObject({ prompt: 'Put two mugs in the cart', startUrl: '/products' });
    const parsed = CreateTestCaseRequest.parse(
      sessionTestRequest('state', detail, { ...draft, name: 'Two mugs' }),
    );
    expect(parsed).toMatchObject({
      simulatorId: 7,
      name: 'Two mugs',
      scoringTypes: ['mutations'],
      expectedMutationsFromSession: 'session-1',
    });
    expect(parsed.correctOutputs).toBeUndefined();
  });

  it("should make an output test of the session's answer, held to the answer's shape", () => {
    const detail = detailOf({ output: { total: 42 }, testCase: { name: 'Total', startUrl: '/orders' } });
    const draft = sessionTestDraft(detail);
    expect(draft.name).toBe('Total');
    expect(draft.startUrl).toBe('/orders');
    const parsed = CreateTestCaseRequest.parse(sessionTestRequest('output', detail, draft));
    expect(parsed.scoringTypes).toEqual(['output']);
    expect(parsed.correctOutputs).toEqual([{ total: 42 }]);
    expect(parsed.outputSchema).toMatchObject({
      required: ['total'],
      properties: { total: { type: 'integer' } },
    });
  });

  it('should report an expected output that does not parse under its own field', () => {
    const detail = detailOf();
    const result = CreateTestCaseRequest.safeParse(
      sessionTestRequest('output', detail, {
        ...sessionTestDraft(detail),
        name: 'x',
        correctOutputs: '{oops',
      }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['correctOutputs']);
  });
});

describe('step test cases', () => {
  it("should keep the replay index among all the session's steps and the session as the reference", () => {
    const detail = detailOf();
    const form = { ...EMPTY_STEP_TEST, sessionId: 'session-1', name: 'Add mugs' };
    const filled = { ...form, ...sessionDraft(detail, form) };
    expect(filled.replayIndex).toBe('5');
    expect(filled.prompt).toBe('Put two mugs in the cart');
    const request = CreateTestCaseRequest.parse(stepTestRequest(filled, detail, 3));
    expect(request).toMatchObject({
      testCaseSetId: 3,
      simulatorId: 7,
      scoringTypes: ['mutations'],
      expectedMutationsFromSession: 'session-1',
      simulatorConfig: { replay_session_id: 'session-1', single_step_replay_index: 5 },
      defaultScoringConfig: { type: 'page_action_sequence' },
    });
    expect(request.outputSchema).toBeUndefined();
  });

  it('should judge an output match on the answer, not on the changes', () => {
    const detail = detailOf({ output: 2 });
    const drafted = stepDraft(detail, 4, 'offline_exact_output_match');
    expect(drafted.scoringTypes).toEqual(['output']);
    const form = { ...EMPTY_STEP_TEST, ...drafted, sessionId: 's', replayIndex: '4', name: 'n', prompt: 'p' };
    const request = CreateTestCaseRequest.parse(stepTestRequest(form, detail, 1));
    expect(request.expectedMutationsFromSession).toBeUndefined();
    expect(request.defaultScoringConfig).toEqual({ type: 'offline_exact_output_match', expected_output: 2 });
  });

  it('should refuse any other scoring type and a missing session or step', () => {
    expect(stepTestProblems({ ...EMPTY_STEP_TEST, scoringType: 'vibes' })).toEqual({
      sessionId: 'Choose a session',
      scoringType: 'Invalid scoring type',
    });
    expect(stepTestProblems({ ...EMPTY_STEP_TEST, sessionId: 's' })).toEqual({
      replayIndex: 'Choose the step the test case replays to',
    });
  });
});
