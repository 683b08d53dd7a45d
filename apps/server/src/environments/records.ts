import { AGENT_MESSAGES, isReservedAgentAlias } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { badRequest } from '../kernel/http/errors';
import { agentForRun } from '../repositories/agents';
import { openEnvironmentsOf, setEnvironmentStatus } from '../repositories/environments';
import {
  insertEnvironmentSession,
  logToSession,
  type NewEnvironmentSession,
  sessionEnvironmentId,
  setSessionStatus,
} from '../repositories/sessions';

/**
 * What an environment writes beyond one row: a session with the agent it names, and the failing of what a
 * stopped worker left open. The rows themselves are the repositories' (environments, sessions, agents).
 */
export interface EnvironmentOwner {
  organizationId: number;
  userId: number | null;
}

/** A session to start: like its row, but the agent is named by its alias (agentVersion) and made if it is new. */
export type SessionStart = Omit<NewEnvironmentSession, 'agentArtifactId'>;

export async function startSession(db: Database, start: SessionStart) {
  if (start.agentVersion && isReservedAgentAlias(start.agentVersion))
    throw badRequest(AGENT_MESSAGES.reservedAlias(start.agentVersion));
  const agentArtifactId = start.agentVersion ? await agentForRun(db, start, start.agentVersion) : null;
  return insertEnvironmentSession(db, { ...start, agentArtifactId });
}

/**
 * Environments this worker left open when it stopped (a crash, SIGKILL): their browsers are gone (the sweep
 * at start-up kills any left behind), so each is failed, and its session with it, with the reason logged.
 */
export async function failOrphanedEnvironments(
  db: Database,
  workerId: string,
  reason: string,
): Promise<number> {
  const orphans = await openEnvironmentsOf(db, workerId);
  for (const orphan of orphans) {
    await setEnvironmentStatus(db, orphan.id, 'failed', reason);
    // A queued run's session may have moved on to another worker's environment (its job was run again there):
    // it is this environment's to fail only while it still names it.
    if (orphan.sessionId !== null && (await sessionEnvironmentId(db, orphan.sessionId)) === orphan.publicId) {
      await setSessionStatus(db, orphan.sessionId, 'run_failed', { failureReason: reason });
      await logToSession(db, orphan.sessionId, { type: 'environment_failed', message: reason });
    }
  }
  return orphans.length;
}
