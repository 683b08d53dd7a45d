import { createHash } from 'node:crypto';
import type {
  Access,
  AppBuilder,
  Handler,
  RouteEntry,
  RouteOptions,
  SimulatorDefinition,
} from '../definition';
import { loadAssetDirectory, type StaticAsset } from '../web/assets';
import { type HttpMethod, Router } from '../web/router';
import { SimulatorClock } from './clock';
import { Rng } from './random';
import { installMutationLog, openDatabase, type TableInfo } from './storage';

/**
 * A simulator made ready to run instances: its seed database built once and serialized, its routes compiled,
 * its assets loaded. Instances are cheap copies of `snapshot`.
 */
export interface PreparedSimulator {
  readonly definition: SimulatorDefinition;
  /** The seeded database with the log table and triggers, as `db.serialize()` bytes. */
  readonly snapshot: Buffer;
  readonly tables: readonly TableInfo[];
  readonly router: Router<RouteEntry>;
  readonly assets: ReadonlyMap<string, StaticAsset>;
  /** sha256 of the seed snapshot: changes when the schema or the seed data changes. */
  readonly dataFingerprint: string;
  /** How long building the seed took, for the benchmark. */
  readonly seedMs: number;
}

const prepared = new WeakMap<SimulatorDefinition, PreparedSimulator>();

function buildRouter(definition: SimulatorDefinition): Router<RouteEntry> {
  const router = new Router<RouteEntry>();
  const defaultAccess: Access = definition.auth.defaultAccess ?? 'signed-in';
  const add =
    (method: HttpMethod) =>
    (pattern: string, handler: Handler, options: RouteOptions = {}): void => {
      // The sign-in page must be reachable signed out, whatever the default.
      const access = pattern === definition.auth.signInPath ? 'public' : (options.access ?? defaultAccess);
      router.add(method, pattern, { method, pattern, handler, access });
    };
  const app: AppBuilder = {
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  };
  definition.routes(app);
  return router;
}

function buildSnapshot(definition: SimulatorDefinition): { snapshot: Buffer; tables: TableInfo[] } {
  const clock = new SimulatorClock(definition.clock);
  const db = openDatabase(null, () => clock.iso());
  try {
    db.exec(definition.schema);
    const seedRng = new Rng(definition.randomSeed).fork('seed');
    db.transaction(() => definition.seed({ db, rng: seedRng, now: clock.now() }))();
    const tables = installMutationLog(db);
    const violations = db.pragma('foreign_key_check') as unknown[];
    if (violations.length > 0) {
      throw new Error(`Simulator ${definition.name}: the seed breaks ${violations.length} foreign key(s)`);
    }
    db.exec('VACUUM');
    return { snapshot: db.serialize(), tables };
  } finally {
    db.close();
  }
}

/** Builds (once per definition, then cached) everything instances of a simulator share. */
export function prepareSimulator(definition: SimulatorDefinition): PreparedSimulator {
  const cached = prepared.get(definition);
  if (cached) return cached;
  const started = performance.now();
  const { snapshot, tables } = buildSnapshot(definition);
  const seedMs = performance.now() - started;
  const result: PreparedSimulator = {
    definition,
    snapshot,
    tables,
    router: buildRouter(definition),
    assets: definition.assets ? loadAssetDirectory(definition.assets) : new Map(),
    dataFingerprint: createHash('sha256').update(snapshot).digest('hex'),
    seedMs,
  };
  prepared.set(definition, result);
  return result;
}
