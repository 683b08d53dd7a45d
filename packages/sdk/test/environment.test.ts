import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Proctor, ProctorApiError, ProctorConnectionError, ProctorError } from '../src/index';
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
  vi.unstubAllEnvs();
  expect(standIn.problems).toEqual([]);
  await standIn.close();
});

describe('new Proctor()', () => {
  it('should refuse to start without an API key', () => {
    vi.stubEnv('PROCTOR_API_KEY', '');
    expect(() => new Proctor({ baseUrl: standIn.url })).toThrow(
      'Missing API key: pass { apiKey } or set PROCTOR_API_KEY',
    );
  });

  it('should read the API key from PROCTOR_API_KEY when none is passed', async () => {
    vi.stubEnv('PROCTOR_API_KEY', API_KEY);
    const fromEnvironment = new Proctor({ baseUrl: standIn.url, clock });
    await fromEnvironment.environments.make('shop');
    expect(standIn.requests[0]?.headers['x-api-key']).toBe(API_KEY);
  });

  it('should refuse a base URL that is not http(s)', () => {
    expect(() => new Proctor({ baseUrl: 'localhost:3000', apiKey: API_KEY })).toThrow(ProctorError);
    expect(() => new Proctor({ baseUrl: 'ftp://example.test', apiKey: API_KEY })).toThrow(
      /http:\/\/ or https:\/\//,
    );
  });

  it('should keep a path prefix and drop a trailing slash', () => {
    expect(new Proctor({ baseUrl: 'https://example.test/proctor/', apiKey: API_KEY }).baseUrl).toBe(
      'https://example.test/proctor',
    );
  });
});

describe('proctor.environments', () => {
  it('should make an environment of the simulator with the key, as the SDK, and the options given', async () => {
    const env = await proctor.environments.make('shop', { interface_width: 1024, interface_height: 768 });
    expect(env.id).toBe('env_1');
    expect(env.sessionId).toBe('ses_1');
    const [made] = standIn.requests;
    expect(made).toMatchObject({ name: 'makeEnvironment', method: 'POST', url: '/api/env/make2' });
    expect(made?.headers['x-api-key']).toBe(API_KEY);
    expect(made?.body).toEqual({
      env_id: 'shop',
      source: 'sdk',
      interface_width: 1024,
      interface_height: 768,
    });
    await env.close();
  });

  it('should let the caller name the source', async () => {
    await proctor.environments.make('shop', { source: 'nightly-eval', keepalive: true, alias: 'demo-shop' });
    expect(standIn.requests[0]?.body).toMatchObject({
      source: 'nightly-eval',
      keepalive: true,
      alias: 'demo-shop',
    });
  });

  it("should surface the server's refusal as a ProctorApiError with its status and detail", async () => {
    standIn.setRoute('makeEnvironment', () => new Refusal(404, 'Simulator "nope" not found or not enabled'));
    const error = await proctor.environments.make('nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProctorApiError);
    expect(error).toMatchObject({
      status: 404,
      detail: 'Simulator "nope" not found or not enabled',
      message: 'Simulator "nope" not found or not enabled',
      method: 'POST',
      url: `${standIn.url}/api/env/make2`,
    });
  });

  it('should report a refused API key as a 401', async () => {
    const stranger = new Proctor({ baseUrl: standIn.url, apiKey: 'pk_wrong', clock });
    await expect(stranger.environments.make('shop')).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid API key',
    });
  });

  it('should attach to an environment by id and keep it open', async () => {
    const env = await proctor.environments.get('env_42');
    expect(env.id).toBe('env_42');
    expect(env.sessionId).toBeNull();
    expect(env.heartbeating).toBe(true);
    expect(standIn.requests.map((request) => [request.name, request.id])).toEqual([
      ['environmentStatus', 'env_42'],
    ]);
    await env.close();
  });

  it('should not beat for an environment that has already ended', async () => {
    standIn.setStatuses([{ status: 'closed' }]);
    const env = await proctor.environments.get('env_42');
    expect(env.heartbeating).toBe(false);
  });

  it('should answer 404 for an unknown environment', async () => {
    standIn.setRoute('environmentStatus', () => new Refusal(404, 'Environment not found'));
    await expect(proctor.environments.get('env_missing')).rejects.toMatchObject({ status: 404 });
  });

  it('should list the running keepalive environments', async () => {
    const group = {
      group_id: 'env_7',
      alias: 'demo-shop',
      overall_status: 'running' as const,
      created_at: '2026-11-23T12:00:00.000Z',
      simulator: { id: 3, name: 'shop' },
      session_id: 'ses_7',
      live_view_url: 'http://proctor.test/live/env_7?token=t',
      public_url: 'http://demo-shop.sims.proctor.test',
      jobs: [{ public_id: 'job_7', service: 'chromium' }],
    };
    standIn.setRoute('keepaliveJobs', () => ({ job_groups: [group] }));
    expect(await proctor.environments.keepalive()).toEqual([group]);
  });
});

