import { describe, expect, it } from 'vitest';
import { JOBS, type JobContext, type JobHandlers, PermanentJobError } from '../../src/kernel/queue/catalog';
import { InProcessQueue } from '../../src/kernel/queue/queue';

/** A promise and its resolver, to hold a handler until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function handlers(
  run: (payload: { sessionId: number }, context: JobContext) => Promise<void>,
  failed: Array<{ sessionId: number; reason: string }> = [],
): JobHandlers {
  return {
    runSession: {
      run,
      failed: async (payload, reason) => {
        failed.push({ sessionId: payload.sessionId, reason });
      },
    },
  };
}

describe('the in-process job queue', () => {
  it("hands a job's progress, from its first report, and its result to whoever added it", async () => {
    const queue = new InProcessQueue();
    queue.work({
      rescoreSimulator: {
        run: async () => ({
          total_test_cases: 0,
          rescored_count: 0,
          error_count: 0,
          skipped_count: 0,
          results: [],
        }),
        failed: async () => undefined,
      },
      generateMutations: {
        // Reported before the handler first waits: the adder hears it all the same.
        run: async (_request, job) => {
          job.progress({ type: 'init', status: 'processing', total_mutations: 1 });
          await Promise.resolve();
          job.progress({ type: 'mutation_progress', step: 'saving', status: 'processing' });
          return null;
        },
        failed: async () => undefined,
      },
    });
    const viewer = { organizationId: 1, isAdmin: false, allowedSimulatorIds: [], userId: null };
    const heard: unknown[] = [];
    const generated = await queue.add(
      'generateMutations',
      { viewer, testCaseIds: [1], single: true },
      { onProgress: (event) => heard.push(event) },
    );
    expect(await generated.finished).toEqual({ status: 'completed', attempts: 1, result: null });
    expect(heard).toEqual([
      { type: 'init', status: 'processing', total_mutations: 1 },
      { type: 'mutation_progress', step: 'saving', status: 'processing' },
    ]);
    const rescored = await queue.add('rescoreSimulator', { viewer, simulatorId: 3 });
    expect(await rescored.finished).toMatchObject({ status: 'completed', result: { total_test_cases: 0 } });
    await queue.close();
  });

  it('runs jobs first in first out, no more at once than the worker allows', async () => {
    const queue = new InProcessQueue();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const gates = new Map<number, ReturnType<typeof gate>>();
    queue.work(
      handlers(async ({ sessionId }) => {
        started.push(sessionId);
        running += 1;
        most = Math.max(most, running);
        const held = gate();
        gates.set(sessionId, held);
        await held.opened;
        running -= 1;
      }),
      { runSession: 2 },
    );
    const jobs = await Promise.all(
      [1, 2, 3, 4, 5].map((sessionId) => queue.add('runSession', { sessionId })),
    );
    await expect.poll(() => started).toEqual([1, 2]);
    expect(await queue.counts('runSession')).toEqual({ queued: 3, running: 2 });
    gates.get(2)!.open();
    await expect.poll(() => started).toEqual([1, 2, 3]);
    for (const sessionId of [1, 3, 4, 5]) {
      await expect.poll(() => gates.has(sessionId)).toBe(true);
      gates.get(sessionId)!.open();
    }
    const outcomes = await Promise.all(jobs.map((job) => job.finished));
    expect(outcomes.every((outcome) => outcome.status === 'completed')).toBe(true);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    await queue.close();
  });

  it('checks a payload against its schema when the job is added', async () => {
    const queue = new InProcessQueue();
    await expect(queue.add('runSession', { sessionId: -1 })).rejects.toThrow();
    await queue.close();
  });

  it('tries a failed job again while attempts remain, then tells the failed handler the reason once', async () => {
    const queue = new InProcessQueue();
    const failed: Array<{ sessionId: number; reason: string }> = [];
    const attempts: number[] = [];
    queue.work(
      handlers(async (_payload, context) => {
        attempts.push(context.attempt);
        throw new Error('The browser did not start');
      }, failed),
    );
    const job = await queue.add('runSession', { sessionId: 7 });
    expect(await job.finished).toEqual({
      status: 'failed',
      attempts: JOBS.runSession.attempts,
      reason: `The browser did not start (after ${JOBS.runSession.attempts} attempts)`,
    });
    expect(attempts).toEqual([1, 2]);
    expect(failed).toEqual([{ sessionId: 7, reason: 'The browser did not start (after 2 attempts)' }]);
    await queue.close();
  });

  it('never tries again after a permanent failure, and completes a job that succeeds on its second attempt', async () => {
    const queue = new InProcessQueue();
    const failed: Array<{ sessionId: number; reason: string }> = [];
    queue.work(
      handlers(async ({ sessionId }, context) => {
        if (sessionId === 1) throw new PermanentJobError('Proctor cannot drive "my-agent" itself');
        if (context.attempt === 1) throw new Error('flaky start');
      }, failed),
    );
    const refused = await queue.add('runSession', { sessionId: 1 });
    const retried = await queue.add('runSession', { sessionId: 2 });
    expect(await refused.finished).toEqual({
      status: 'failed',
      attempts: 1,
      reason: 'Proctor cannot drive "my-agent" itself',
    });
    expect(await retried.finished).toEqual({ status: 'completed', attempts: 2 });
    expect(failed.map((failure) => failure.sessionId)).toEqual([1]);
    await queue.close();
  });

  it('aborts an attempt that runs out of time and fails it with that reason, without another attempt', async () => {
    const queue = new InProcessQueue({ ...JOBS, runSession: { ...JOBS.runSession, timeoutMs: 50 } });
    const failed: Array<{ sessionId: number; reason: string }> = [];
    let attempts = 0;
    queue.work(
      handlers(async (_payload, context) => {
        attempts += 1;
        await new Promise((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true }),
        );
      }, failed),
    );
    const job = await queue.add('runSession', { sessionId: 3 });
    expect(await job.finished).toEqual({ status: 'failed', attempts: 1, reason: 'It ran out of time (0 s)' });
    expect(attempts).toBe(1);
    expect(failed).toEqual([{ sessionId: 3, reason: 'It ran out of time (0 s)' }]);
    await queue.close();
  });

  it('on close, aborts what runs, fails it with the reason and takes no more jobs', async () => {
    const queue = new InProcessQueue();
    const failed: Array<{ sessionId: number; reason: string }> = [];
    let started = false;
    queue.work(
      handlers(async (_payload, context) => {
        started = true;
        await new Promise((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
        );
      }, failed),
    );
    const job = await queue.add('runSession', { sessionId: 4 });
    await expect.poll(() => started).toBe(true);
    await queue.close();
    expect(await job.finished).toEqual({ status: 'failed', attempts: 1, reason: 'Proctor is shutting down' });
    expect(failed).toEqual([{ sessionId: 4, reason: 'Proctor is shutting down' }]);
    await expect(queue.add('runSession', { sessionId: 5 })).rejects.toThrow('The job queue is closed');
  });
});
