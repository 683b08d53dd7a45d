import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import {
  presentRegistrySimulator,
  presentSimulatorArtifacts,
  presentSimulatorInfo,
  presentSimulatorsInfo,
  presentUnifiedVersions,
  presentVersionLog,
} from '../presenters/simulatorRegistry';
import { listVisibleSimulators } from '../repositories/simulators';
import { getRegistrySimulator, registerSimulatorVersion } from '../services/simulatorRegistry';
import { access, defineRoute } from './route';

/** The simulator version registry (Admin screen, Versions tab): platform admins only. */
export function simulatorRegistryRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.registrySimulators, access.admin, async ({ app: ctx, principal }) => {
    const rows = await listVisibleSimulators(ctx.db, viewerOf(principal));
    return { simulators: rows.map(presentRegistrySimulator) };
  });

  defineRoute(app, endpoints.simulatorsInfo, access.admin, async ({ app: ctx, principal }) =>
    presentSimulatorsInfo(ctx.db, await listVisibleSimulators(ctx.db, viewerOf(principal))),
  );

  // The hosted product's artifact lists, answered from the registry: docs/architecture.md says what each is here.
  defineRoute(app, endpoints.simulatorDockerImages, access.admin, async ({ app: ctx, principal }) => ({
    images: await presentSimulatorArtifacts(
      ctx.db,
      await listVisibleSimulators(ctx.db, viewerOf(principal)),
      'dockerImages',
    ),
  }));
  defineRoute(app, endpoints.simulatorTaskDefinitions, access.admin, async ({ app: ctx, principal }) => ({
    task_definitions: await presentSimulatorArtifacts(
      ctx.db,
      await listVisibleSimulators(ctx.db, viewerOf(principal)),
      'taskDefinitions',
    ),
  }));
  defineRoute(
    app,
    endpoints.simulatorFirecrackerSnapshots,
    access.admin,
    async ({ app: ctx, principal }) => ({
      snapshots: await presentSimulatorArtifacts(
        ctx.db,
        await listVisibleSimulators(ctx.db, viewerOf(principal)),
        'firecrackerSnapshots',
      ),
    }),
  );

  defineRoute(app, endpoints.simulatorInfo, access.admin, async ({ app: ctx, params }) =>
    presentSimulatorInfo(ctx.db, await getRegistrySimulator(ctx.db, params.name)),
  );

  defineRoute(app, endpoints.unifiedSimulatorVersions, access.admin, async ({ app: ctx, params }) =>
    presentUnifiedVersions(ctx.db, await getRegistrySimulator(ctx.db, params.name)),
  );

  defineRoute(app, endpoints.registeredSimulatorVersions, access.admin, async ({ app: ctx, params }) => {
    const unified = await presentUnifiedVersions(ctx.db, await getRegistrySimulator(ctx.db, params.name));
    return { ...unified, versions: unified.versions.filter((version) => version.has_dynamodb_entry) };
  });

  defineRoute(app, endpoints.simulatorVersionLog, access.admin, async ({ app: ctx, params }) =>
    presentVersionLog(ctx.db, await getRegistrySimulator(ctx.db, params.name), params.version),
  );

  defineRoute(app, endpoints.registerSimulatorVersion, access.admin, async ({ app: ctx, params, body }) =>
    presentUnifiedVersions(ctx.db, await registerSimulatorVersion(ctx.db, params.name, body)),
  );
}
