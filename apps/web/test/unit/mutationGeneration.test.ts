import type { MutationGenerationEvent, MutationGenerationResult } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { requestFailure } from '../../src/api/ApiError';
import {
  applyGenerationEvent,
  formatRemaining,
  type GenerationState,
  generationFraction,
  generationOutcome,
  generationRequest,
  INITIAL_GENERATION_STATE,
  remainingSeconds,
} from '../../src/features/tests/mutationGeneration';

const result = (status: 'success' | 'error', errors: string[] = []): MutationGenerationResult => ({
  status,
  created_at: '2026-04-01T09:00:00.000Z',
  num_sessions_used: 2,
  session_ids: ['s1', 's2'],
  mutation_count: status === 'success' ? 3 : 0,
  errors,
  differential: [],
});

const replay = (events: MutationGenerationEvent[], done = true): GenerationState => {
  const state = events.reduce(applyGenerationEvent, INITIAL_GENERATION_STATE);
  return { ...state, done };
};

const about = (id: string) => ({ test_case_public_id: id, test_case_name: `Test ${id}` });

describe('mutation generation progress', () => {
  it('should follow one test case through its steps to success, from the single call', () => {
    const events: MutationGenerationEvent[] = [
      { type: 'init', ...about('tc1'), total_mutations: 1, status: 'processing' },
      { type: 'mutation_progress', ...about('tc1'), step: 'finding_sessions', status: 'processing' },
      {
        type: 'mutation_progress',
        ...about('tc1'),
        step: 'reading_sessions',
        status: 'processing',
        current_mutation: 1,
        total_mutations: 2,
      },
    ];
    const reading = replay(events, false);
    expect(reading.total).toBe(1);
    expect(reading.testCases).toEqual([
      expect.objectContaining({
        publicId: 'tc1',
        name: 'Test tc1',
        status: 'processing',
        step: 'reading_sessions',
        sessionsRead: 1,
        sessionsTotal: 2,
      }),
    ]);
    expect(generationFraction(reading)).toBeCloseTo(0.45);
    expect(generationOutcome(reading)).toBeNull();

    const done = replay([
      ...events,
      { type: 'mutation_progress', ...about('tc1'), step: 'generating', status: 'processing' },
      { type: 'result', ...about('tc1'), status: 'success', result: result('success') },
    ]);
    expect(done.testCases[0]).toMatchObject({ status: 'success', step: null, error: null });
    expect(generationFraction(done)).toBe(1);
    expect(generationOutcome(done)).toEqual({ tone: 'success', message: 'Mutations generated successfully' });
  });

  it('should count test cases not started yet as nothing done, and take the closing message of a batch', () => {
    const started = replay(
      [
        { type: 'init', total_mutations: 4, status: 'processing' },
        { type: 'result', ...about('a'), status: 'success', result: result('success') },
        { type: 'mutation_progress', ...about('b'), step: 'generating', status: 'processing' },
      ],
      false,
    );
    expect(started.testCases.map((testCase) => testCase.publicId)).toEqual(['a', 'b']);
    expect(generationFraction(started)).toBeCloseTo((1 + 0.85) / 4);

    const ended = replay([
      { type: 'init', total_mutations: 3, status: 'processing' },
      { type: 'result', ...about('a'), status: 'success', result: result('success') },
      {
        type: 'result',
        ...about('b'),
        status: 'error',
        error: 'The 2 correct sessions disagree on 1 change',
      },
      { type: 'result', ...about('c'), status: 'error' },
      { type: 'result', status: 'error', message: 'Mutations generated with 2 errors out of 3 test cases' },
    ]);
    expect(ended.testCases.map((testCase) => testCase.error)).toEqual([
      null,
      'The 2 correct sessions disagree on 1 change',
      'Unknown error',
    ]);
    expect(generationOutcome(ended)).toEqual({
      tone: 'partial',
      message: 'Mutations generated with 2 errors out of 3 test cases',
    });
  });

  it('should tell the overall end by counting when the server sent no closing message', () => {
    const failed = replay([
      { type: 'init', ...about('tc1'), total_mutations: 1, status: 'processing' },
      {
        type: 'result',
        ...about('tc1'),
        status: 'error',
        error: 'No correct sessions',
        result: result('error'),
      },
    ]);
    expect(generationOutcome(failed)).toEqual({
      tone: 'failed',
      message: 'Failed to generate mutations for all test cases',
    });
    const partial = replay([
      { type: 'init', total_mutations: 2, status: 'processing' },
      { type: 'result', ...about('a'), status: 'success' },
      { type: 'result', ...about('b'), status: 'error', error: 'x' },
    ]);
    expect(generationOutcome(partial)?.message).toBe('Mutations generated with 1 errors out of 2 test cases');
  });

  it('should end in the run failure when the stream reports one or the request fails', () => {
    const broken = replay([
      { type: 'init', total_mutations: 1, status: 'processing' },
      { type: 'error', status: 'error', message: 'database went away' },
    ]);
    expect(generationOutcome(broken)).toEqual({ tone: 'failed', message: 'database went away' });
    expect(requestFailure(404, 'No test cases found to process')).toBe(
      'Request failed with status 404: No test cases found to process',
    );
    expect(requestFailure(0, 'Could not reach the server')).toBe('Could not reach the server');
  });

  it('should send one test case to the single call and the rest to the batch call', () => {
    expect(generationRequest({ testCaseIds: ['tc1'] })).toEqual({
      path: '/api/env/generate_mutations_single',
      body: { test_case_id: 'tc1' },
    });
    expect(generationRequest({ testCaseIds: ['a', 'b'] })).toEqual({
      path: '/api/env/generate_mutations',
      body: { testCaseIds: ['a', 'b'] },
    });
    expect(generationRequest({ simulatorId: 3 })).toEqual({
      path: '/api/env/generate_mutations',
      body: { simulatorId: 3 },
    });
  });
});

describe('time remaining', () => {
  it('should extrapolate from the elapsed time and the share done', () => {
    expect(remainingSeconds(10_000, 0.5)).toBe(10);
    expect(remainingSeconds(3_000, 0.25)).toBe(9);
    expect(remainingSeconds(5_000, 0)).toBeNull();
    expect(remainingSeconds(5_000, 1)).toBe(0);
  });

  it('should show seconds below a minute and m:ss from a minute on', () => {
    expect(formatRemaining(0)).toBe('0s');
    expect(formatRemaining(0.2)).toBe('1s');
    expect(formatRemaining(59)).toBe('59s');
    expect(formatRemaining(60)).toBe('1:00');
    expect(formatRemaining(65)).toBe('1:05');
    expect(formatRemaining(3_725)).toBe('62:05');
  });
});
