import { DEFAULT_VERSION_TAG, VERSION_START_MESSAGES } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { SimulatorDefinition } from '@proctor/simulators';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import { findVersionToStart } from '../repositories/simulatorRegistry';
import { latestSimulatorVersion } from '../repositories/simulators';
import { findUser } from '../repositories/users';
import type { SimulatorRow } from './live';
import type { EnvironmentOwner } from './records';
import type { VersionToHost } from './versionHosts';

/**
 * Which code an environment runs (make2's env_config.version: a tag or a hash, prod-latest by default):
 * - a version built from a hub push, once proven, in its sandboxed host. Anyone whose plan has the simulator may
 *   start one a tag names or a platform admin registered; an unregistered one only its own organization (the one
 *   that pushed it) and platform admins: to anyone else it is not found. A building or failed one: 409.
 * - the code this install ships (a built-in simulator's definition), when the version is its current one, or when
 *   prod-latest names nothing (an install that never tagged a version runs what it ships). An older built-in
 *   version cannot be started: the install has only its current code (409).
 * The hash of what runs is kept on each of the environment's sessions.
 */
export type ChosenVersion =
  | { kind: 'builtIn'; definition: SimulatorDefinition; hash: string | null }
  | { kind: 'hub'; version: VersionToHost };

export interface VersionChoiceParts {
  db: Database;
  definitions: ReadonlyMap<string, SimulatorDefinition>;
}

export async function chooseVersion(
  { db, definitions }: VersionChoiceParts,
  owner: EnvironmentOwner,
  simulator: SimulatorRow,
  requested: unknown,
): Promise<ChosenVersion> {
  if (
    requested !== undefined &&
    (typeof requested !== 'string' || !requested.trim() || requested.length > 200)
  )
    throw badRequest(VERSION_START_MESSAGES.invalid);
  const ref = requested === undefined ? DEFAULT_VERSION_TAG : requested.trim();
  const builtIn = async (hash?: string): Promise<ChosenVersion> => {
    const definition = definitions.get(simulator.name);
    if (!definition) throw conflict(VERSION_START_MESSAGES.notHere(simulator.name));
    const current = await latestSimulatorVersion(db, simulator.id);
    if (hash !== undefined && hash !== current)
      throw conflict(VERSION_START_MESSAGES.notShipped(hash, current));
    return { kind: 'builtIn', definition, hash: current ?? null };
  };
  const found = await findVersionToStart(db, simulator.id, ref);
  if (!found) {
    if (ref === DEFAULT_VERSION_TAG) return builtIn();
    throw notFound(VERSION_START_MESSAGES.notFound(ref));
  }
  if (found.buildStatus === null) return builtIn(found.version);
  const startable =
    found.byTag ||
    found.registeredAt !== null ||
    found.buildOrganizationId === owner.organizationId ||
    (owner.userId !== null && (await findUser(db, owner.userId))?.permissions.is_admin === true);
  // Another organization's unregistered push is not theirs to know of.
  if (!startable) throw notFound(VERSION_START_MESSAGES.notFound(ref));
  if (found.buildStatus === 'building') throw conflict(VERSION_START_MESSAGES.building(found.version));
  if (found.buildStatus === 'failed') throw conflict(VERSION_START_MESSAGES.failed(found.version));
  return {
    kind: 'hub',
    version: { id: found.id, hash: found.version, simulator: simulator.name, dataset: found.dataset },
  };
}
