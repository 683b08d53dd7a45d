/** The instance as a whole: whether its database answers, and the settings every replica shares. */
import { type Executor, instanceSettings } from '@proctor/db';
import { eq, sql } from 'drizzle-orm';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The setting's value, storing `initial` first when it has none (the first replica to ask wins). */
export async function instanceSetting(
  db: Executor,
  key: string,
  initial: () => string,
): Promise<string | undefined> {
  await db.insert(instanceSettings).values({ key, value: initial() }).onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return row?.value;
}
