import { z } from 'zod';
import { RecordId, Timestamp } from './common';
import { Mutation, MutationAction } from './mutation';
import { TestCase } from './testCase';

/**
 * Expected mutations generated from sessions people judged correct (001 §2.11, §2.12, §7; issue 8): what a
 * test case written in the dashboard is scored by once it has been done right.
 */

/** Test cases generated at once (001 §9). */
export const MUTATION_GENERATION_CONCURRENCY = 8;
/** Correct sessions a generation or a comparison reads at most: the newest (001 §9, mutation viewer). */
export const MUTATION_GENERATION_SESSION_LIMIT = 100;

export const MUTATION_GENERATION_MESSAGES = {
  missingTarget: 'Either testCaseIds or simulatorId must be provided',
  noTestCases: 'No test cases found to process',
  noSessions:
    'No sessions found for this test case. Please run the test case at least once to generate session data for comparison.',
  success: 'Mutations generated successfully',
  allFailed: 'Failed to generate mutations for all test cases',
  partial: (errors: number, total: number) =>
    `Mutations generated with ${errors} errors out of ${total} test cases`,
} as const;

/** A test case by numeric id or public id, as the calls take it. */
const TestCaseRef = z.union([RecordId, z.string().trim().min(1).max(200)]);

/** POST /api/env/generate_mutations_single. */
export const GenerateMutationsSingleRequest = z.object({ test_case_id: TestCaseRef });

/** POST /api/env/generate_mutations: the given test cases, or every test case of a simulator you may edit. */
export const GenerateMutationsRequest = z
  .object({
    testCaseIds: z.array(TestCaseRef).max(1000).optional(),
    simulatorId: RecordId.optional(),
  })
  .refine((body) => (body.testCaseIds?.length ?? 0) > 0 || body.simulatorId !== undefined, {
    error: MUTATION_GENERATION_MESSAGES.missingTarget,
  });
export type GenerateMutationsRequest = z.input<typeof GenerateMutationsRequest>;

/** A change not every compared session made (001 §2.11): identified by action, table and primary key. */
/** `simulator`: the other app of a test case across apps the change was made in (absent: its own simulator). */
export const DifferentialMutation = Mutation.pick({
  action: true,
  table_name: true,
  pk: true,
  simulator: true,
}).extend({
  /** Sessions that made it, in the order given. */
  present_in: z.array(z.string()),
  /** Sessions that did not. */
  missing_from: z.array(z.string()),
});
export type DifferentialMutation = z.infer<typeof DifferentialMutation>;

/** A test case's lastScoringGenerationResult: what its last generation did, kept for its Mutation Conflict tab. */
export const MutationGenerationResult = z.object({
  status: z.enum(['success', 'error']),
  created_at: Timestamp,
  num_sessions_used: z.number().int(),
  session_ids: z.array(z.string()),
  mutation_count: z.number().int(),
  errors: z.array(z.string()),
  differential: z.array(DifferentialMutation),
});
export type MutationGenerationResult = z.infer<typeof MutationGenerationResult>;

/** POST /api/testcases/{id}/generate-state-mutations-config. */
export const GenerateMutationsConfigResponse = z.object({
  testCase: TestCase,
  result: MutationGenerationResult,
});

/**
 * One line of the newline-delimited JSON stream of generate_mutations(_single) (001 §3 "Progress event"):
 * - init: the run starts (total_mutations: how many test cases, for the batch call);
 * - mutation_progress: a test case's progress: `step` says which stage, current_mutation / total_mutations
 *   count the sessions read so far;
 * - result: a test case is done, status success or error (with `error`);
 * - error: the whole run failed (`message`).
 * The batch ends with a result line without a test case: its `message` is the overall outcome.
 */
export const MUTATION_GENERATION_STEPS = [
  'finding_sessions',
  'reading_sessions',
  'generating',
  'saving',
] as const;
export const MutationGenerationEvent = z.object({
  type: z.enum(['init', 'mutation_progress', 'result', 'error']),
  test_case_name: z.string().optional(),
  test_case_public_id: z.string().optional(),
  current_mutation: z.number().int().optional(),
  total_mutations: z.number().int().optional(),
  step: z.enum(MUTATION_GENERATION_STEPS).optional(),
  status: z.enum(['processing', 'success', 'error']).optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  /** On a test case's result: what was generated. */
  result: MutationGenerationResult.optional(),
});
export type MutationGenerationEvent = z.infer<typeof MutationGenerationEvent>;

/** POST /api/testcases/merged-mutations: given sessions, or a test case's correct ones. */
export const MergedMutationsRequest = z
  .object({
    session_ids: z.array(z.string().trim().min(1).max(100)).max(MUTATION_GENERATION_SESSION_LIMIT).optional(),
    test_case_id: TestCaseRef.optional(),
  })
  .refine((body) => (body.session_ids?.length ?? 0) > 0 || body.test_case_id !== undefined, {
    error: 'Either session_ids or test_case_id must be provided',
  });

/** A row's net change over a session: an INSERT and its UPDATEs read as one INSERT of the final row. */
export const NetMutationView = z.object({
  action: MutationAction,
  table_name: z.string(),
  pk: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  changes: z.record(z.string(), z.unknown()),
  /** The other app of a session across apps it was made in; absent: the session's own simulator. */
  simulator: z.string().optional(),
});
export type NetMutationView = z.infer<typeof NetMutationView>;

export const MergedMutationsResponse = z.object({
  sessions: z.array(
    z.object({
      sessionId: z.string(),
      createdAt: Timestamp,
      agent: z.string().nullable(),
      /** Its net changes after the simulator's filters, in the order rows were first touched. */
      mutations: z.array(NetMutationView),
    }),
  ),
  /** Changes not every session made. */
  differential: z.array(DifferentialMutation),
});
export type MergedMutationsResponse = z.infer<typeof MergedMutationsResponse>;
