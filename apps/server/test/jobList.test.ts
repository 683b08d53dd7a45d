import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS, type JobHandlers, PermanentJobError } from '../src/kernel/queue/catalog';
import { InProcessQueue, type JobQueue } from '../src/kernel/queue/queue';
import { RedisQueue } from '../src/kernel/queue/redisQueue';
import { until } from './support/until';

const redisUrl = process.env.REDIS_URL;

/**
 * The admin's job list, from either queue: every job newest first, with its state, attempts, timings and the
 * reason it failed. The Redis queue's part needs REDIS_URL.
 */
const queues: Array<{ name: string; make: () => JobQueue; skip: boolean }> = [
  { name: 'in-process', make: () => new InProcessQueue(), skip: false },
  {
    name: 'Redis',
    make: () => new RedisQueue({ url: redisUrl!, prefix: `proctor-test-${randomBytes(4).toString('hex')}` }),
    skip: !redisUrl,
  },
];

for (const { name, make, skip } of queues) {
  describe.skipIf(skip)(`the ${name} queue's job list`, () => {
    const made: JobQueue[] = [];
    afterAll(async () => {
      for (const queue of made) {
        if (queue instanceof RedisQueue) await queue.obliterate();
        await queue.close();
      }
    });

    it('should list jobs newest first with their state, attempts, timings and error, a page at a time', async () => {
      const queue = make();
      made.push(queue);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const handlers: JobHandlers = {
        runSession: {
          run: async ({ sessionId }) => {
            if (sessionId === 2) throw new PermanentJobError('The agent crashed');
            if (sessionId === 3) await held;
          },
          failed: async () => undefined,
        },
      };
      queue.work(handlers);
      const first = await queue.add('runSession', { sessionId: 1 });
      await first.finished;
      const second = await queue.add('runSession', { sessionId: 2 });
      await second.finished;
      const third = await queue.add('runSession', { sessionId: 3 });
      await until(
        () => queue.counts('runSession'),
        (counts) => counts.running === 1,
        'the third job to be running',
      );

      const { jobs, total } = await queue.list(1, 10);
      expect(total).toBe(3);
      expect(jobs.map((job) => [job.id, job.state, job.attempts, job.error])).toEqual([
        [third.id, 'running', 1, null],
        [second.id, 'failed', 1, 'The agent crashed'],
        [first.id, 'completed', 1, null],
      ]);
      expect(jobs.every((job) => job.name === JOBS.runSession.name && job.startedAt !== null)).toBe(true);
      expect(jobs[0]!.finishedAt).toBeNull();
      expect(jobs[1]!.finishedAt).not.toBeNull();
      expect(jobs[2]!.payload).toEqual({ sessionId: 1 });

      const secondPage = await queue.list(2, 2);
      expect(secondPage.jobs.map((job) => job.id)).toEqual([first.id]);
      release();
      await third.finished;
    });
  });
}