describe('an environment', () => {
  it('should reset to a test case given by its id', async () => {
    const env = await proctor.environments.make('shop');
    const reset = await env.reset('tc_1');
    expect(standIn.requests.at(-1)).toMatchObject({
      name: 'resetEnvironment',
      id: 'env_1',
      body: { test_case_public_id: 'tc_1' },
    });
    expect(reset).toMatchObject({ session_id: 'ses_2', test_case_public_id: 'tc_1' });
    expect(env.sessionId).toBe('ses_2');
  });

  it('should reset to a run described field by field, or to the start page with nothing', async () => {
    const env = await proctor.environments.make('shop');
    const described = {
      name: 'Find mugs',
      prompt: 'Find a blue mug',
      start_url: '/products',
      agent_version: 'v3',
    };
    expect(await env.reset(described)).toMatchObject({
      start_url: 'http://shop.test/products',
      prompt: 'Find a blue mug',
    });
    expect(standIn.requests.at(-1)?.body).toEqual(described);
    await env.reset();
    expect(standIn.requests.at(-1)?.body).toEqual({});
  });

  it('should give the CDP URL', async () => {
    const env = await proctor.environments.make('shop');
    expect(await env.cdpUrl()).toBe('ws://proctor.test/cdp/token-for-env_1');
  });

  it('should give the state as the API does', async () => {
    const mutation = {
      action: 'INSERT' as const,
      table_name: 'orders',
      pk: '7',
      old: null,
      new: { id: 7 },
      action_timestamp: '2026-03-02T09:00:00.000Z',
    };
    standIn.setRoute('environmentState', () => ({
      state: { mutations: [mutation] },
      live_view_url: 'http://proctor.test/live/env_1',
    }));
    const env = await proctor.environments.make('shop');
    expect(await env.state()).toEqual({
      state: { mutations: [mutation] },
      live_view_url: 'http://proctor.test/live/env_1',
    });
  });

  it('should evaluate with and without an output', async () => {
    const env = await proctor.environments.make('shop');
    expect(await env.evaluate()).toMatchObject({ passed: true });
    expect(standIn.requests.at(-1)?.body).toEqual({});
    await env.evaluate({ total: 42 });
    expect(standIn.requests.at(-1)?.body).toEqual({ output: { total: 42 } });
  });

  it('should take a backup', async () => {
    const env = await proctor.environments.make('shop');
    expect(await env.backup()).toEqual({
      backup_id: 'bk_1',
      taken_at: '2026-11-23T12:00:00.000Z',
      mutation_count: 0,
    });
    expect(standIn.requests.at(-1)?.headers['content-type']).toBeUndefined();
  });

  it('should close once however often close() is called', async () => {
    const env = await proctor.environments.make('shop');
    await Promise.all([env.close(), env.close()]);
    await env.close();
    expect(standIn.named('closeEnvironment')).toHaveLength(1);
    expect(env.closed).toBe(true);
  });

  it('should close again after a close that failed', async () => {
    let calls = 0;
    standIn.setRoute('closeEnvironment', () =>
      ++calls === 1 ? new Refusal(500, 'Internal server error') : { status: 'closed' },
    );
    const env = await proctor.environments.make('shop');
    await expect(env.close()).rejects.toBeInstanceOf(ProctorApiError);
    expect(env.closed).toBe(false);
    await env.close();
    expect(env.closed).toBe(true);
    expect(calls).toBe(2);
  });
});

