import { type EnvironmentStatusResponse, TIMING } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT_ERRORS,
  type ReadinessClock,
  readyPollDelayMs,
  waitUntilRunning,
} from '../../src/features/environments/readiness';

/** A clock whose sleeps pass at once and are recorded. */
function fakeClock(): ReadinessClock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

function statuses(...answers: EnvironmentStatusResponse[]) {
  let index = 0;
  return async () => answers[Math.min(index++, answers.length - 1)] as EnvironmentStatusResponse;
}

const running: EnvironmentStatusResponse = { status: 'running', error: null };
const starting: EnvironmentStatusResponse = { status: 'starting', error: null };

describe('waiting for an environment to be ready', () => {
  it('should poll at once, then from 500 ms doubling up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(readyPollDelayMs)).toEqual([
      0,
      TIMING.envPollStartMs,
      1000,
      2000,
      4000,
      TIMING.envPollMaxMs,
      8000,
      8000,
      8000,
    ]);
  });

  it('should be ready at the first poll that answers running', async () => {
    const clock = fakeClock();
    await waitUntilRunning(statuses(starting, { status: 'queued', error: null }, starting, running), clock);
    expect(clock.slept).toEqual([0, 500, 1000, 2000]);
  });

  it('should stop with the job status when the environment failed', async () => {
    const clock = fakeClock();
    await expect(
      waitUntilRunning(statuses(starting, { status: 'failed', error: 'Chromium crashed' }), clock),
    ).rejects.toMatchObject({ message: ENVIRONMENT_ERRORS.jobStatus('failed'), detail: 'Chromium crashed' });
    expect(ENVIRONMENT_ERRORS.jobStatus('failed')).toBe('Environment failed to start - job status: failed');
  });

  it('should give up when the environment never runs within the ready timeout', async () => {
    const clock = fakeClock();
    await expect(waitUntilRunning(statuses(starting), clock)).rejects.toThrow(
      ENVIRONMENT_ERRORS.neverRunning,
    );
    const waited = clock.slept.reduce((total, ms) => total + ms, 0);
    expect(waited).toBeLessThanOrEqual(TIMING.envReadyTimeoutMs);
    expect(waited).toBeGreaterThan(TIMING.envReadyTimeoutMs - TIMING.envPollMaxMs);
  });

  it('should word a worker that is not ready as the catalogue does', () => {
    expect(ENVIRONMENT_ERRORS.workerNotReady(undefined)).toBe(
      'Environment failed to start - worker not ready: Unknown error',
    );
    expect(ENVIRONMENT_ERRORS.workerNotReady('no page')).toBe(
      'Environment failed to start - worker not ready: no page',
    );
  });
});
