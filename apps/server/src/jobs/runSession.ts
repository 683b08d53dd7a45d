import type { SessionStatus } from '@proctor/contracts';
import { agentArtifacts, type Database, organizations, sessions, simulators, testCases } from '@proctor/db';
import type { JsonValue } from '@proctor/scoring';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DriverSettings, driverFor, runnableWith } from '../agents/drivers';
import { builtInKindOf, whyNotRunnable } from '../agents/runnable';
import { type EnvironmentManager, RunRefusedError } from '../environments/manager';
import { failEnvironment, logToSession } from '../environments/records';
import { type JobHandler, PermanentJobError } from '../kernel/queue/catalog';
import { QUEUED, RUNNING } from '../services/runs';
import { recordedSteps } from '../services/sessionRecording';

/** How long an agent may take over one run before it has failed its task. */
export const AGENT_TIME_LIMIT_MS = 5 * 60_000;

/** What a replay re-enacts: the original session's recorded steps and its answer. */
async function replayOf(db: Database, originalId: number | null) {
  if (originalId === null) throw new PermanentJobError('A replay must name the session it replays');
  const [original] = await db
    .select({ output: sessions.output })
    .from(sessions)
    .where(eq(sessions.id, originalId));
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
      const [row] = await db
        .select({
          session: sessions,
          testCase: testCases,
          simulator: simulators,
          agent: agentArtifacts,
          plan: organizations.plan,
        })
        .from(sessions)
        .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
        .innerJoin(simulators, eq(simulators.id, sessions.simulatorId))
        .innerJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
        .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
        .where(eq(sessions.id, sessionId));
      if (!row) throw new PermanentJobError("The run's session, test case, simulator or agent is gone");
      const { session } = row;
      // Claimed in one statement: a job delivered twice, or a run another worker took, is left alone.
      const claimable = job.attempt > 1 ? [...QUEUED, ...RUNNING] : QUEUED;
      const claimed = await db
        .update(sessions)
        .set({ status: 'run_started' satisfies SessionStatus })
        .where(and(eq(sessions.id, sessionId), inArray(sessions.status, claimable)))
        .returning({ id: sessions.id });
      if (claimed.length === 0) return;
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
      const failed = await db
        .update(sessions)
        .set({ status: 'run_failed' satisfies SessionStatus, failureReason: reason, endedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), inArray(sessions.status, [...QUEUED, ...RUNNING])))
        .returning({ id: sessions.id });
      if (failed.length > 0)
        await logToSession(db, sessionId, { type: 'run_failed', message: `The run failed: ${reason}` });
    },
  };
}
