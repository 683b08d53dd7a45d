import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SimulatorHost, type SimulatorInstance } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';
import { fixtureSimulator } from '../fixture/index';
import { dumpDatabase } from '../support/dump';

/** What a visitor can do in the fixture, valid or not. */
type Action =
  | { kind: 'signIn'; correct: boolean }
  | { kind: 'signOut' }
  | { kind: 'create'; title: string; project: string; status: string; assignee: string; estimate: string }
  | { kind: 'update'; number: string; title: string; status: string; estimate: string }
  | { kind: 'comment'; number: string; body: string }
  | { kind: 'delete'; number: string }
  | { kind: 'patch'; number: string; status: string }
  | { kind: 'browse'; path: string }
  | { kind: 'fail' }
  | { kind: 'backup' };

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const number = fc.constantFrom(
  'OPS-1',
  'OPS-2',
  'OPS-3',
  'OPS-4',
  'WEB-1',
  'APP-2',
  'DATA-5',
  'WEB-98',
  'OPS-5',
  'NOPE-1',
);
const status = fc.constantFrom('todo', 'doing', 'done', 'closed', '');
const estimate = fc.oneof(fc.constant(''), fc.integer({ min: -5, max: 120 }).map(String), fc.constant('two'));

// Writes weigh more than the rest, so most sequences change something.
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('signIn' as const), correct: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'signOut' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      title: text,
      project: fc.constantFrom('WEB', 'OPS', 'APP', 'DATA', 'XX'),
      status,
      assignee: fc.constantFrom('', '1', '3', '6', '99'),
      estimate,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('update' as const), number, title: text, status, estimate }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('comment' as const), number, body: text }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), number }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('patch' as const), number, status }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('browse' as const),
      path: fc.constantFrom(
        '/tasks',
        '/tasks?status=done&sort=updated&page=2',
        '/tasks/OPS-1',
        '/widgets/summary',
        '/nope',
      ),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'fail' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'backup' as const }), weight: 1 },
);

async function perform(client: InstanceClient, step: Action): Promise<void> {
  switch (step.kind) {
    case 'signIn':
      await client.post('/login', {
        email: 'dana@acme.test',
        password: step.correct ? 'correct-horse' : 'wrong',
      });
      return;
    case 'signOut':
      await client.post('/logout');
      return;
    case 'create':
      await client.post('/tasks', { ...step });
      return;
    case 'update':
      await client.post(`/tasks/${step.number}`, { ...step, project: 'OPS', assignee: '2' });
      return;
    case 'comment':
      await client.post(`/tasks/${step.number}/comments`, { body: step.body });
      return;
    case 'delete':
      await client.post(`/tasks/${step.number}/delete`);
      return;
    case 'patch':
      await client.sendJson('PATCH', `/api/tasks/${step.number}`, { status: step.status });
      return;
    case 'browse':
      await client.get(step.path);
      return;
    case 'fail':
      await client.post('/debug/fail-after-write');
      return;
    case 'backup':
      client.instance.backup();
      return;
  }
}

/** Signed in first, so most sequences write; later steps may sign out and in again. */
async function run(instance: SimulatorInstance, steps: readonly Action[]): Promise<string> {
  const client = new InstanceClient(instance);
  for (const step of [{ kind: 'signIn', correct: true } as const, ...steps]) await perform(client, step);
  return JSON.stringify(instance.mutations());
}

describe('determinism and reset (property)', () => {
  const host = new SimulatorHost();
  const seedInstance = host.createInstance(fixtureSimulator, { id: 'seed' });
  const seedDump = dumpDatabase(seedInstance);
  const fresh = { clock: seedInstance.clock.state(), rng: seedInstance.rng.state() };
  let runs = 0;
  let runsThatWrote = 0;
  afterAll(() => host.close());

  it('should reset to the seed exactly after any sequence, and replay it byte for byte on a fresh instance', async () => {
    // The fixture's failing route logs each failure; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (steps) => {
        runs += 1;
        const first = host.createInstance(fixtureSimulator, { id: `p${runs}a` });
        const second = host.createInstance(fixtureSimulator, { id: `p${runs}b` });
        try {
          const firstLog = await run(first, steps);
          if (first.mutations().length > 0) runsThatWrote += 1;
          const firstDump = dumpDatabase(first);
          // The same actions on another instance: the same mutations, timestamps and generated values included.
          expect(await run(second, steps)).toBe(firstLog);
          expect(dumpDatabase(second)).toBe(firstDump);

          first.reset();
          expect(first.mutations()).toEqual([]);
          expect(dumpDatabase(first)).toBe(seedDump);
          expect({ clock: first.clock.state(), rng: first.rng.state() }).toEqual(fresh);
          expect(first.sessions.size).toBe(0);
          // And the same instance, replayed after its reset.
          expect(await run(first, steps)).toBe(firstLog);
        } finally {
          first.destroy();
          second.destroy();
        }
      }),
      { numRuns: 60 },
    );
    quiet.mockRestore();
    // Guards against a vacuous property: most generated sequences must have changed something.
    expect(runsThatWrote).toBeGreaterThan(20);
  });
});
