import { browserSessions, type Executor, jobGroups, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';

/**
 * A browser session with the recorded session it runs, found by its public id alone: the Chrome extension's
 * upload names it with a capability, not a signed-in organization, so the caller compares organizations.
 */
export async function findRecordedBrowserSession(db: Executor, publicId: string) {
  const [row] = await db
    .select({
      publicId: browserSessions.publicId,
      organizationId: browserSessions.organizationId,
      userId: browserSessions.userId,
      type: browserSessions.type,
      session: {
        id: sessions.id,
        publicId: sessions.publicId,
        status: sessions.status,
        startedAt: sessions.startedAt,
        createdAt: sessions.createdAt,
        endedAt: sessions.endedAt,
      },
    })
    .from(browserSessions)
    .innerJoin(jobGroups, eq(jobGroups.publicId, browserSessions.publicId))
    .innerJoin(sessions, eq(sessions.id, jobGroups.sessionId))
    .where(eq(browserSessions.publicId, publicId));
  return row;
}

export type RecordedBrowserSession = NonNullable<Awaited<ReturnType<typeof findRecordedBrowserSession>>>;
