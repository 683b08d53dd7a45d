import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentStartError, Proctor, ProctorApiError } from '../src/index';
import { FakeClock } from './support/fakeClock';
import { API_KEY, Refusal, type StandInProctor, startStandInProctor } from './support/standInProctor';

let standIn: StandInProctor;
let clock: FakeClock;
let proctor: Proctor;

beforeEach(async () => {
  standIn = await startStandInProctor();
  clock = new FakeClock();
  proctor = new Proctor({ baseUrl: standIn.url, apiKey: API_KEY, clock });
});

afterEach(async () => {
  expect(standIn.problems).toEqual([]);
  await standIn.close();
});

async function startFailure(promise: Promise<unknown>): Promise<EnvironmentStartError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EnvironmentStartError);
  return error as EnvironmentStartError;
}

describe('env.waitForReady()', () => {
  it('should resolve without a request when make answered running', async () => {
    standIn.setRoute('makeEnvironment', () => ({ id: 'env_1', session_id: 'ses_1', status: 'running' }));
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    expect(standIn.requests.map((request) => request.name)).toEqual(['makeEnvironment']);
    expect(clock.sleeps).toEqual([]);
  });

  it('should ask the server again on a later call after make answered running', async () => {
    standIn.setRoute('makeEnvironment', () => ({ id: 'env_1', session_id: 'ses_1', status: 'running' }));
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    standIn.setStatuses([{ status: 'failed', error: 'The browser exited' }]);
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - job status: failed (The browser exited)');
  });

  it('should poll when make answered running but the environment was closed since', async () => {
    standIn.setRoute('makeEnvironment', () => ({ id: 'env_1', session_id: 'ses_1', status: 'running' }));
    standIn.setStatuses([{ status: 'closed' }]);
    const env = await proctor.environments.make('shop');
    await env.close();
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - job status: closed');
  });

  it('should poll when make answered failed, for the reason', async () => {
    standIn.setRoute('makeEnvironment', () => ({ id: 'env_1', session_id: 'ses_1', status: 'failed' }));
    standIn.setStatuses([{ status: 'failed', error: 'Chromium did not start' }]);
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.jobError).toBe('Chromium did not start');
    expect(standIn.named('environmentStatus')).toHaveLength(1);
  });

  it('should poll at once and resolve without waiting when the environment already runs', async () => {
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    expect(standIn.requests.map((request) => request.name)).toEqual([
      'makeEnvironment',
      'environmentStatus',
      'environmentWorkerReady',
    ]);
    expect(clock.sleeps).toEqual([]);
  });

  it('should wait through queued and starting, then check that the worker is ready', async () => {
    standIn.setStatuses([
      { status: 'queued' },
      { status: 'starting' },
      { status: 'starting' },
      { status: 'running' },
    ]);
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    expect(standIn.named('environmentStatus')).toHaveLength(4);
    expect(standIn.requests.at(-1)?.name).toBe('environmentWorkerReady');
    expect(standIn.requests.at(-1)?.id).toBe(env.id);
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
  });

  it('should wait 500 ms doubling up to 8000 ms between polls, each within ±25 %', async () => {
    standIn.setStatuses([...Array(8).fill({ status: 'starting' }), { status: 'running' }]);
    clock.randoms = [0, 0.999999, 0.25, 0.75, 0, 0.999999, 0.5, 0.1];
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    const base = [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000];
    expect(clock.sleeps).toHaveLength(base.length);
    clock.sleeps.forEach((slept, i) => {
      expect(slept).toBeGreaterThanOrEqual(base[i]! * 0.75);
      expect(slept).toBeLessThanOrEqual(base[i]! * 1.25);
    });
    expect(clock.sleeps).toEqual([375, 1250, 1750, 4500, 6000, 10_000, 8000, 6400]);
  });

  it("should fail with the job status and the server's error when the environment fails to start", async () => {
    standIn.setStatuses([{ status: 'starting' }, { status: 'failed', error: 'Chromium did not start' }]);
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - job status: failed (Chromium did not start)');
    expect(error).toMatchObject({
      reason: 'job_status',
      jobStatus: 'failed',
      jobError: 'Chromium did not start',
    });
    expect(error.environmentId).toBe(env.id);
    expect(standIn.named('environmentWorkerReady')).toEqual([]);
  });

  it('should fail with the job status when the environment is closed while starting', async () => {
    standIn.setStatuses([{ status: 'closed' }]);
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - job status: closed');
  });

  it('should give up after 300000 ms when the environment never runs', async () => {
    standIn.setStatuses([{ status: 'starting' }]);
    const env = await proctor.environments.make('shop');
    const started = clock.now();
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - job never entered running state');
    expect(error.reason).toBe('timeout');
    expect(clock.now() - started).toBe(300_000);
    // The last poll happens at the deadline, not a whole interval past it.
    expect(clock.sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(300_000);
    expect(standIn.named('environmentWorkerReady')).toEqual([]);
  });

  it('should take a shorter timeout', async () => {
    standIn.setStatuses([{ status: 'queued' }]);
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady({ timeoutMs: 2000 }));
    expect(error.reason).toBe('timeout');
    expect(clock.sleeps).toEqual([500, 1000, 500]);
  });

  it("should fail with the worker's error when the worker is not ready", async () => {
    standIn.setRoute('environmentWorkerReady', () => ({
      ready: false,
      error: 'The simulator did not answer',
    }));
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe(
      'Environment failed to start - worker not ready: The simulator did not answer',
    );
    expect(error.reason).toBe('worker_not_ready');
  });

  it('should say Unknown error when the worker is not ready and gives no reason', async () => {
    standIn.setRoute('environmentWorkerReady', () => ({ ready: false }));
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe('Environment failed to start - worker not ready: Unknown error');
  });

  it('should fail with the reason when asking whether the worker is ready fails', async () => {
    standIn.setRoute('environmentWorkerReady', () => new Refusal(409, 'The environment is closed'));
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady());
    expect(error.message).toBe(
      'Environment failed to start - worker health check failed: The environment is closed',
    );
    expect(error.reason).toBe('worker_health_check_failed');
    expect(error.cause).toBeInstanceOf(ProctorApiError);
  });

  it('should wait through a server that fails for now and throw a refusal at once', async () => {
    let calls = 0;
    standIn.setRoute('environmentStatus', () =>
      ++calls === 1 ? new Refusal(503, 'Service unavailable') : { status: 'running', error: null },
    );
    const env = await proctor.environments.make('shop');
    await env.waitForReady();
    expect(calls).toBe(2);

    standIn.setRoute('environmentStatus', () => new Refusal(404, 'Environment not found'));
    const refused = await env.waitForReady().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProctorApiError);
    expect(refused).toMatchObject({ status: 404, detail: 'Environment not found' });
  });

  it('should keep the last failure as the cause when a server that never answers well times it out', async () => {
    standIn.setRoute(
      'environmentStatus',
      () => new Refusal(502, { raw: '<h1>Bad gateway</h1>', statusText: 'Bad Gateway' }),
    );
    const env = await proctor.environments.make('shop');
    const error = await startFailure(env.waitForReady({ timeoutMs: 1000 }));
    expect(error.reason).toBe('timeout');
    expect((error.cause as Error).message).toBe('Request failed with status 502: Bad Gateway');
  });
});
