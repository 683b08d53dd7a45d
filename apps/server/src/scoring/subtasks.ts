import type { RecordedStep, TrajectoryDecomposition } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { decomposeTrajectory, type ScoringServices } from '@proctor/scoring';
import { recordedRequestSummaries } from '../repositories/recordings';
import { mergeSessionActionSequences } from '../repositories/sessions';

/** Requests that may write to the app's data: one sent during a step makes it a form submission for the rule. */
const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Post-processing's subtasks (000 §3 Subtask): the session's steps split by the configured model (the scoring
 * services' chat completion, SCORING_LLM_*) or else by the rule (@proctor/scoring decomposeTrajectory), kept on the
 * session as action_sequences.trajectory_decomposition, where the session page reads them.
 */
export async function decomposeSession(
  db: Database,
  sessionId: number,
  input: { steps: readonly RecordedStep[]; task: string | null },
  services: ScoringServices,
): Promise<TrajectoryDecomposition> {
  const requests = await recordedRequestSummaries(db, sessionId);
  const writingSteps = new Set(
    requests.flatMap((request) =>
      request.stepIdx !== null && WRITING_METHODS.has(request.method.toUpperCase()) ? [request.stepIdx] : [],
    ),
  );
  const decomposition = await decomposeTrajectory({ ...input, writingSteps }, services);
  await mergeSessionActionSequences(db, sessionId, { trajectory_decomposition: decomposition });
  return decomposition;
}
