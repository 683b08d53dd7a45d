import {
  type GenerateMutationsRequest,
  MUTATION_GENERATION_CONCURRENCY,
  MUTATION_GENERATION_MESSAGES,
  MUTATION_GENERATION_SESSION_LIMIT,
  type MutationGenerationEvent,
  type MutationGenerationResult,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import {
  GenerationError,
  type GenerationSession,
  generateExpectedMutationsByApp,
  NO_CORRECT_SESSIONS,
} from '@proctor/scoring';
import type { z } from 'zod';
import { canEditOwned, type Viewer } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import type { JobQueue } from '../kernel/queue/queue';
import { recordedMutations } from '../repositories/recordings';
import { listCorrectSessions } from '../repositories/sessions';
import { findSimulatorConfig } from '../repositories/simulators';
import {
  findTestCase,
  listTestCasesByIds,
  listVisibleTestCasesOfSimulator,
  type TestCaseRow,
  updateTestCaseRow,
} from '../repositories/testCases';
import { simulatorFilters, simulatorsOfSession } from '../scoring/filters';
import { findEditableTestCase } from './testCases';

/**
 * Expected mutations generated from sessions people judged correct (001 §2.11–2.12, issue 8). The sessions
 * are the test case's non-archived, ended ones whose human results say correct (a consensus of at least three
 * people, or a super scorer's decision), of the caller's organization (platform admins: every organization's),
 * the newest MUTATION_GENERATION_SESSION_LIMIT. Expectations are saved only when those sessions agree on every
 * change: saving ones the correct sessions themselves would fail would make the test case lie. Either way the
 * outcome is kept as the test case's lastScoringGenerationResult, which its Mutation Conflict tab shows.
 */

export const NOT_A_STATE_TASK =
  'This test case is not scored by its mutations: add Mutations to its scoring types';

type Progress = (event: MutationGenerationEvent) => void;

async function simulatorConfigOf(db: Database, testCase: TestCaseRow) {
  return (
    (testCase.simulatorId === null ? undefined : await findSimulatorConfig(db, testCase.simulatorId)) ?? {}
  );
}

/** The keys generation owns in defaultScoringConfig; the rest (a configured score type's fields) stays. */
const GENERATED_KEYS = [
  'mutations',
  'ignore_columns',
  'num_sessions_used',
  'session_ids',
  'created_at',
  'source',
];

/** Generates one test case's expected mutations, reporting progress; the result is also saved on the test case. */
export async function generateForTestCase(
  db: Database,
  viewer: Viewer,
  testCase: TestCaseRow,
  progress: Progress = () => {},
): Promise<MutationGenerationResult> {
  const about = { test_case_name: testCase.name, test_case_public_id: testCase.publicId };
  const createdAt = new Date().toISOString();
  const failed = async (error: string, extra: Partial<MutationGenerationResult> = {}) => {
    const result: MutationGenerationResult = {
      status: 'error',
      created_at: createdAt,
      num_sessions_used: 0,
      session_ids: [],
      mutation_count: 0,
      errors: [error],
      differential: [],
      ...extra,
    };
    await updateTestCaseRow(db, testCase.id, { lastScoringGenerationResult: result, updatedAt: new Date() });
    return result;
  };

  if (!testCase.scoringTypes.includes('mutations')) return failed(NOT_A_STATE_TASK);
  progress({ type: 'mutation_progress', ...about, step: 'finding_sessions', status: 'processing' });
  const correct = await listCorrectSessions(db, viewer, testCase.id, MUTATION_GENERATION_SESSION_LIMIT);
  if (correct.length === 0) return failed(NO_CORRECT_SESSIONS);

  const runs: GenerationSession[] = [];
  for (const [index, session] of correct.entries()) {
    progress({
      type: 'mutation_progress',
      ...about,
      step: 'reading_sessions',
      status: 'processing',
      current_mutation: index,
      total_mutations: correct.length,
    });
    runs.push({ sessionId: session.publicId, mutations: await recordedMutations(db, session.id) });
  }
  progress({ type: 'mutation_progress', ...about, step: 'generating', status: 'processing' });
  let generated: ReturnType<typeof generateExpectedMutationsByApp>;
  try {
    // Oldest first, so the expectations follow the order the first correct run made its changes.
    // Sessions across apps: each app's expectations from its own changes, the other apps' tagged.
    const filters = {
      simulatorConfig: simulatorFilters(await simulatorConfigOf(db, testCase)),
      simulators: await simulatorsOfSession(
        db,
        testCase,
        runs.flatMap((run) => run.mutations),
      ),
    };
    generated = generateExpectedMutationsByApp(runs.reverse(), filters);
  } catch (error) {
    if (error instanceof GenerationError) return failed(error.message);
    throw error;
  }
  const used = {
    num_sessions_used: generated.num_sessions_used,
    session_ids: generated.session_ids,
    differential: generated.differential,
  };
  if (generated.differential.length > 0)
    return failed(
      `The ${generated.num_sessions_used} correct sessions disagree on ${generated.differential.length} ${
        generated.differential.length === 1 ? 'change' : 'changes'
      }: compare them in the Mutation Conflict tab, then archive or rescore the odd ones out`,
      used,
    );

  progress({ type: 'mutation_progress', ...about, step: 'saving', status: 'processing' });
  const kept = Object.fromEntries(
    Object.entries(testCase.defaultScoringConfig).filter(([name]) => !GENERATED_KEYS.includes(name)),
  );
  const result: MutationGenerationResult = {
    status: 'success',
    created_at: createdAt,
    mutation_count: generated.mutations.length,
    errors: [],
    ...used,
  };
  await updateTestCaseRow(db, testCase.id, {
    defaultScoringConfig: {
      ...kept,
      mutations: generated.mutations,
      ignore_columns: generated.ignore_columns,
      num_sessions_used: generated.num_sessions_used,
      session_ids: generated.session_ids,
      created_at: createdAt,
    },
    lastScoringGenerationResult: result,
    updatedAt: new Date(),
  });
  return result;
}

/** One test case's generation as the single stream tells it: init, its progress, then its result. */
async function generateForOneTestCase(
  db: Database,
  viewer: Viewer,
  testCase: TestCaseRow,
  progress: Progress,
): Promise<MutationGenerationResult> {
  const about = { test_case_name: testCase.name, test_case_public_id: testCase.publicId };
  progress({ type: 'init', ...about, total_mutations: 1, status: 'processing' });
  const result = await generateForTestCase(db, viewer, testCase, progress);
  progress({
    type: 'result',
    ...about,
    status: result.status,
    ...(result.errors[0] ? { error: result.errors[0] } : {}),
    result,
  });
  return result;
}

/**
 * The generate-mutations job: test cases the route already checked the viewer may edit, generated one (`single`:
 * its result is the answer) or several; `progress` is what the route streams.
 */
export async function generateMutations(
  db: Database,
  request: { viewer: Viewer; testCaseIds: readonly number[]; single: boolean },
  progress: Progress,
): Promise<MutationGenerationResult | null> {
  const found = await listTestCasesByIds(db, request.testCaseIds);
  const rows = request.testCaseIds.flatMap((id) => found.filter((row) => row.id === id));
  if (rows.length === 0) throw new Error(MUTATION_GENERATION_MESSAGES.noTestCases);
  if (request.single) return generateForOneTestCase(db, request.viewer, rows[0]!, progress);
  await generateForTestCases(db, request.viewer, rows, progress);
  return null;
}

/**
 * The generation routes: test cases checked here (403/404 before anything runs), the work done by the
 * generate-mutations job wherever the queue runs it, its progress passed on to `progress` as it comes.
 */
export async function requestMutationGeneration(
  queue: JobQueue,
  request: { viewer: Viewer; testCases: readonly TestCaseRow[]; single: boolean },
  progress?: Progress,
): Promise<MutationGenerationResult | null> {
  const job = await queue.add(
    'generateMutations',
    { viewer: request.viewer, testCaseIds: request.testCases.map((row) => row.id), single: request.single },
    progress ? { onProgress: progress } : {},
  );
  const outcome = await job.finished;
  if (outcome.status === 'failed') throw new Error(`Generation did not finish: ${outcome.reason}`);
  return outcome.result;
}

/** POST /api/testcases/{id}/generate-state-mutations-config: the test case as generation left it, and its result. */
export async function generateMutationsConfig(
  db: Database,
  queue: JobQueue,
  viewer: Viewer,
  ref: string,
): Promise<{ testCase: TestCaseRow; result: MutationGenerationResult }> {
  const testCase = await findEditableTestCase(db, viewer, ref);
  const result = await requestMutationGeneration(queue, { viewer, testCases: [testCase], single: true });
  const generated = await findTestCase(db, testCase.id);
  return { testCase: generated!, result: result! };
}

/**
 * The test cases a batch generation covers: those named (each must be one the caller may edit: else 404 or
 * 403 before anything runs), or every non-archived test case of a simulator the caller may edit.
 */
export async function testCasesToGenerate(
  db: Database,
  viewer: Viewer,
  body: z.output<typeof GenerateMutationsRequest>,
): Promise<TestCaseRow[]> {
  const rows: TestCaseRow[] = [];
  if (body.testCaseIds?.length) {
    for (const ref of body.testCaseIds) {
      const row = await findEditableTestCase(db, viewer, String(ref));
      if (!row.archived && !rows.some((r) => r.id === row.id)) rows.push(row);
    }
  } else if (body.simulatorId !== undefined) {
    const found = await listVisibleTestCasesOfSimulator(db, viewer, body.simulatorId);
    rows.push(...found.filter((row) => canEditOwned(viewer, row.organizationId)));
  }
  if (rows.length === 0) throw notFound(MUTATION_GENERATION_MESSAGES.noTestCases);
  return rows;
}

/**
 * Generates for several test cases, MUTATION_GENERATION_CONCURRENCY at a time, streaming each one's progress
 * and result, then one closing result whose message is the overall outcome (001 §8 texts).
 */
export async function generateForTestCases(
  db: Database,
  viewer: Viewer,
  rows: readonly TestCaseRow[],
  progress: Progress,
): Promise<void> {
  progress({
    type: 'init',
    total_mutations: rows.length,
    status: 'processing',
    message: `Generating expected mutations for ${rows.length} test ${rows.length === 1 ? 'case' : 'cases'}`,
  });
  let next = 0;
  let errors = 0;
  const worker = async () => {
    while (next < rows.length) {
      const testCase = rows[next++]!;
      const about = { test_case_name: testCase.name, test_case_public_id: testCase.publicId };
      try {
        const result = await generateForTestCase(db, viewer, testCase, progress);
        if (result.status === 'error') errors++;
        progress({
          type: 'result',
          ...about,
          status: result.status,
          ...(result.errors[0] ? { error: result.errors[0] } : {}),
          result,
        });
      } catch (error) {
        errors++;
        progress({ type: 'result', ...about, status: 'error', error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MUTATION_GENERATION_CONCURRENCY, rows.length) }, worker));
  const { success, allFailed, partial } = MUTATION_GENERATION_MESSAGES;
  progress({
    type: 'result',
    status: errors === 0 ? 'success' : 'error',
    message: errors === 0 ? success : errors === rows.length ? allFailed : partial(errors, rows.length),
  });
}
