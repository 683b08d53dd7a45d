import { describe, expect, it } from 'vitest';
import { type JsonResponse, runScoreType, type ScoringServices } from '../src/index';
import { click, insert, mouseMove, session, steps, update } from './support/session';

const config = { endpoint: 'https://scorer.example.com/verdict', api_key: 'sk-test' };
const input = session({
  output: { done: true },
  mutations: [
    insert('tasks', '9', { id: 9, title: 'draft' }),
    update('tasks', '9', { id: 9, title: 'draft' }, { id: 9, title: 'Final' }),
  ],
  steps: steps(mouseMove(), click('button#save', 'Save')),
});

function endpoint(response: JsonResponse | Error) {
  const calls: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const services: ScoringServices = {
    postJson: async (url, body, headers) => {
      calls.push({ url, body, headers });
      if (response instanceof Error) throw response;
      return response;
    },
  };
  return { calls, services };
}

describe('api', () => {
  it('should POST the session with its key and take the verdict the endpoint answers', async () => {
    const { calls, services } = endpoint({
      status: 200,
      body: { correct: true, reason: 'Looks right', similarity: 0.9 },
    });
    const outcome = await runScoreType('api', config, input, services);
    expect(outcome).toEqual({
      status: 'scored',
      type: 'api',
      result: { type: 'api', correct: true, reason: 'Looks right', similarity: 0.9 },
    });
    expect(calls[0]?.url).toBe(config.endpoint);
    expect(calls[0]?.headers).toEqual({ authorization: 'Bearer sk-test' });
    expect(calls[0]?.body).toMatchObject({
      session_id: 'ses_1',
      task: { prompt: 'Close task OPS-3', test_case_public_id: 'tc_1' },
      output: { done: true },
      mutations: [{ action: 'INSERT', table_name: 'tasks', pk: '9', changes: { id: 9, title: 'Final' } }],
      steps: [{ idx: 1, action: { type: 'click' } }],
    });
  });

  it('should treat an unreachable endpoint, an error status or an answer without a verdict as unavailable', async () => {
    for (const response of [
      new Error('Refused http://127.0.0.1/: 127.0.0.1 is a loopback address'),
      { status: 503, body: 'down' },
      { status: 200, body: { verdict: 'yes' } },
      { status: 200, body: '<html>' },
    ]) {
      const outcome = await runScoreType('api', config, input, endpoint(response).services);
      expect(outcome, JSON.stringify(response)).toMatchObject({
        status: 'error',
        error: { kind: 'unavailable' },
      });
    }
    expect(await runScoreType('api', config, input, {})).toMatchObject({
      status: 'error',
      error: { kind: 'unavailable' },
    });
  });

  it('should require an http(s) endpoint', async () => {
    for (const bad of [{ endpoint: '', api_key: '' }, { endpoint: 'file:///etc/passwd' }, {}])
      expect(
        await runScoreType('api', bad, input, endpoint({ status: 200, body: {} }).services),
      ).toMatchObject({
        status: 'error',
        error: { kind: 'invalid_config' },
      });
  });
});
