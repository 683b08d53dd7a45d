import { type BrowserSessionType, TrainerSessionOptions } from '@proctor/contracts';
import { browserSessions, type Executor, jobGroups, jobs, sessions } from '@proctor/db';
import { and, eq } from 'drizzle-orm';

/**
 * Browser sessions' rows. Each has the public id of the environment (job group) it runs in, which keeps its
 * status and the recorded session; this row keeps what the environment does not (its type, the trainer's task,
 * its output, its last activity).
 */
export interface NewBrowserSession {
  publicId: string;
  organizationId: number;
  userId: number | null;
  type: BrowserSessionType;
  trainerSessionOptions?: TrainerSessionOptions | null;
}

export async function insertBrowserSession(db: Executor, session: NewBrowserSession) {
  const [row] = await db
    .insert(browserSessions)
    .values({
      publicId: session.publicId,
      organizationId: session.organizationId,
      userId: session.userId,
      type: session.type,
      trainerSessionOptions: session.trainerSessionOptions ?? null,
      activeAt: new Date(),
    })
    .returning();
  return row!;
}

/** The browser session with its environment's status and recorded session; undefined for another organization's. */
export async function findBrowserSession(db: Executor, publicId: string, organizationId: number) {
  const [row] = await db
    .select({
      session: browserSessions,
      environmentStatus: jobGroups.overallStatus,
      environmentError: jobs.error,
      sessionPublicId: sessions.publicId,
    })
    .from(browserSessions)
    .leftJoin(jobGroups, eq(jobGroups.publicId, browserSessions.publicId))
    .leftJoin(jobs, eq(jobs.jobGroupId, jobGroups.id))
    .leftJoin(sessions, eq(sessions.id, jobGroups.sessionId))
    .where(and(eq(browserSessions.publicId, publicId), eq(browserSessions.organizationId, organizationId)));
  if (!row) return undefined;
  const options = TrainerSessionOptions.safeParse(row.session.trainerSessionOptions);
  return { ...row, trainerSessionOptions: options.success ? options.data : null };
}

export type BrowserSessionRow = NonNullable<Awaited<ReturnType<typeof findBrowserSession>>>;

export async function touchBrowserSession(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(browserSessions).set({ activeAt: at }).where(eq(browserSessions.id, id));
}
