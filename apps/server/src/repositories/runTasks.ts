import { SESSION_STATUSES } from '@proctor/contracts';
import { browserSessions, type Executor, jobGroups, sessions } from '@proctor/db';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';

/** The task a session was given when it is not a test case's (run-task): shown as its prompt. */
export async function setSessionPrompt(db: Executor, sessionId: number, prompt: string): Promise<void> {
  await db.update(sessions).set({ prompt }).where(eq(sessions.id, sessionId));
}

/** A run that ended (not failed, not cancelled): run_completed and whatever post-processing and scoring made of it. */
const RAN_TO_ITS_END = SESSION_STATUSES.slice(SESSION_STATUSES.indexOf('run_completed')).filter(
  (status) => status !== 'run_failed',
);

/**
 * The organization's latest AI-browser run that ended with an answer (/demo's replay for users without beta
 * access): a session of an 'ai' or 'demo' browser session, completed, with a task and an output.
 */
export async function latestTaskRecording(db: Executor, organizationId: number) {
  const [row] = await db
    .select({
      sessionPublicId: sessions.publicId,
      prompt: sessions.prompt,
      output: sessions.output,
      recordedAt: sessions.createdAt,
    })
    .from(browserSessions)
    .innerJoin(jobGroups, eq(jobGroups.publicId, browserSessions.publicId))
    .innerJoin(sessions, eq(sessions.id, jobGroups.sessionId))
    .where(
      and(
        eq(browserSessions.organizationId, organizationId),
        inArray(browserSessions.type, ['ai', 'demo']),
        isNotNull(sessions.prompt),
        isNotNull(sessions.output),
        inArray(sessions.status, RAN_TO_ITS_END),
      ),
    )
    .orderBy(desc(sessions.id))
    .limit(1);
  return row;
}
