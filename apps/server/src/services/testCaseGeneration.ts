import {
  type GenerateOutcomeSchemaRequest,
  type GeneratePredictionFromStepsRequest,
  type GeneratePredictionRequest,
  MAX_PREDICTION_ACTIONS,
  MAX_PREDICTION_SCREENSHOTS,
  OutcomeSchemaResponse,
  Prediction,
  type PredictionResponse,
  type RecordedStep,
  STEP_TEST_SCORING_TYPES,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { type ChatContentPart, describeAction, generateExpectedMutationsByApp } from '@proctor/scoring';
import { sessionBlobPrefix } from '../environments/recordingWriter';
import type { Principal } from '../kernel/access/principal';
import type { ServerConfig } from '../kernel/config';
import { badRequest, HttpError } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import { recordedMutations, recordedSteps } from '../repositories/recordings';
import { findSimulatorConfig } from '../repositories/simulators';
import { simulatorFilters, simulatorsOfSession } from '../scoring/filters';
import { AUTHORING_MODEL_MISSING, askAuthoringModel, authoringModelConfigured } from './authoringModel';
import { ownSession } from './sessions';

/**
 * Test cases proposed from people's work (001 §7): the configured model reads a prompt, a session's steps or a
 * screenshot and proposes a name, a task prompt and how to judge it. Sessions are read only within the
 * caller's organization (platform admins: any), so nobody learns another organization's work through a model.
 */

const MODES = Object.entries(STEP_TEST_SCORING_TYPES)
  .map(([mode, label]) => `"${mode}" (${label})`)
  .join(', ');

const PREDICTION_SYSTEM = `You write test cases for AI agents that operate web applications in a browser.
A test case has a short name (a few words) and a task prompt: one clear instruction an agent can carry out,
with every value it needs (names, quantities, dates) and without telling it how to click through the site.
Choose how the test case is judged, its evaluation_mode, one of: ${MODES}.
Answer with a JSON object only: {"name": string, "prompt": string, "evaluation_mode": string}.`;

const OUTCOME_SYSTEM = `You write output tests for AI agents that operate web applications in a browser.
You are given a task and a screenshot of the page where the task is done. Propose a short name (a few words),
a task prompt (one clear instruction that asks the agent to report what the page shows as JSON) and the JSON
Schema of that answer: type "object", with "properties", "required" and "additionalProperties": false.
Answer with a JSON object only: {"name": string, "prompt": string, "schema": object}.`;

export function proposeFromPrompt(
  config: ServerConfig,
  request: GeneratePredictionRequest,
): Promise<PredictionResponse> {
  return askAuthoringModel(config, {
    system: PREDICTION_SYSTEM,
    user: `The task:\n${request.task}\n\nWhat the test case should check:\n${request.prompt}`,
    answer: Prediction,
  }).then((prediction) => ({ prediction }));
}

export function proposeOutcomeSchema(
  config: ServerConfig,
  request: GenerateOutcomeSchemaRequest,
): Promise<OutcomeSchemaResponse> {
  return askAuthoringModel(config, {
    system: OUTCOME_SYSTEM,
    user: [
      { type: 'text', text: `The task:\n${request.task}\n\nThe page where it is done:` },
      { type: 'image_url', image_url: { url: request.img } },
    ],
    answer: OutcomeSchemaResponse.shape.prediction,
  }).then((prediction) => ({ prediction }));
}

/** Positions (into `count` items) of at most `limit` evenly spread ones, the last always among them. */
export function spreadPicks(count: number, limit: number): number[] {
  if (count <= limit) return Array.from({ length: count }, (_, i) => i);
  const picks = new Set<number>();
  for (let i = 0; i < limit; i++) picks.add(Math.round(((i + 1) * (count - 1)) / limit));
  return [...picks].sort((a, b) => a - b);
}

const shownScreenshot = (step: RecordedStep) => step.after_state?.screenshot ?? step.before_state?.screenshot;

async function screenshotDataUrl(blobs: BlobStore, sessionPublicId: string, step: RecordedStep) {
  const shot = shownScreenshot(step);
  if (!shot) return null;
  const bytes = await blobs.get(`${sessionBlobPrefix(sessionPublicId)}/${shot.key}`);
  return bytes ? `data:${shot.mime};base64,${Buffer.from(bytes).toString('base64')}` : null;
}

export interface ProposalContext {
  db: Database;
  blobs: BlobStore;
  config: ServerConfig;
}

/**
 * A test case proposed from a session's steps (up to `last_step`): its actions listed by number, pointer noise
 * left out, and the screenshots after some of them (MAX_PREDICTION_SCREENSHOTS, spread, the last one always).
 */
export async function proposeFromSteps(
  { db, blobs, config }: ProposalContext,
  principal: Principal,
  request: GeneratePredictionFromStepsRequest,
): Promise<PredictionResponse> {
  const session = await ownSession(db, principal, request.session_id);
  const recorded = await recordedSteps(db, session.id);
  if (recorded.length === 0) throw badRequest('This session recorded no steps to propose a test case from');
  if (request.last_step !== undefined && request.last_step > recorded.length)
    throw badRequest(
      `This session has ${recorded.length} steps; last_step must be from 1 to ${recorded.length}`,
    );
  // Before the screenshots are read: without a model there is nothing to read them for.
  if (!authoringModelConfigured(config)) throw new HttpError(503, AUTHORING_MODEL_MISSING);

  const numbered = recorded
    .slice(0, request.last_step ?? recorded.length)
    .map((step, index) => ({ step, number: index + 1 }))
    .filter(({ step }) => step.action.type !== 'mouse_move' && !step.action.is_simulator_action);
  if (numbered.length === 0) throw badRequest('The chosen steps hold no actions to propose a test case from');
  const listed = numbered.slice(-MAX_PREDICTION_ACTIONS);
  const withScreenshots = listed.filter(({ step }) => shownScreenshot(step));
  const pictured = spreadPicks(withScreenshots.length, MAX_PREDICTION_SCREENSHOTS).map(
    (i) => withScreenshots[i]!,
  );

  const lines = listed.map(({ step, number }) => {
    const url = step.before_state?.current_url ?? step.after_state?.current_url;
    return `${number}. ${describeAction(step.action)}${url ? ` on ${url}` : ''}`;
  });
  const content: ChatContentPart[] = [
    {
      type: 'text',
      text: [
        session.prompt ? `The person was given this task:\n${session.prompt}\n` : '',
        'A person did these steps in a web application, in order:',
        ...lines,
        '',
        'Propose the test case these steps carry out. Screenshots after some of the steps follow.',
      ].join('\n'),
    },
  ];
  for (const { step, number } of pictured) {
    const url = await screenshotDataUrl(blobs, session.publicId, step);
    if (!url) continue;
    content.push({ type: 'text', text: `Screenshot after step ${number}:` });
    content.push({ type: 'image_url', image_url: { url } });
  }
  const prediction = await askAuthoringModel(config, {
    system: PREDICTION_SYSTEM,
    user: content,
    answer: Prediction,
  });
  return { prediction };
}

/**
 * The expected mutations of a state test made from a session (Create State Test): its net changes after the
 * simulator's filters, as generation from one correct session makes them. The session must have run on the
 * test case's simulator, or its changes mean nothing there.
 */
export async function expectedMutationsOfSession(
  db: Database,
  principal: Principal,
  sessionPublicId: string,
  simulatorId: number,
): Promise<Record<string, unknown>> {
  const session = await ownSession(db, principal, sessionPublicId);
  if (session.simulatorId !== simulatorId)
    throw badRequest('The session ran on another simulator than the test case');
  const mutations = await recordedMutations(db, session.id);
  // A session across apps: each app's changes through its own ignore rules, the other apps' tagged.
  const filters = {
    simulatorConfig: simulatorFilters((await findSimulatorConfig(db, simulatorId)) ?? {}),
    simulators: await simulatorsOfSession(db, { simulatorId, defaultScoringConfig: {} }, mutations),
  };
  const generated = generateExpectedMutationsByApp([{ sessionId: session.publicId, mutations }], filters);
  return {
    mutations: generated.mutations,
    ignore_columns: generated.ignore_columns,
    num_sessions_used: 1,
    session_ids: [session.publicId],
    source: 'session',
  };
}
