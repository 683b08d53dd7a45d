import { describe, expect, it } from 'vitest';
import { runStoppable, stopJobOn } from '../../src/kernel/queue/stoppable';

/** Jobs a server stops through a worker's door (stop-run): by job id, on the environment the stop names only. */
describe('stoppable jobs', () => {
  const job = (jobId: string) => ({ jobId, environmentId: 'env-a', reason: 'The caller went away' });
  /** Runs `jobId` until it is stopped (its reason) or `release` lets it end (undefined). */
  const start = (jobId: string) => {
    let release: () => void = () => undefined;
    const ended = runStoppable(
      job(jobId),
      (stopped) =>
        new Promise<string | undefined>((resolve) => {
          if (stopped.aborted) resolve((stopped.reason as Error).message);
          stopped.addEventListener('abort', () => resolve((stopped.reason as Error).message));
          release = () => resolve(undefined);
        }),
    );
    return { ended, release: () => release() };
  };

  it('should stop a running job when the stop names its environment, and not when it names another', async () => {
    const running = start('job-1');
    stopJobOn('env-b', 'job-1');
    stopJobOn('env-a', 'job-1');
    expect(await running.ended).toBe('The caller went away');

    const other = start('job-2');
    stopJobOn('env-b', 'job-2');
    other.release();
    expect(await other.ended).toBeUndefined();
  });

  it('should stop a job stopped before it started, on its environment only', async () => {
    stopJobOn('env-a', 'job-3');
    expect(await start('job-3').ended).toBe('The caller went away');
    stopJobOn('env-b', 'job-4');
    const other = start('job-4');
    other.release();
    expect(await other.ended).toBeUndefined();
  });
});
