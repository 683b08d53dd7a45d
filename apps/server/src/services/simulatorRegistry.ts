import { REGISTER_REFUSALS, type RegisterVersionRequest, TAG_NAME_REQUIRED } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import { findVersionBuild } from '../repositories/hubBuilds';
import {
  findSimulatorVersion,
  markVersionRegistered,
  setVersionTag,
} from '../repositories/simulatorRegistry';
import { findSimulatorByName, type SimulatorRow } from '../repositories/simulators';

export const SIMULATOR_NOT_FOUND = 'Simulator not found';

export async function getRegistrySimulator(db: Database, name: string): Promise<SimulatorRow> {
  const row = await findSimulatorByName(db, name);
  if (!row) throw notFound(SIMULATOR_NOT_FOUND);
  return row;
}

/**
 * Enters a recorded version in the registry under the given tags (trimmed). A tag names one version per
 * simulator, so a tag another version held moves to this one. A version built from a hub push takes no tag
 * unless proven (409): a tag such as prod-latest is what environments start (environments/versions.ts).
 */
export async function registerSimulatorVersion(
  db: Database,
  name: string,
  request: RegisterVersionRequest,
): Promise<SimulatorRow> {
  const tags = [...new Set(request.tags.map((tag) => tag.trim()))];
  if (tags.some((tag) => tag === '')) throw badRequest(TAG_NAME_REQUIRED);
  const simulator = await getRegistrySimulator(db, name);
  await db.transaction(async (tx) => {
    const version = await findSimulatorVersion(tx, simulator.id, request.git_hash);
    if (!version) throw notFound('Version not found');
    const build = await findVersionBuild(tx, version.id);
    if (build?.status === 'building') throw conflict(REGISTER_REFUSALS.building);
    if (build?.status === 'failed') throw conflict(REGISTER_REFUSALS.failed);
    await markVersionRegistered(tx, version.id);
    for (const tag of tags)
      await setVersionTag(tx, { simulatorId: simulator.id, tag, versionId: version.id });
  });
  return simulator;
}
