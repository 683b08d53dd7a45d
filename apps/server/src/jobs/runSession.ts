import type { Database } from '@proctor/db';
import type { JsonValue } from '@proctor/scoring';
import { type DriverSettings, driverFor, runnableWith } from '../agents/drivers';
import { builtInKindOf, whyNotRunnable } from '../agents/runnable';
import type { EnvironmentManager } from '../environments/manager';
import { RunRefusedError } from '../environments/queuedRun';
import { type JobHandler, PermanentJobError } from '../kernel/queue/catalog';
import { failEnvironment } from '../repositories/environments';
import { recordedSteps } from '../repositories/recordings';
import { claimRun, failRun, findReplayedAnswer, findRun, QUEUED, RUNNING } from '../repositories/runs';
import { logToSession } from '../repositories/sessions';

/** How long an agent may take over one run before it has failed its task. */
export const AGENT_TIME_LIMIT_MS = 5 * 60_000;

/** What a replay re-enacts: the original session's recorded steps and its answer. */
async function replayOf(db: Database, originalId: number | null) {
  if (originalId === null) throw new PermanentJobError('A replay must name the session it replays');
  const original = await findReplayedAnswer(db, originalId);
  if (!original) throw new PermanentJobError('The session to replay is gone');
  return {
    steps: await recordedSteps(db, originalId),
    output: (original.output ?? undefined) as JsonValue | undefined,
  };
}

/**
 * What a worker does with a run-session job: reads the run from its session, drives it with its agent in an
 * environment of its own (EnvironmentManager.runQueued), and when the job fails for good, fails the session
 * with the reason. A session that already ran (a job delivered twice) is left alone.
 */
export function runSessionHandler(
  db: Database,
  environments: EnvironmentManager,
  /** How agents' endpoints are reached (OUTBOUND_ALLOWED_ADDRESSES), the DOM and computer-use agents' models. */
  settings: DriverSettings,
): JobHandler<'runSession'> {
  return {
    async run({ sessionId }, job) {
      const row = await findRun(db, sessionId);
      if (!row) throw new PermanentJobError("The run's session, test case, simulator or agent is gone");
      const { session } = row;
      // Claimed in one statement: a job delivered twice, or a run another worker took, is left alone.
      const claimable = job.attempt > 1 ? [...QUEUED, ...RUNNING] : QUEUED;
      if (!(await claimRun(db, sessionId, claimable))) return;
      // Run again after its worker died: the environment it had there is gone.
      if (job.attempt > 1 && session.jobGroupId)
        await failEnvironment(
          db,
          session.jobGroupId,
          'Its worker stopped; the run was started again elsewhere',
        );
      const replaying = builtInKindOf(row.agent) === 'replay';
      const refused = replaying ? null : whyNotRunnable(row.agent, runnableWith(settings));
      if (refused) throw new PermanentJobError(refused);
      const replay = replaying ? await replayOf(db, session.replayOfSessionId) : undefined;
      if (session.organizationId === null || row.plan === null)
        throw new PermanentJobError('The run belongs to no organization');
      try {
        await environments.runQueued(
          {
            sessionId: session.id,
            sessionPublicId: session.publicId,
            owner: { organizationId: session.organizationId, userId: session.userId },
            simulator: row.simulator,
            testCase: row.testCase,
            plan: row.plan,
          },
          driverFor(row.agent, settings, replay),
          { job: job.signal, agentTimeLimitMs: AGENT_TIME_LIMIT_MS },
        );
      } catch (error) {
        if (error instanceof RunRefusedError) throw new PermanentJobError(error.message);
        throw error;
      }
    },
    async failed({ sessionId }, reason) {
      if (await failRun(db, sessionId, reason))
        await logToSession(db, sessionId, { type: 'run_failed', message: `The run failed: ${reason}` });
    },
  };
}
