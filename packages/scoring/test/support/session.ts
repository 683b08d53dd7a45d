import { type ActionTarget, type RecordedStep, UserAction } from '@proctor/contracts';
import { EMPTY_MUTATION_IGNORE_RULES, type Mutation, type ScoringInput } from '../../src/index';

/** A finished session to score, with nothing in it unless the test says so. */
export function session(overrides: Partial<ScoringInput> = {}): ScoringInput {
  return {
    sessionId: 'ses_1',
    task: { prompt: 'Close task OPS-3', testCasePublicId: 'tc_1' },
    testCase: { scoringTypes: ['mutations'], correctOutputs: [], outputSchema: {} },
    simulatorConfig: EMPTY_MUTATION_IGNORE_RULES,
    mutations: [],
    output: undefined,
    steps: [],
    ...overrides,
  };
}

const at = '2026-03-02T09:00:00.000Z';
export const insert = (table: string, pk: string, row: Mutation['new']): Mutation => ({
  action: 'INSERT',
  table_name: table,
  pk,
  old: null,
  new: row,
  action_timestamp: at,
});
export const update = (table: string, pk: string, old: Mutation['old'], row: Mutation['new']): Mutation => ({
  action: 'UPDATE',
  table_name: table,
  pk,
  old,
  new: row,
  action_timestamp: at,
});
export const remove = (table: string, pk: string, old: Mutation['old']): Mutation => ({
  action: 'DELETE',
  table_name: table,
  pk,
  old,
  new: null,
  action_timestamp: at,
});

export const target = (selector: string, text = '', tag = 'button'): ActionTarget => ({
  id: null,
  selector,
  tag,
  text,
  bbox: null,
});

type ActionFields<T extends UserAction['type']> = Omit<
  Extract<UserAction, { type: T }>,
  'id' | 'timestamp' | 'is_simulator_action' | 'metadata' | 'type'
>;

let seq = 0;
/** An action as the recorder writes it, checked against the recording format's schema. */
function action<T extends UserAction['type']>(
  type: T,
  fields: ActionFields<T>,
  simulator = false,
): UserAction {
  seq++;
  return UserAction.parse({
    id: `a${seq}`,
    type,
    timestamp: 1_700_000_000_000 + seq,
    is_simulator_action: simulator,
    metadata: { start_seq_id: seq, end_seq_id: seq },
    ...fields,
  });
}

export const click = (selector: string, text = '') =>
  action('click', { x: 10, y: 10, button: 'left', target: target(selector, text) });
export const clickAt = (x: number, y: number) => action('click', { x, y, button: 'left', target: null });
export const typeText = (selector: string, text: string) =>
  action('type', { text, target: target(selector, '', 'input') });
export const choose = (selector: string, name: string, values: string[], labels: string[]) =>
  action('select', { values, labels, target: target(selector, name, 'select') });
export const submit = (selector: string) => action('submit', { target: target(selector, '', 'form') });
export const scroll = (direction: 'up' | 'down') =>
  action('scroll', { direction, dx: 0, dy: direction === 'down' ? 300 : -300, target: null });
export const navigate = (url: string, simulator = false) => action('url_change', { url }, simulator);
export const mouseMove = () => action('mouse_move', { positions: [{ x: 1, y: 1, t: 1 }] });

/** Steps as the recorder stores them, one per action, in order. */
export const steps = (...actions: UserAction[]): RecordedStep[] =>
  actions.map((a, idx) => ({
    idx,
    action: a,
    before_state: null,
    after_state: {
      current_url: 'http://env-1.shop.localhost:4000/orders',
      screenshot: null,
      metadata: { bboxes: [] },
    },
    mutations: { before: 0, after: 0 },
  }));
