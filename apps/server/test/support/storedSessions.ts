import type { StateMutation, UserAction } from '@proctor/contracts';
import { type Database, newPublicId, sessionEvents, sessionLogs, sessions } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { asc, eq } from 'drizzle-orm';
import { EVENT_KIND } from '../../src/repositories/recordings';

export const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
/** A built-in state task: its reference solution puts two 16 oz sage mugs (variant 4) in the cart. */
export const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;

/** The cart line the mugs task writes, with `quantity` mugs (2 is right). */
export const cartInsert = (quantity: number): StateMutation => ({
  action: 'INSERT',
  table_name: 'cart_items',
  pk: '41',
  old: null,
  new: { id: 41, cart_id: 1, variant_id: 4, quantity, added_at: '2026-03-02T09:05:00.000Z' },
  action_timestamp: '2026-03-02T09:05:00.000Z',
});

/**
 * A session as an environment leaves it once ended: its row, and the instance's mutation log stored as the
 * recording stores it (what rescoring, generation and the evaluator check read back).
 */
export async function storedSession(
  db: Database,
  values: Partial<typeof sessions.$inferInsert>,
  mutations: readonly StateMutation[] = [],
) {
  const [row] = await db
    .insert(sessions)
    .values({ publicId: newPublicId(), status: 'scoring_completed', ...values })
    .returning();
  if (mutations.length > 0)
    await db
      .insert(sessionEvents)
      .values({ sessionId: row!.id, seq: 0, kind: EVENT_KIND.mutations, payload: [...mutations] });
  return row!;
}

/** The log entries of the session with this public id, of one type, oldest first (what the session page shows). */
export async function sessionLogEntries<Entry extends { type?: string }>(
  db: Database,
  sessionPublicId: string,
  type: string,
): Promise<Entry[]> {
  const rows = await db
    .select({ logData: sessionLogs.logData })
    .from(sessionLogs)
    .innerJoin(sessions, eq(sessions.id, sessionLogs.sessionId))
    .where(eq(sessions.publicId, sessionPublicId))
    .orderBy(asc(sessionLogs.id));
  return rows.map((row) => row.logData as Entry).filter((entry) => entry.type === type);
}

/** A recorded click on a Save button, as the recorder stores a step's action. */
export const clickAction = (id: string, timestamp: number): UserAction => ({
  type: 'click',
  id,
  timestamp,
  is_simulator_action: false,
  metadata: { start_seq_id: 1, end_seq_id: 2 },
  x: 40,
  y: 60,
  button: 'left',
  target: {
    id: 'save',
    selector: '#save',
    tag: 'button',
    text: 'Save',
    bbox: { x: 10, y: 50, width: 80, height: 24 },
  },
});
