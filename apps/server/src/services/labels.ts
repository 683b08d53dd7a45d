import {
  type AddSessionLabelRequest,
  type CreateTestCaseFromLabelsRequest,
  type CreateTestCaseFromLabelsResponse,
  LABELS_ARE_FOR_SAMPLES,
  type LabelProposal,
  MAX_LABELS_PER_SESSION,
  type SessionLabel,
} from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import { z } from 'zod';
import type { MemberPrincipal, Principal, UserPrincipal } from '../kernel/access/principal';
import type { ServerConfig } from '../kernel/config';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../kernel/http/errors';
import { findSessionWithTestCase, insertSessionLabel, listSessionLabels } from '../repositories/labels';
import { insertTestCases } from '../repositories/testCases';
import { askAuthoringModel } from './authoringModel';

/**
 * Labels (000 §2.5–2.7): people of the session's organization (platform admins: any) label sessions of sample
 * test cases; account admins have the configured model read a session's labels into a proposal and create the
 * test case it describes. Reading labels: presenters/labels.ts.
 */

export const SESSION_NOT_FOUND = 'Session not found';
export const NO_LABELS = 'This session has no labels yet';

/** A session of the caller's organization (platform admins: any) whose test case is a sample one. */
async function sampleSession(db: Database, principal: Principal, publicId: string) {
  const row = await findSessionWithTestCase(db, publicId);
  const own = row && row.session.organizationId === principal.organization?.id;
  if (!row || !(own || principal.permissions.is_admin)) throw notFound(SESSION_NOT_FOUND);
  if (!row.testCase?.isSample) throw badRequest(LABELS_ARE_FOR_SAMPLES);
  return { ...row, testCase: row.testCase };
}

/** A person labels a session in their own words; not through an API key or while viewing as someone else. */
export async function addSessionLabel(
  db: Database,
  principal: UserPrincipal,
  publicId: string,
  body: z.output<typeof AddSessionLabelRequest>,
): Promise<SessionLabel> {
  if (principal.viewAsAdmin) throw forbidden('Labels cannot be written while viewing as another user');
  const { session } = await sampleSession(db, principal, publicId);
  const label = await insertSessionLabel(
    db,
    { sessionId: session.id, userId: principal.user.id, text: body.text },
    MAX_LABELS_PER_SESSION,
  );
  if (!label)
    throw conflict(`This session already has ${MAX_LABELS_PER_SESSION} labels, the most it can hold`);
  return {
    id: label.id,
    text: label.text,
    createdAt: label.createdAt.toISOString(),
    user: { publicId: principal.user.publicId, name: principal.user.name },
    mine: true,
  };
}

/** What the model answers: which labels stray, and the test case the others describe. */
const ModelAnswer = z.object({
  outlier_indices: z.array(z.number().int()).default([]),
  task_prompt: z.string().default(''),
  test_case_name: z.string().default(''),
  explanation: z.string().default(''),
});

const ANALYSIS_INSTRUCTION = `People each wrote, on their own, a label for one recorded session in a web application: what task the person in the session carried out, in their words.
Decide whether the labels describe the same task. A label is an outlier when it describes another task than most labels do (another goal, object or outcome), not when it is only worded differently or gives more or less detail.
Then write the task the other labels agree on as a test case for a browser agent: a task prompt (an instruction to the agent, with every detail the labels agree on: names, quantities, dates) and a short test case name (at most 8 words).
Answer only with a JSON object: {"outlier_indices": [the numbers in brackets of the outlier labels], "task_prompt": string, "test_case_name": string, "explanation": one sentence}.
Give an empty list when no label is an outlier, and empty strings for task_prompt and test_case_name when the labels share no task.`;

/**
 * GET /api/session/{id}/analyze-labels: the configured model reads the session's labels (oldest first). The
 * answer is a proposal when they agree; otherwise the outliers, with the majority's task when there is one.
 */
export async function analyzeSessionLabels(
  config: ServerConfig,
  db: Database,
  principal: Principal,
  publicId: string,
): Promise<LabelProposal> {
  const { session, testCase, simulatorName } = await sampleSession(db, principal, publicId);
  const labels = await listSessionLabels(db, session.id);
  if (labels.length === 0) throw badRequest(NO_LABELS);
  const answer = await askAuthoringModel(config, {
    system: ANALYSIS_INSTRUCTION,
    user: [
      `Application: ${simulatorName ?? 'unknown'}${testCase.startUrl ? ` (start URL ${testCase.startUrl})` : ''}`,
      '',
      'Labels:',
      ...labels.map((label, index) => `[${index}] ${label.text.replace(/\s+/g, ' ')}`),
    ].join('\n'),
    answer: ModelAnswer,
  });
  if (answer.outlier_indices.some((index) => index < 0 || index >= labels.length))
    throw new HttpError(502, 'The language model named a label the session does not have');
  const outlierIndices = [...new Set(answer.outlier_indices)].sort((a, b) => a - b);
  const prompt = answer.task_prompt.trim();
  const name = answer.test_case_name.trim();
  const agreed = outlierIndices.length < labels.length && prompt !== '' && name !== '';
  const explanation = answer.explanation.trim();
  const message =
    outlierIndices.length > 0
      ? [
          `${outlierIndices.length} of ${labels.length} labels describe another task than the rest.`,
          explanation,
        ]
          .filter(Boolean)
          .join(' ')
      : explanation || (agreed ? 'The labels agree on one task.' : 'The labels do not describe one task.');
  return {
    success: agreed && outlierIndices.length === 0,
    proposed_task_prompt: agreed ? prompt : null,
    proposed_test_case_name: agreed ? name : null,
    outliers: outlierIndices.map((index) => labels[index]!.text),
    outlier_indices: outlierIndices,
    message,
  };
}

/**
 * POST /api/session/{id}/create-from-labels: a real (not sample) test case of the session's organization, on
 * the sample test case's simulator and start URL, with the prompt and name the account admin settled on.
 */
export async function createTestCaseFromLabels(
  db: Database,
  principal: MemberPrincipal,
  publicId: string,
  body: z.output<typeof CreateTestCaseFromLabelsRequest>,
): Promise<CreateTestCaseFromLabelsResponse> {
  const { session, testCase } = await sampleSession(db, principal, publicId);
  if (testCase.simulatorId === null) throw badRequest('The sample test case has no simulator');
  const labels = await listSessionLabels(db, session.id);
  if (labels.length === 0) throw badRequest(NO_LABELS);
  const [created] = await insertTestCases(db, [
    {
      publicId: newPublicId(),
      organizationId: session.organizationId ?? principal.organization.id,
      simulatorId: testCase.simulatorId,
      startUrl: testCase.startUrl,
      scoringTypes: testCase.scoringTypes,
      name: body.test_case_name,
      prompt: body.task_prompt,
      isSample: false,
      createdBy: principal.user?.id ?? null,
    },
  ]);
  return {
    success: true,
    new_test_case: {
      id: created!.id,
      name: created!.name,
      public_id: created!.publicId,
      publicId: created!.publicId,
      task_prompt: created!.prompt,
    },
    task_prompt: created!.prompt,
    message: `Test case "${created!.name}" was created from ${labels.length} label${labels.length === 1 ? '' : 's'}`,
  };
}
