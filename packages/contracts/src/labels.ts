import { z } from 'zod';
import { RecordIdInUrl, Timestamp } from './common';
import { SessionStatus } from './vocabulary';

/**
 * Labels (000 §2.5–2.7): people describe, in their own words, the task a session of a sample test case carried
 * out; an account admin has a language model read them into a new test case (Convert to Test Case).
 */

/** The longest label kept: a sentence or a short paragraph describing one task. */
export const MAX_LABEL_LENGTH = 1000;
/** Labels one session holds at most, so that a session's labels always fit in one question to the model. */
export const MAX_LABELS_PER_SESSION = 100;

export const LABEL_BLANK = 'Please enter a label';
export const LABELS_ARE_FOR_SAMPLES = 'Only sessions of sample test cases are labelled';
/** 000 §5: the Convert to Test Case dialog's rule, also the server's answer to a blank field. */
export const LABEL_TEST_CASE_FIELDS_REQUIRED = 'Please provide both task prompt and test case name';
/** 000 §8: what the dialog says when the server gives no message of its own. */
export const LABEL_ANALYSIS_FAILED = 'Failed to analyze labels';
export const LABEL_ANALYSIS_ERROR = 'An error occurred while analyzing labels';
export const LABEL_TEST_CASE_FAILED = 'Failed to create test case';
export const LABEL_TEST_CASE_ERROR = 'An error occurred while creating the test case';

/** POST /api/session/{id}/labels. */
export const AddSessionLabelRequest = z.object({
  text: z.string().trim().min(1, { error: LABEL_BLANK }).max(MAX_LABEL_LENGTH),
});
export type AddSessionLabelRequest = z.input<typeof AddSessionLabelRequest>;

export const SessionLabel = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: Timestamp,
  /** Who wrote it; null once their account is gone. */
  user: z.object({ publicId: z.string(), name: z.string() }).nullable(),
  /** Written by the caller. */
  mine: z.boolean(),
});
export type SessionLabel = z.infer<typeof SessionLabel>;

/** GET /api/session/{id}/labels: oldest first, the order `outlier_indices` counts in. */
export const SessionLabelsResponse = z.object({
  labels: z.array(SessionLabel),
  /**
   * true: every label of the session (account admins' Saved Labels, 000 §6). false: only the caller's own, so
   * that people label without reading each other's first.
   */
  everyone: z.boolean(),
});
export type SessionLabelsResponse = z.infer<typeof SessionLabelsResponse>;

/** GET /api/session/{id}/analyze-labels (000 §3 Label proposal). */
export const LabelProposal = z.object({
  /** true: the labels agree on one task and the proposal below is it; false: see the outliers and message. */
  success: z.boolean(),
  proposed_task_prompt: z.string().nullable(),
  proposed_test_case_name: z.string().nullable(),
  /** The labels that describe another task than the rest, as written. */
  outliers: z.array(z.string()),
  /** Their places among the session's labels, oldest first, from 0. */
  outlier_indices: z.array(z.number().int()),
  message: z.string(),
});
export type LabelProposal = z.infer<typeof LabelProposal>;

/** POST /api/session/{id}/create-from-labels. */
export const CreateTestCaseFromLabelsRequest = z.object({
  task_prompt: z.string().trim().min(1, { error: LABEL_TEST_CASE_FIELDS_REQUIRED }).max(50_000),
  test_case_name: z.string().trim().min(1, { error: LABEL_TEST_CASE_FIELDS_REQUIRED }).max(500),
});
export type CreateTestCaseFromLabelsRequest = z.input<typeof CreateTestCaseFromLabelsRequest>;

export const CreateTestCaseFromLabelsResponse = z.object({
  success: z.literal(true),
  /** 000 §3 New test case; `publicId` as the dashboard's other test case payloads name it, for its address. */
  new_test_case: z.object({
    id: z.number().int(),
    name: z.string(),
    public_id: z.string(),
    publicId: z.string(),
    task_prompt: z.string(),
  }),
  task_prompt: z.string(),
  message: z.string(),
});
export type CreateTestCaseFromLabelsResponse = z.infer<typeof CreateTestCaseFromLabelsResponse>;

/** GET /api/testcases/{id}/labelling: query. */
export const LabellingQuery = z.object({
  /** The assignment the Needs Labelling tab linked from; it must be the caller's organization's, of this test case. */
  assignment_id: RecordIdInUrl.optional(),
});

export const LabellingSession = z.object({
  sessionId: z.string(),
  status: SessionStatus,
  createdAt: Timestamp,
  agent: z.string().nullable(),
  label_count: z.number().int(),
  my_label_count: z.number().int(),
});
export type LabellingSession = z.infer<typeof LabellingSession>;

/** The labelling page (/needs-labelling/label/{publicId}): a sample test case's sessions to label. */
export const LabellingResponse = z.object({
  test_case: z.object({
    publicId: z.string(),
    /** Account admins only: annotators do not see sample test cases' details (000 §6). */
    name: z.string().nullable(),
    simulator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  assignment: z.object({ id: z.number().int(), completed: z.boolean() }).nullable(),
  /** The organization's recorded sessions of the test case, newest first. */
  sessions: z.array(LabellingSession),
});
export type LabellingResponse = z.infer<typeof LabellingResponse>;