describe('the heartbeat', () => {
  const beats = () => standIn.named('environmentHeartbeat');

  it('should beat every 30 s from make until close', async () => {
    const env = await proctor.environments.make('shop');
    clock.advance(29_999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beats()).toHaveLength(0);
    for (let expected = 1; expected <= 3; expected++) {
      clock.advance(expected === 1 ? 1 : 30_000);
      await vi.waitFor(() => expect(beats()).toHaveLength(expected));
    }
    expect(beats().every((beat) => beat.id === env.id && beat.method === 'POST')).toBe(true);

    await env.close();
    expect(env.heartbeating).toBe(false);
    expect(clock.running).toBe(0);
    clock.advance(120_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beats()).toHaveLength(3);
  });

  it('should keep a failed beat, report it, and keep beating', async () => {
    const failures: string[] = [];
    proctor = new Proctor({
      baseUrl: standIn.url,
      apiKey: API_KEY,
      clock,
      onHeartbeatError: (error, environment) => failures.push(`${environment.id}: ${error.message}`),
    });
    let calls = 0;
    standIn.setRoute('environmentHeartbeat', () =>
      ++calls === 1 ? new Refusal(503, 'Busy') : { status: 'running' },
    );
    const env = await proctor.environments.make('shop');

    clock.advance(30_000);
    await vi.waitFor(() => expect(env.lastHeartbeatError?.message).toBe('Busy'));
    expect(failures).toEqual(['env_1: Busy']);
    expect(env.heartbeating).toBe(true);

    clock.advance(30_000);
    await vi.waitFor(() => expect(env.lastHeartbeatError).toBeNull());
    await env.close();
  });

  it('should survive a handler that throws', async () => {
    proctor = new Proctor({
      baseUrl: standIn.url,
      apiKey: API_KEY,
      clock,
      onHeartbeatError: () => {
        throw new Error('handler bug');
      },
    });
    standIn.setRoute('environmentHeartbeat', () => new Refusal(503, 'Busy'));
    const env = await proctor.environments.make('shop');
    clock.advance(30_000);
    await vi.waitFor(() => expect(env.lastHeartbeatError?.message).toBe('Busy'));
    await env.close();
  });

  it('should stop beating once the server says the environment has ended', async () => {
    standIn.setRoute(
      'environmentHeartbeat',
      () => new Refusal(409, 'The environment is failed: heartbeat lost'),
    );
    const env = await proctor.environments.make('shop');
    clock.advance(30_000);
    await vi.waitFor(() => expect(env.heartbeating).toBe(false));
    expect(env.lastHeartbeatError).toBeInstanceOf(ProctorApiError);

    standIn.setRoute('environmentHeartbeat', () => ({ status: 'closed' }));
    const other = await proctor.environments.make('shop');
    clock.advance(30_000);
    await vi.waitFor(() => expect(other.heartbeating).toBe(false));
    expect(other.lastHeartbeatError).toBeNull();
  });
});

describe('failures on the way', () => {
  it('should name the URL when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const unreachable = new Proctor({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, clock });
    const error = await unreachable.environments.make('shop').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProctorConnectionError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Could not reach Proctor \\(POST http://127\\.0\\.0\\.1:${port}/api/env/make2\\): fetch failed \\(.*ECONNREFUSED`,
      ),
    );
  });

  it('should give up on a server that does not answer in time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const impatient = new Proctor({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      clock,
      requestTimeoutMs: 100,
    });
    await expect(impatient.environments.make('shop')).rejects.toThrow(
      `Could not reach Proctor (POST http://127.0.0.1:${port}/api/env/make2): no answer within 100 ms`,
    );
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('should describe an error answer without {detail} by its status line', async () => {
    standIn.setRoute(
      'makeEnvironment',
      () => new Refusal(502, { raw: '<h1>Bad gateway</h1>', statusText: 'Bad Gateway' }),
    );
    await expect(proctor.environments.make('shop')).rejects.toMatchObject({
      status: 502,
      detail: 'Request failed with status 502: Bad Gateway',
    });
  });
});
