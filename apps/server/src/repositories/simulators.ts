/** Simulators and their recorded versions. */
import { SimulatorConfig } from '@proctor/contracts';
import { type Executor, hubBuilds, simulators, simulatorVersions } from '@proctor/db';
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { parseStoredObject } from './storedJson';
import { refCondition, simulatorVisible } from './visibility';

export type SimulatorRow = typeof simulators.$inferSelect;
export type NewSimulator = typeof simulators.$inferInsert;
export type SimulatorVersionRow = typeof simulatorVersions.$inferSelect;
export type NewSimulatorVersion = typeof simulatorVersions.$inferInsert;

/** A simulator's stored config as the contract reads it: admins edit it as JSON (`parseStoredObject`). */
export const parseSimulatorConfig = (stored: unknown): SimulatorConfig =>
  parseStoredObject(SimulatorConfig, stored);

const withParsedConfig = (row: SimulatorRow): SimulatorRow => ({
  ...row,
  config: parseSimulatorConfig(row.config),
});

/** By name or numeric id, among the simulators the viewer's plan allows; undefined otherwise. */
export async function findVisibleSimulator(
  db: Executor,
  viewer: Viewer,
  nameOrId: string,
): Promise<SimulatorRow | undefined> {
  const [simulator] = await db
    .select()
    .from(simulators)
    .where(and(refCondition(simulators.id, simulators.name, nameOrId), simulatorVisible(viewer)));
  return simulator && withParsedConfig(simulator);
}

/** The simulators the viewer's plan allows, by name. */
export async function listVisibleSimulators(db: Executor, viewer: Viewer): Promise<SimulatorRow[]> {
  const rows = await db
    .select()
    .from(simulators)
    .where(simulatorVisible(viewer))
    .orderBy(asc(simulators.name));
  return rows.map(withParsedConfig);
}

/** Id and name of the simulators of these names that the viewer's plan allows. */
export function listVisibleSimulatorsByName(db: Executor, viewer: Viewer, names: readonly string[]) {
  return db
    .select({ id: simulators.id, name: simulators.name })
    .from(simulators)
    .where(and(inArray(simulators.name, [...names]), simulatorVisible(viewer)));
}

export async function findSimulator(db: Executor, id: number): Promise<SimulatorRow | undefined> {
  const [row] = await db.select().from(simulators).where(eq(simulators.id, id));
  return row && withParsedConfig(row);
}

export async function findSimulatorByName(db: Executor, name: string): Promise<SimulatorRow | undefined> {
  const [row] = await db.select().from(simulators).where(eq(simulators.name, name));
  return row && withParsedConfig(row);
}

/** The simulator's config; undefined when there is no such simulator. */
export async function findSimulatorConfig(db: Executor, id: number): Promise<SimulatorConfig | undefined> {
  const [row] = await db.select({ config: simulators.config }).from(simulators).where(eq(simulators.id, id));
  return row && parseSimulatorConfig(row.config);
}

/** Id, name and image of each of the simulators, for the lists that name them. */
export async function listSimulatorSummaries(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: simulators.id, name: simulators.name, imgUrl: simulators.imgUrl })
    .from(simulators)
    .where(inArray(simulators.id, [...ids]));
}

/** The SVG icon kept for a simulator (built-in ones), by its name; null when it has none. */
export async function findSimulatorIcon(db: Executor, name: string): Promise<string | null> {
  const [row] = await db
    .select({ iconSvg: simulators.iconSvg })
    .from(simulators)
    .where(eq(simulators.name, name));
  return row?.iconSvg ?? null;
}

/** Throws the database's unique violation when the name is taken. */
export async function insertSimulator(db: Executor, values: NewSimulator): Promise<SimulatorRow> {
  const [row] = await db.insert(simulators).values(values).returning();
  return withParsedConfig(row!);
}

/** Undefined when there is no such simulator; throws the database's unique violation when a new name is taken. */
export async function updateSimulatorRow(
  db: Executor,
  id: number,
  values: Partial<NewSimulator>,
): Promise<SimulatorRow | undefined> {
  const [row] = await db.update(simulators).set(values).where(eq(simulators.id, id)).returning();
  return row && withParsedConfig(row);
}

/** Not a version built from a hub push (those are an organization's, and environments do not start them yet). */
const shipped = () =>
  notExists(sql`(select 1 from ${hubBuilds} where ${hubBuilds.versionId} = ${simulatorVersions.id})`);

/**
 * The simulators' recorded versions, the latest first: all of them (the platform admins' registry), or only those
 * this install ships (`shippedOnly`: what members see of a simulator, never another organization's pushes).
 */
export async function listSimulatorVersions(
  db: Executor,
  simulatorIds: readonly number[],
  options: { shippedOnly?: boolean } = {},
): Promise<SimulatorVersionRow[]> {
  if (simulatorIds.length === 0) return [];
  return db
    .select()
    .from(simulatorVersions)
    .where(
      and(
        inArray(simulatorVersions.simulatorId, [...simulatorIds]),
        options.shippedOnly ? shipped() : undefined,
      ),
    )
    .orderBy(desc(simulatorVersions.publishedAt), desc(simulatorVersions.id));
}

/**
 * The version a simulator was last registered with (the code this install ships); undefined when it has none.
 * Versions built from hub pushes are not it.
 */
export async function latestSimulatorVersion(db: Executor, simulatorId: number): Promise<string | undefined> {
  const [latest] = await db
    .select({ version: simulatorVersions.version })
    .from(simulatorVersions)
    .where(and(eq(simulatorVersions.simulatorId, simulatorId), shipped()))
    .orderBy(desc(simulatorVersions.publishedAt), desc(simulatorVersions.id))
    .limit(1);
  return latest?.version;
}

/** Records a version; one recorded before (its content came back) becomes the latest again. */
export async function recordSimulatorVersion(db: Executor, values: NewSimulatorVersion): Promise<void> {
  await db
    .insert(simulatorVersions)
    .values(values)
    .onConflictDoUpdate({
      target: [simulatorVersions.simulatorId, simulatorVersions.version],
      set: { publishedAt: new Date() },
    });
}

/** Advisory lock key of built-in registration (any constant unique to this use). */
const REGISTRATION_LOCK = 7302;

/** Holds registration to this transaction until it ends: replicas starting together register one after the other. */
export async function lockRegistration(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
}

/** Ids of the built-in simulators enabled now, in id order (a new organization's plan allows these). */
export async function listEnabledBuiltInSimulatorIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: simulators.id })
    .from(simulators)
    .where(and(eq(simulators.builtIn, true), eq(simulators.enabled, true)))
    .orderBy(asc(simulators.id));
  return rows.map((row) => row.id);
}

/** The ids of the simulators of those names. */
export async function listSimulatorIdsByName(db: Executor, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: simulators.id })
    .from(simulators)
    .where(inArray(simulators.name, [...names]));
  return rows.map((row) => row.id);
}
