import {
  type Database,
  networkRequests,
  newPublicId,
  sessionEvents,
  sessionLogs,
  sessionSteps,
  sessions,
  simulators,
} from '@proctor/db';
import { eq } from 'drizzle-orm';

/**
 * A recorded session copied from one Proctor database to another, row for row (steps, rrweb and mutation
 * chunks, network requests, logs), into another organization: the same recording measured on another
 * engine. Screenshots stay where they are: the session's page data names them, it does not read them.
 */
export async function copySession(
  from: Database,
  to: Database,
  sourceId: number,
  owner: { organizationId: number; userId: number | null },
): Promise<{ id: number; publicId: string }> {
  const [source] = await from.select().from(sessions).where(eq(sessions.id, sourceId));
  if (!source) throw new Error(`No session ${sourceId} to copy`);
  const [simulator] = source.simulatorId
    ? await from
        .select({ name: simulators.name })
        .from(simulators)
        .where(eq(simulators.id, source.simulatorId))
    : [];
  const [target] = simulator
    ? await to.select({ id: simulators.id }).from(simulators).where(eq(simulators.name, simulator.name))
    : [];
  const { id: _sourceId, ...fields } = source;
  const [copy] = await to
    .insert(sessions)
    .values({
      ...fields,
      publicId: newPublicId(),
      organizationId: owner.organizationId,
      userId: owner.userId,
      simulatorId: target?.id ?? null,
      testCaseId: null,
      agentArtifactId: null,
      runSessionBatchId: null,
      replayOfSessionId: null,
    })
    .returning({ id: sessions.id, publicId: sessions.publicId });
  if (!copy) throw new Error('The copied session was not inserted');

  const sessionId = copy.id;
  const steps = await from.select().from(sessionSteps).where(eq(sessionSteps.sessionId, sourceId));
  for (const chunk of chunks(steps.map(({ id: _id, ...row }) => ({ ...row, sessionId }))))
    await to.insert(sessionSteps).values(chunk);
  const events = await from.select().from(sessionEvents).where(eq(sessionEvents.sessionId, sourceId));
  for (const chunk of chunks(events.map(({ id: _id, ...row }) => ({ ...row, sessionId }))))
    await to.insert(sessionEvents).values(chunk);
  const requests = await from.select().from(networkRequests).where(eq(networkRequests.sessionId, sourceId));
  for (const chunk of chunks(requests.map(({ id: _id, ...row }) => ({ ...row, sessionId, siteId: null }))))
    await to.insert(networkRequests).values(chunk);
  const logs = await from.select().from(sessionLogs).where(eq(sessionLogs.sessionId, sourceId));
  for (const chunk of chunks(logs.map(({ id: _id, ...row }) => ({ ...row, sessionId }))))
    await to.insert(sessionLogs).values(chunk);
  return copy;
}

/** Rows in groups small enough for one insert's parameters. */
function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
