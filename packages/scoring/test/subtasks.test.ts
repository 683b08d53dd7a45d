import type { RecordedStep } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  decomposeTrajectory,
  parseSubtaskAnswer,
  SUBTASK_MODEL_ACTION_LIMIT,
  subtasksByRule,
} from '../src/index';
import { click, mouseMove, navigate, scroll, steps, submit, typeText } from './support/session';

const ids = (subtasks: ReturnType<typeof subtasksByRule>) =>
  subtasks.map((subtask) => subtask.action_description.action_ids);

/** Marks the steps at these indexes as having written `count` mutations each. */
function wrote(recorded: RecordedStep[], ...indexes: number[]): RecordedStep[] {
  let total = 0;
  return recorded.map((step, i) => {
    const before = total;
    if (indexes.includes(i)) total += 1;
    return { ...step, mutations: { before, after: total } };
  });
}

describe('subtasksByRule', () => {
  it('should start a subtask at each page change', () => {
    const recorded = steps(
      navigate('http://env.shop.localhost/products'),
      click('#mug', 'Sage mug'),
      navigate('http://env.shop.localhost/products/4'),
      scroll('down'),
      click('#size', '16 oz'),
    );
    const subtasks = subtasksByRule(recorded);
    expect(ids(subtasks)).toEqual([
      [recorded[0]!.action.id, recorded[1]!.action.id],
      [recorded[2]!.action.id, recorded[3]!.action.id, recorded[4]!.action.id],
    ]);
    expect(subtasks[0]!.transition_description).toBe('Went to /products/4');
    expect(subtasks[1]!.transition_description).toBe('The session ended');
    expect(subtasks[1]!.action_description.description).toBe('On /products/4: scroll down, click "16 oz"');
    expect(subtasks[0]!.action_description.action_descriptions).toEqual([
      'url_change /products',
      'click "Sage mug" (#mug)',
    ]);
  });

  it('should end a subtask at a form submission, keeping the submit event with the click that caused it', () => {
    const recorded = steps(
      typeText('#email', 'ada@example.test'),
      click('button[type="submit"]', 'Sign in'),
      submit('form#login'),
      click('#inbox', 'Inbox'),
    );
    const subtasks = subtasksByRule(recorded);
    expect(ids(subtasks)).toEqual([
      [recorded[0]!.action.id, recorded[1]!.action.id, recorded[2]!.action.id],
      [recorded[3]!.action.id],
    ]);
    expect(subtasks[0]!.transition_description).toBe('Clicked "Sign in" to submit');
  });

  it('should end a subtask at Enter typed into a field, and name the page it went to', () => {
    const recorded = steps(
      typeText('#q', 'mug[Enter]'),
      navigate('http://env.shop.localhost/search?q=mug'),
      click('#first', 'Sage mug'),
    );
    const subtasks = subtasksByRule(recorded);
    expect(ids(subtasks)).toEqual([
      [recorded[0]!.action.id],
      [recorded[1]!.action.id, recorded[2]!.action.id],
    ]);
    expect(subtasks[0]!.transition_description).toBe('Pressed Enter, then went to /search?q=mug');
  });

  it('should end a subtask at a step that wrote data or sent a writing request', () => {
    const recorded = wrote(
      steps(
        click('#add', 'Add to cart'),
        click('#qty-up', '+'),
        click('#checkout', 'Checkout'),
        click('#x', 'Close'),
      ),
      0,
    );
    const subtasks = subtasksByRule(recorded, new Set([recorded[2]!.idx]));
    expect(ids(subtasks)).toEqual([
      [recorded[0]!.action.id],
      [recorded[1]!.action.id, recorded[2]!.action.id],
      [recorded[3]!.action.id],
    ]);
    expect(subtasks[0]!.transition_description).toBe('Sent by click "Add to cart" (1 data change)');
    expect(subtasks[1]!.transition_description).toBe('Sent by click "Checkout" (sent)');
  });

  it('should keep a redirect with the page change it followed, and describe where it acted', () => {
    const recorded = steps(
      click('#login', 'Sign in'),
      navigate('http://env.shop.localhost/login'),
      navigate('http://env.shop.localhost/login?next=%2Faccount'),
      navigate('http://env.shop.localhost/account'),
    );
    recorded[1]!.before_state = {
      current_url: 'http://env.shop.localhost/',
      screenshot: null,
      metadata: { bboxes: [] },
    };
    const subtasks = subtasksByRule(recorded);
    expect(ids(subtasks)).toEqual([
      [recorded[0]!.action.id],
      [recorded[1]!.action.id, recorded[2]!.action.id, recorded[3]!.action.id],
    ]);
    expect(subtasks[1]!.action_description.description).toBe('Went to /account');
  });

  it("should leave out mouse moves and the platform's own navigation", () => {
    const recorded = steps(
      navigate('http://env.shop.localhost/', true),
      mouseMove(),
      click('#a', 'A'),
      mouseMove(),
      click('#b', 'B'),
    );
    expect(ids(subtasksByRule(recorded))).toEqual([[recorded[2]!.action.id, recorded[4]!.action.id]]);
  });

  it('should split nothing out of a session without actions', () => {
    expect(subtasksByRule(steps(mouseMove()))).toEqual([]);
  });

  it('should give the same subtasks for the same steps', () => {
    const recorded = steps(click('#a', 'A'), submit('form'), navigate('http://env.shop.localhost/done'));
    expect(subtasksByRule(recorded)).toEqual(subtasksByRule([...recorded].reverse()));
  });
});

