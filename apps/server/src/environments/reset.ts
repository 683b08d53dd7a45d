import {
  AGENT_MESSAGES,
  isReservedAgentAlias,
  type ResetEnvironmentOptions,
  type ResetEnvironmentResponse,
  TEST_CASE_SIMULATOR_MESSAGES,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, notFound } from '../kernel/http/errors';
import { attachSession } from '../repositories/environments';
import { setSessionStatus } from '../repositories/sessions';
import { findSimulator } from '../repositories/simulators';
import { findVisibleTestCase } from '../repositories/testCases';
import type { ScoringHandOver } from './ending';
import type { EnvironmentLauncher } from './launcher';
import { type LiveEnvironment, startUrlOn, type TestCaseRow } from './live';
import { startSession } from './records';

export interface ResetParts {
  db: Database;
  launcher: EnvironmentLauncher;
  scoring: ScoringHandOver;
}

/**
 * Back to the seed (or the reset point), a new session, and the browser on the test case's start URL.
 * The previous session ends as completed: what it did is kept, the next run starts clean.
 */
export async function resetEnvironment(
  { db, launcher, scoring }: ResetParts,
  environment: LiveEnvironment,
  viewer: Viewer,
  request: ResetEnvironmentOptions,
): Promise<ResetEnvironmentResponse> {
  if (!environment.simulator)
    throw badRequest('A browser session has no simulator to reset: navigate it instead, or close it');
  const simulator = environment.simulator;
  // Checked before the ending session is touched: a refused reset leaves the run as it was.
  if (request.agent_version && isReservedAgentAlias(request.agent_version))
    throw badRequest(AGENT_MESSAGES.reservedAlias(request.agent_version));
  const testCase = request.test_case_public_id
    ? await testCaseFor(db, environment, viewer, request.test_case_public_id)
    : null;
  const startUrl = startUrlOn(environment, request.start_url ?? testCase?.startUrl ?? '/');
  const prompt = request.prompt ?? testCase?.prompt ?? '';
  // The ending session's last steps go to its writer; what the instance did is kept before it forgets it.
  const recorder = await environment.recording;
  await recorder?.flush();
  const ending = environment.writer;
  ending.detach(environment.instance.mutations());
  const ended = environment.session;
  environment.instance.reset();
  // Its writes finish in the background, and its scoring waits for them (it reads the stored steps): the
  // next run does not wait for the last run's screenshots and rows.
  scoring.hand(ended, ending.finish());
  const [, session] = await Promise.all([
    setSessionStatus(db, environment.session.id, 'run_completed'),
    startSession(db, {
      ...environment.owner,
      simulatorId: simulator.id,
      simulatorName: simulator.name,
      jobGroupPublicId: environment.publicId,
      testCaseId: testCase?.id ?? null,
      source: request.source ?? null,
      agentVersion: request.agent_version ?? null,
      prompt: prompt || null,
      version: environment.version,
      extraVersions: environment.extraVersions,
    }),
  ]);
  await attachSession(db, environment.jobGroupId, session.id);
  environment.session = { id: session.id, publicId: session.publicId, testCase };
  environment.writer = launcher.writerFor(session, environment.instance);
  await recorder?.startNewSession({ navigating: true });
  await environment.page.navigate(startUrl);
  await setSessionStatus(db, session.id, 'run_setup_completed');
  return {
    session_id: session.publicId,
    start_url: startUrl,
    prompt,
    test_case_public_id: testCase?.publicId ?? null,
  };
}

async function testCaseFor(
  db: Database,
  environment: LiveEnvironment,
  viewer: Viewer,
  publicId: string,
): Promise<TestCaseRow> {
  const testCase = await findVisibleTestCase(db, viewer, publicId);
  if (!testCase) throw notFound('Test case not found');
  if (!environment.simulator || testCase.simulatorId !== environment.simulator.id)
    throw badRequest(
      `Test case "${testCase.name}" is not a task of simulator "${environment.simulator?.name}"`,
    );
  // A test case across apps needs each of them here (more apps are fine: their changes are side effects).
  const held = new Set(environment.extraSimulators.map((simulator) => simulator.id));
  const missing = testCase.extraSimulatorIds.filter((id) => !held.has(id));
  // A simulator deleted since is dropped, as everywhere the list is read.
  const names = (await Promise.all(missing.map((id) => findSimulator(db, id)))).flatMap((row) =>
    row ? [row.name] : [],
  );
  if (names.length > 0) throw badRequest(TEST_CASE_SIMULATOR_MESSAGES.environmentLacks(testCase.name, names));
  return testCase;
}
