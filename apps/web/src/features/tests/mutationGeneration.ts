import {
  MUTATION_GENERATION_MESSAGES,
  type MutationGenerationEvent,
  type MutationGenerationResult,
} from '@proctor/contracts';

/**
 * The mutation generation dialog's state (001 §2.12), built from the events of the progress stream (001 §3):
 * each test case with its status, step and error, and the run's end. Pure, so that the dialog only renders it.
 */

/** What to generate for: chosen test cases (ids or public ids), or every test case of a simulator. */
export type GenerationTarget = { testCaseIds: Array<string | number> } | { simulatorId: number };

type Step = NonNullable<MutationGenerationEvent['step']>;

export interface TestCaseGeneration {
  publicId: string;
  name: string;
  status: 'processing' | 'success' | 'error';
  step: Step | null;
  /** Sessions read so far and how many there are, while the step is reading_sessions. */
  sessionsRead: number | null;
  sessionsTotal: number | null;
  error: string | null;
  result: MutationGenerationResult | null;
}

export interface GenerationOutcome {
  tone: 'success' | 'partial' | 'failed';
  message: string;
}

export interface GenerationState {
  /** Test cases the run covers, once the server has said (its init event); null before. */
  total: number | null;
  /** In the order the server first mentioned them. */
  testCases: TestCaseGeneration[];
  /** The run's closing message when the server sent one (the batch call does). */
  closingMessage: string | null;
  /** The run itself failed: refused, cut off, or an error event. */
  failure: string | null;
  done: boolean;
}

export const INITIAL_GENERATION_STATE: GenerationState = {
  total: null,
  testCases: [],
  closingMessage: null,
  failure: null,
  done: false,
};

/** The streamed calls (001 §7); raw routes, outside the contract's endpoints. */
export const GENERATE_MUTATIONS_SINGLE_PATH = '/api/env/generate_mutations_single';
export const GENERATE_MUTATIONS_PATH = '/api/env/generate_mutations';

/** One test case goes through the single call (as the test case page does, 001 §7), anything else the batch. */
export function generationRequest(target: GenerationTarget): { path: string; body: unknown } {
  if ('testCaseIds' in target && target.testCaseIds.length === 1)
    return { path: GENERATE_MUTATIONS_SINGLE_PATH, body: { test_case_id: target.testCaseIds[0] } };
  return { path: GENERATE_MUTATIONS_PATH, body: target };
}

/** A per-case error the server gave no text for (001 §8). */
export const UNKNOWN_ERROR = 'Unknown error';

export const STEP_LABELS: Record<Step, string> = {
  finding_sessions: 'Finding correct sessions',
  reading_sessions: 'Reading sessions',
  generating: 'Generating expected mutations',
  saving: 'Saving',
};

function withTestCase(
  state: GenerationState,
  event: MutationGenerationEvent,
  change: (current: TestCaseGeneration) => TestCaseGeneration,
): GenerationState {
  const publicId = event.test_case_public_id;
  if (!publicId) return state;
  const index = state.testCases.findIndex((testCase) => testCase.publicId === publicId);
  const current: TestCaseGeneration =
    index >= 0
      ? state.testCases[index]!
      : {
          publicId,
          name: event.test_case_name ?? publicId,
          status: 'processing',
          step: null,
          sessionsRead: null,
          sessionsTotal: null,
          error: null,
          result: null,
        };
  const next = change(current);
  const testCases =
    index >= 0 ? state.testCases.map((item, i) => (i === index ? next : item)) : [...state.testCases, next];
  return { ...state, testCases };
}

/** The state after one event of the stream. */
export function applyGenerationEvent(
  state: GenerationState,
  event: MutationGenerationEvent,
): GenerationState {
  switch (event.type) {
    case 'init': {
      const started = { ...state, total: event.total_mutations ?? state.total };
      // The single-test-case call names its test case at once.
      return withTestCase(started, event, (current) => current);
    }
    case 'mutation_progress':
      return withTestCase(state, event, (current) => ({
        ...current,
        status: 'processing',
        step: event.step ?? current.step,
        sessionsRead: event.step === 'reading_sessions' ? (event.current_mutation ?? null) : null,
        sessionsTotal: event.step === 'reading_sessions' ? (event.total_mutations ?? null) : null,
      }));
    case 'result':
      if (!event.test_case_public_id) return { ...state, closingMessage: event.message ?? null };
      return withTestCase(state, event, (current) => {
        const failed = event.status !== 'success';
        return {
          ...current,
          status: failed ? 'error' : 'success',
          step: null,
          sessionsRead: null,
          sessionsTotal: null,
          error: failed ? event.error || event.message || UNKNOWN_ERROR : null,
          result: event.result ?? null,
        };
      });
    case 'error':
      return { ...state, failure: event.message || event.error || UNKNOWN_ERROR };
  }
}

/**
 * How far one test case has got, from 0 to 1: reading the sessions is most of the work, so it spans most of
 * the range, in proportion to the sessions read.
 */
export function testCaseFraction(testCase: TestCaseGeneration): number {
  if (testCase.status !== 'processing') return 1;
  switch (testCase.step) {
    case null:
      return 0;
    case 'finding_sessions':
      return 0.05;
    case 'reading_sessions': {
      const read = testCase.sessionsRead ?? 0;
      const total = testCase.sessionsTotal ?? 0;
      return 0.1 + (total > 0 ? 0.7 * (read / total) : 0);
    }
    case 'generating':
      return 0.85;
    case 'saving':
      return 0.95;
  }
}

/** The share of the whole run done, 0 to 1; test cases not started yet count as nothing done. */
export function generationFraction(state: GenerationState): number {
  if (state.done) return 1;
  const total = Math.max(state.total ?? 0, state.testCases.length);
  if (total === 0) return 0;
  const done = state.testCases.reduce((sum, testCase) => sum + testCaseFraction(testCase), 0);
  return Math.min(1, done / total);
}

/** Seconds left if the rest goes as fast as what is done; null until something is done to judge by. */
export function remainingSeconds(elapsedMs: number, fraction: number): number | null {
  if (!(fraction > 0) || elapsedMs < 0) return null;
  if (fraction >= 1) return 0;
  return Math.ceil(((elapsedMs / fraction) * (1 - fraction)) / 1000);
}

/** Time remaining as 001 §2.12 shows it: seconds below a minute ("42s"), else m:ss ("1:05"). */
export function formatRemaining(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole}s`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** How the run ended (001 §8), once it has: the server's closing message when it sent one, else counted. */
export function generationOutcome(state: GenerationState): GenerationOutcome | null {
  if (!state.done) return null;
  if (state.failure !== null) return { tone: 'failed', message: state.failure };
  const total = Math.max(state.total ?? 0, state.testCases.length);
  const errors = state.testCases.filter((testCase) => testCase.status !== 'success').length;
  const { success, allFailed, partial } = MUTATION_GENERATION_MESSAGES;
  const tone = total === 0 || errors === total ? 'failed' : errors === 0 ? 'success' : 'partial';
  const counted = tone === 'success' ? success : tone === 'failed' ? allFailed : partial(errors, total);
  return { tone, message: state.closingMessage || counted };
}
