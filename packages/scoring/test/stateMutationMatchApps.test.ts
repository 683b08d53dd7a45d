import { EMPTY_MUTATION_IGNORE_RULES, type Mutation } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  generateExpectedMutations,
  generateExpectedMutationsByApp,
  type MutationDiff,
  netMutationsByApp,
  runScoreType,
  type ScoreOutcome,
} from '../src/index';
import { insert, session, update } from './support/session';

const scored = (outcome: ScoreOutcome) => {
  if (outcome.status !== 'scored') throw new Error(`expected a verdict, got ${JSON.stringify(outcome)}`);
  return outcome.result;
};

const tagged = (simulator: string, mutation: Mutation): Mutation => ({ ...mutation, simulator });

// A mail + calendar session as a multi-simulator environment logs it: every app's mutations tagged, the own
// simulator's (mail) too; mail ignores its drafts table, calendar its sync_state table.
const multi = {
  simulatorConfig: { ...EMPTY_MUTATION_IGNORE_RULES, ignore_tables: ['drafts'] },
  simulators: {
    own: 'mail',
    filters: { calendar: { ...EMPTY_MUTATION_IGNORE_RULES, ignore_tables: ['sync_state'] } },
  },
};
const readMail = tagged('mail', update('emails', '7', { id: 7, is_read: 0 }, { id: 7, is_read: 1 }));
const addEvent = tagged('calendar', insert('events', '1', { id: 1, title: 'Design review' }));
const expected = [
  { action: 'UPDATE', table_name: 'emails', pk: '7', changes: { is_read: 1 } },
  { action: 'INSERT', table_name: 'events', changes: { title: 'Design review' }, simulator: 'calendar' },
];

const score = (mutations: Mutation[], mutationsExpected: unknown[] = expected) =>
  runScoreType(
    'state_mutation_match',
    { mutations: mutationsExpected },
    session({ mutations, ...multi }),
  ).then(scored);

describe('state_mutation_match across apps', () => {
  it('should pass when each app made the changes expected of it, each through its own ignore rules', async () => {
    const noise = [
      tagged('mail', insert('drafts', '1', { id: 1 })),
      tagged('calendar', insert('sync_state', '1', { id: 1 })),
    ];
    const result = await score([readMail, ...noise, addEvent]);
    expect(result).toMatchObject({
      correct: true,
      similarity: 1,
      reason: 'All 2 expected mutations matched',
    });
    const diffs = result.diffs as MutationDiff[];
    expect(diffs.map((diff) => diff.reason)).toEqual([
      'mail: UPDATE emails pk 7 as expected',
      'calendar: INSERT events pk 1 as expected',
    ]);
    expect(diffs[1]!.actual_mutation).toMatchObject({ simulator: 'calendar', table_name: 'events' });
  });

  it('should fail naming the app when the expected change was made in another app', async () => {
    // The same table and row in the own simulator does not satisfy an expectation tagged calendar.
    const inMail = tagged('mail', insert('events', '1', { id: 1, title: 'Design review' }));
    const result = await score([readMail, inMail]);
    expect(result.correct).toBe(false);
    expect(result.reason).toContain('calendar: missing: INSERT events: no such change happened');
    expect(result.reason).toContain('mail: unexpected: INSERT events pk 1');
    expect(result.similarity).toBeCloseTo(1 / 3);
  });

  it('should count a side effect in the other app, which its own rules do not ignore', async () => {
    const result = await score([readMail, addEvent, tagged('calendar', insert('drafts', '2', { id: 2 }))]);
    expect(result.correct).toBe(false);
    expect(result.reason).toBe('calendar: unexpected: INSERT drafts pk 2 {"id":2}');
  });

  it('should not merge two apps’ rows with the same table and key', async () => {
    const mailEvent = tagged('mail', insert('events', '1', { id: 1, title: 'Design review' }));
    const result = await score(
      [mailEvent, addEvent],
      [
        { action: 'INSERT', table_name: 'events', pk: '1' },
        { action: 'INSERT', table_name: 'events', pk: '1', simulator: 'calendar' },
      ],
    );
    expect(result).toMatchObject({ correct: true, reason: 'All 2 expected mutations matched' });
  });

  it('should judge untagged mutations as the own simulator’s', async () => {
    const untagged = { ...readMail, simulator: undefined };
    const result = await score([untagged, addEvent]);
    expect(result.correct).toBe(true);
  });

  it('should fail "no mutations" only when no app changed anything that counts', async () => {
    const system = (mutations: Mutation[]) =>
      runScoreType('system_scoring', {}, session({ mutations, ...multi }));
    const ignoredOnly = [tagged('calendar', insert('sync_state', '1', { id: 1 }))];
    expect(scored(await system(ignoredOnly)).correct).toBe(false);
    expect(await system([addEvent])).toMatchObject({ status: 'not_applicable' });
  });
});

describe('expected mutations generated across apps', () => {
  const run = (sessionId: string, title: string) => ({
    sessionId,
    mutations: [
      readMail,
      tagged('calendar', insert('sync_state', '1', { id: 1 })),
      tagged('calendar', insert('events', '1', { id: 1, title, created_at: sessionId })),
    ],
  });

  it('should expect each app’s agreed changes, the other apps’ tagged, each through its own rules', () => {
    const generated = generateExpectedMutationsByApp([run('s1', 'Review'), run('s2', 'Review')], multi);
    expect(generated.mutations).toEqual([
      { action: 'UPDATE', table_name: 'emails', pk: '7', changes: { is_read: 1 } },
      {
        action: 'INSERT',
        table_name: 'events',
        pk: '1',
        changes: { id: 1, title: 'Review' },
        simulator: 'calendar',
      },
    ]);
    expect(generated.differential).toEqual([]);
    expect(generated.session_ids).toEqual(['s1', 's2']);
  });

  it('should tag the other app’s disagreements', () => {
    const [first, second] = [run('s1', 'Review'), run('s2', 'Review')];
    const generated = generateExpectedMutationsByApp(
      [first, { ...second, mutations: [...second.mutations, tagged('calendar', insert('events', '2', {}))] }],
      multi,
    );
    expect(generated.differential).toEqual([
      {
        action: 'INSERT',
        table_name: 'events',
        pk: '2',
        simulator: 'calendar',
        present_in: ['s2'],
        missing_from: ['s1'],
      },
    ]);
  });

  it('should generate sessions of one simulator exactly as before', () => {
    const sessions = [{ sessionId: 's1', mutations: [{ ...readMail, simulator: undefined }] }];
    expect(generateExpectedMutationsByApp(sessions, multi)).toEqual(
      generateExpectedMutations(sessions, multi.simulatorConfig),
    );
  });

  it('should keep two apps’ rows with the same table and key apart in the net changes', () => {
    const net = netMutationsByApp(
      [
        tagged('mail', insert('events', '1', { id: 1 })),
        addEvent,
        tagged('calendar', insert('sync_state', '1', {})),
      ],
      multi,
    );
    expect(net.map((m) => `${m.simulator ?? '-'} ${m.action} ${m.table_name} ${m.pk}`)).toEqual([
      '- INSERT events 1',
      'calendar INSERT events 1',
    ]);
  });
});
