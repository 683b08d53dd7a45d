import { EMPTY_SIMULATOR_CONFIG, runScoreType, type ScoringInput } from '@proctor/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCompletionError, chatCompletionClient } from '../../src/kernel/outbound/chatCompletion';
import { guardedPostJson } from '../../src/kernel/outbound/outboundGuard';
import { json, type ReceivedRequest, startStandIn } from './support/standIn';

/**
 * The criteria and api score types against local stand-ins that speak the real wire formats: OpenAI's
 * /v1/chat/completions and an API scorer's JSON verdict.
 */

const API_KEY = 'sk-stand-in';

const completion = (content: string | null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_764_000_000,
  model: 'judge-1',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
});

const judgeAnswer = JSON.stringify({
  criteria_scores: [
    { name: 'Right ticket', score: 1, explanation: 'OPS-3 was closed.' },
    { name: 'Comment left', score: 0.5, explanation: 'The comment is terse.' },
  ],
  reason: 'Closed the right ticket.',
});

/** What the model answers next: a test sets it before scoring. */
let next: { status: number; body: unknown } = { status: 200, body: completion(judgeAnswer) };

const session: ScoringInput = {
  sessionId: 'ses_42',
  task: { prompt: 'Close OPS-3 with a comment', testCasePublicId: 'tc_7' },
  testCase: { scoringTypes: ['mutations'], correctOutputs: [], outputSchema: {} },
  simulatorConfig: EMPTY_SIMULATOR_CONFIG,
  mutations: [
    {
      action: 'UPDATE',
      table_name: 'tickets',
      pk: '3',
      old: { id: 3, status: 'open' },
      new: { id: 3, status: 'closed' },
      action_timestamp: '2026-03-02T09:00:00.000Z',
    },
  ],
  output: undefined,
  steps: [],
};
const criteriaConfig = { criteria: ['Right ticket', 'Comment left'], threshold: 0.7 };

let standIn: Awaited<ReturnType<typeof startStandIn>>;
const lastRequest = (): ReceivedRequest => standIn.received.at(-1) as ReceivedRequest;

beforeAll(async () => {
  standIn = await startStandIn({
    '/v1/chat/completions': (req, res) => {
      if (req.headers.authorization !== `Bearer ${API_KEY}`)
        return json(res, 401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
      json(res, next.status, next.body);
    },
    '/scorer': (req, res) => {
      const body = JSON.parse(req.body) as { output: unknown };
      json(res, 200, { correct: body.output !== null, reason: 'checked by the stand-in' });
    },
  });
});
afterAll(() => standIn.close());

// The stand-in is on loopback: only these tests allow it.
const judge = (apiKey = API_KEY) =>
  chatCompletionClient({
    baseUrl: `${standIn.origin}/v1`,
    apiKey,
    model: 'judge-1',
    guard: { allowPrivateAddresses: true },
  });

describe('the criteria judge over the chat completions wire format', () => {
  it('should send an OpenAI chat completion request and score the criteria it answers', async () => {
    next = { status: 200, body: completion(judgeAnswer) };
    const outcome = await runScoreType('criteria', criteriaConfig, session, { chatCompletion: judge() });
    expect(outcome).toMatchObject({
      status: 'scored',
      result: {
        type: 'criteria',
        correct: true,
        score: 0.75,
        criteria_scores: [
          { name: 'Right ticket', score: 1, explanation: 'OPS-3 was closed.' },
          { name: 'Comment left', score: 0.5, explanation: 'The comment is terse.' },
        ],
      },
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(request.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      model: 'judge-1',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1].content).toContain('UPDATE tickets pk 3 {"status":"closed"}');
  });

  it('should report a refused key, an empty message and a garbled answer as unavailable, never as a verdict', async () => {
    const refused = await runScoreType('criteria', criteriaConfig, session, {
      chatCompletion: judge('sk-wrong'),
    });
    expect(refused).toMatchObject({
      status: 'error',
      error: {
        kind: 'unavailable',
        message:
          'The language model could not judge: The model endpoint answered HTTP 401: Incorrect API key provided',
      },
    });
    for (const body of [completion(null), { choices: [] }, completion('The agent did fine.')]) {
      next = { status: 200, body };
      const outcome = await runScoreType('criteria', criteriaConfig, session, { chatCompletion: judge() });
      expect(outcome, JSON.stringify(body)).toMatchObject({
        status: 'error',
        error: { kind: 'unavailable' },
      });
    }
    next = { status: 500, body: { error: { message: 'overloaded' } } };
    await expect(judge()({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow(
      ChatCompletionError,
    );
  });

  it('should go through the outbound guard, which refuses a loopback model unless allowed', async () => {
    const unguarded = chatCompletionClient({
      baseUrl: `${standIn.origin}/v1`,
      apiKey: API_KEY,
      model: 'judge-1',
    });
    const outcome = await runScoreType('criteria', criteriaConfig, session, { chatCompletion: unguarded });
    expect(outcome).toMatchObject({
      status: 'error',
      error: { kind: 'unavailable', message: expect.stringContaining('127.0.0.1 is a loopback address') },
    });
  });
});

describe('the api scorer through the outbound guard', () => {
  it('should POST the session to an allowed endpoint and take its verdict', async () => {
    const postJson = guardedPostJson({ allowedAddresses: ['127.0.0.1'] });
    const outcome = await runScoreType(
      'api',
      { endpoint: `${standIn.origin}/scorer`, api_key: 'key-1' },
      { ...session, output: { closed: 'OPS-3' } },
      { postJson },
    );
    expect(outcome).toMatchObject({
      status: 'scored',
      result: { correct: true, reason: 'checked by the stand-in' },
    });
    expect(lastRequest().headers.authorization).toBe('Bearer key-1');
    expect(JSON.parse(lastRequest().body)).toMatchObject({
      session_id: 'ses_42',
      output: { closed: 'OPS-3' },
    });
  });

  it('should refuse http://127.0.0.1 and a name that resolves to a private address, as unavailable', async () => {
    const postJson = guardedPostJson({
      resolve: async () => [{ address: '10.20.30.40', family: 4 }],
    });
    const loopback = await runScoreType('api', { endpoint: `${standIn.origin}/scorer` }, session, {
      postJson,
    });
    expect(loopback).toMatchObject({
      status: 'error',
      error: { kind: 'unavailable', message: expect.stringContaining('127.0.0.1 is a loopback address') },
    });
    const named = await runScoreType('api', { endpoint: 'https://scorer.corp.example/verdict' }, session, {
      postJson,
    });
    expect(named).toMatchObject({
      status: 'error',
      error: {
        kind: 'unavailable',
        message:
          'The API scorer could not be reached: Refused https://scorer.corp.example/verdict: scorer.corp.example resolves to 10.20.30.40, a private address',
      },
    });
  });
});