describe('parseSubtaskAnswer', () => {
  const recorded = steps(click('#a', 'A'), click('#b', 'B'), click('#c', 'C'));
  const [a, b, c] = recorded.map((step) => step.action.id);
  const answer = (subtasks: unknown) => JSON.stringify({ subtasks });

  it("should keep the model's descriptions and the recorded actions' own descriptions", () => {
    const subtasks = parseSubtaskAnswer(
      `\`\`\`json\n${answer([
        { description: 'Open A', action_ids: [a], transition_description: 'A opened' },
        { description: 'Pick B and C', action_ids: [b, c] },
      ])}\n\`\`\``,
      recorded,
    );
    expect(subtasks).toEqual([
      {
        action_description: {
          description: 'Open A',
          action_ids: [a],
          action_descriptions: ['click "A" (#a)'],
        },
        transition_description: 'A opened',
      },
      {
        action_description: {
          description: 'Pick B and C',
          action_ids: [b, c],
          action_descriptions: ['click "B" (#b)', 'click "C" (#c)'],
        },
        transition_description: null,
      },
    ]);
  });

  it('should put an action the model left out with the one before it', () => {
    const subtasks = parseSubtaskAnswer(
      answer([
        { description: 'First', action_ids: [a] },
        { description: 'Last', action_ids: [c] },
      ]),
      recorded,
    );
    expect(ids(subtasks)).toEqual([[a, b], [c]]);
  });

  it('should refuse made-up, repeated or reordered ids and answers that are not JSON', () => {
    expect(() => parseSubtaskAnswer(answer([{ description: 'X', action_ids: ['nope'] }]), recorded)).toThrow(
      /not in the session: nope/,
    );
    expect(() =>
      parseSubtaskAnswer(
        answer([
          { description: 'X', action_ids: [a, b] },
          { description: 'Y', action_ids: [b] },
        ]),
        recorded,
      ),
    ).toThrow(/two subtasks/);
    expect(() => parseSubtaskAnswer(answer([{ description: 'X', action_ids: [b, a] }]), recorded)).toThrow(
      /out of order/,
    );
    expect(() => parseSubtaskAnswer('Sure! Here are the subtasks.', recorded)).toThrow(
      /not answer with JSON/,
    );
  });
});

describe('decomposeTrajectory', () => {
  const recorded = steps(click('#a', 'A'), submit('form'), navigate('http://env.shop.localhost/done'));
  const input = { steps: recorded, task: 'Do A' };

  it('should split by the rule, and say so, without a model', async () => {
    const decomposition = await decomposeTrajectory(input, {});
    expect(decomposition).toEqual({
      method: 'rule',
      fallback_reason: null,
      subtasks: subtasksByRule(recorded),
    });
  });

  it('should split by the model when one is lent, sending it the actions with their ids', async () => {
    const asked: string[] = [];
    const decomposition = await decomposeTrajectory(input, {
      chatCompletion: async ({ messages }) => {
        asked.push(String(messages[1]!.content));
        return JSON.stringify({
          subtasks: [{ description: 'Do A and finish', action_ids: recorded.map((step) => step.action.id) }],
        });
      },
    });
    expect(decomposition.method).toBe('model');
    expect(decomposition.subtasks.map((subtask) => subtask.action_description.description)).toEqual([
      'Do A and finish',
    ]);
    expect(asked[0]).toContain(`${recorded[0]!.action.id}: click "A" (#a)`);
  });

  it('should fall back to the rule when the model fails, saying why', async () => {
    const decomposition = await decomposeTrajectory(input, {
      chatCompletion: async () => {
        throw new Error('HTTP 500');
      },
    });
    expect(decomposition).toEqual({
      method: 'rule',
      fallback_reason: 'The language model could not split the session: HTTP 500',
      subtasks: subtasksByRule(recorded),
    });
  });

  it('should not send the model a session longer than it is given', async () => {
    const long = steps(...Array.from({ length: SUBTASK_MODEL_ACTION_LIMIT + 1 }, (_, i) => click(`#b${i}`)));
    let called = false;
    const decomposition = await decomposeTrajectory(
      { steps: long, task: null },
      {
        chatCompletion: async () => {
          called = true;
          return '{}';
        },
      },
    );
    expect(called).toBe(false);
    expect(decomposition.method).toBe('rule');
    expect(decomposition.fallback_reason).toMatch(/more than the 300/);
  });
});
