/** Test reports (002 §7.10): one row per rendered report, its HTML a blob. */
import { type Executor, testReports, testRuns } from '@proctor/db';
import { desc, eq } from 'drizzle-orm';

export type TestReportRow = typeof testReports.$inferSelect & { runId: string };

const columns = {
  id: testReports.id,
  publicId: testReports.publicId,
  testRunId: testReports.testRunId,
  name: testReports.name,
  template: testReports.template,
  path: testReports.path,
  blobKey: testReports.blobKey,
  sizeBytes: testReports.sizeBytes,
  createdBy: testReports.createdBy,
  createdAt: testReports.createdAt,
  runId: testRuns.publicId,
};

export async function insertTestReport(
  db: Executor,
  values: typeof testReports.$inferInsert,
): Promise<typeof testReports.$inferSelect> {
  const [row] = await db.insert(testReports).values(values).returning();
  return row!;
}

const withRun = (db: Executor) =>
  db.select(columns).from(testReports).innerJoin(testRuns, eq(testRuns.id, testReports.testRunId));

export async function findTestReport(db: Executor, publicId: string): Promise<TestReportRow | undefined> {
  const [row] = await withRun(db).where(eq(testReports.publicId, publicId));
  return row;
}

export async function findTestReportByPath(db: Executor, path: string): Promise<TestReportRow | undefined> {
  const [row] = await withRun(db).where(eq(testReports.path, path));
  return row;
}

/** Newest first, at most `limit`. */
export function listTestReports(db: Executor, limit: number): Promise<TestReportRow[]> {
  return withRun(db).orderBy(desc(testReports.createdAt), desc(testReports.id)).limit(limit);
}
