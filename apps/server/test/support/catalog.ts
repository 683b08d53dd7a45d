import { RECORDING_FORMAT_VERSION } from '@proctor/contracts';
import {
  newPublicId,
  organizations,
  sessionSteps,
  sessions,
  simulators,
  testCaseSetItems,
  testCaseSets,
  testCases,
} from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { OrganizationRow } from '../../src/kernel/access/principal';
import type { TestProctor } from './proctor';

/** A plan that allows every simulator registered now (the built-in ones, in tests that register them). */
export async function everySimulatorPlan(proctor: TestProctor) {
  const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
  return { allowed_simulators: allowed.map((row) => row.id) };
}

/** Rows of the test catalogue (simulators, test cases, datasets, sessions) made straight in the database. */
export function catalog(proctor: () => TestProctor) {
  const db = () => proctor().ctx.db;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

  return {
    async simulator(values: Partial<typeof simulators.$inferInsert> = {}) {
      const [row] = await db()
        .insert(simulators)
        .values({ name: `sim-${unique()}`, simType: 'app', ...values })
        .returning();
      return row!;
    },

    /** Sets the organization's plan to exactly these simulators. */
    async allow(organization: OrganizationRow | null, ...simulatorIds: number[]) {
      await db()
        .update(organizations)
        .set({ plan: { allowed_simulators: simulatorIds } })
        .where(eq(organizations.id, organization!.id));
    },

    async testCase(values: Partial<typeof testCases.$inferInsert> = {}) {
      const [row] = await db()
        .insert(testCases)
        .values({ publicId: newPublicId(), name: `Test ${unique()}`, prompt: 'Do the thing', ...values })
        .returning();
      return row!;
    },

    async set(values: Partial<typeof testCaseSets.$inferInsert> = {}, testCaseIds: number[] = []) {
      const [row] = await db()
        .insert(testCaseSets)
        .values({ name: `Set ${unique()}`, ...values })
        .returning();
      if (testCaseIds.length)
        await db()
          .insert(testCaseSetItems)
          .values(
            testCaseIds.map((testCaseId, position) => ({ testCaseSetId: row!.id, testCaseId, position })),
          );
      return row!;
    },

    /** A session of a test case; `finished` ones get an end `seconds` after their start and `steps` steps. */
    async session(
      testCase: { id: number; simulatorId: number | null },
      options: {
        organizationId?: number | null;
        steps?: number;
        seconds?: number;
        finished?: boolean;
        isPublic?: boolean;
      } = {},
    ) {
      const createdAt = new Date('2026-01-01T10:00:00Z');
      const finished = options.finished ?? true;
      const [row] = await db()
        .insert(sessions)
        .values({
          publicId: newPublicId(),
          testCaseId: testCase.id,
          simulatorId: testCase.simulatorId,
          organizationId: options.organizationId ?? null,
          isPublic: options.isPublic ?? false,
          status: finished ? 'scoring_completed' : 'run_started',
          createdAt,
          endedAt: finished ? new Date(createdAt.getTime() + (options.seconds ?? 60) * 1000) : null,
        })
        .returning();
      const steps = options.steps ?? 0;
      if (steps)
        await db()
          .insert(sessionSteps)
          .values(
            Array.from({ length: steps }, (_, idx) => ({
              sessionId: row!.id,
              idx,
              action: {
                type: 'mouse_move' as const,
                id: `move-${idx}`,
                timestamp: createdAt.getTime(),
                is_simulator_action: false,
                metadata: { start_seq_id: idx, end_seq_id: idx },
                positions: [],
              },
              formatVersion: RECORDING_FORMAT_VERSION,
            })),
          );
      return row!;
    },
  };
}
