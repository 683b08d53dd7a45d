import type { SimType, Simulator, SimulatorConfig } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Viewer } from '../kernel/access/viewer';
import { listSimulatorVersions, type SimulatorRow } from '../repositories/simulators';
import { listTestCaseSessionCounts } from '../repositories/testCaseFigures';

/** Config keys only platform admins see (001 §3, §6). */
const ADMIN_ONLY_CONFIG_KEYS = ['notes', 'assigned_user_id'] as const;

export function configFor(viewer: Viewer, config: SimulatorConfig): SimulatorConfig {
  const shown: SimulatorConfig = { status: 'not_started', ...config };
  if (!viewer.isAdmin) for (const key of ADMIN_ONLY_CONFIG_KEYS) delete shown[key];
  return shown;
}

interface TestCaseFigures {
  testCount: number;
  withScoringConfig: number;
  breakdown: Record<string, number>;
}

/**
 * Per simulator, over the test cases the viewer can see (the same list its pages show): how many,
 * how many have a scoring config, and how many have n sessions for each n.
 */
async function testCaseFigures(db: Database, viewer: Viewer, simulatorIds: number[]) {
  const figures = new Map<number, TestCaseFigures>();
  for (const row of await listTestCaseSessionCounts(db, viewer, simulatorIds)) {
    if (row.simulatorId === null) continue;
    const entry = figures.get(row.simulatorId) ?? { testCount: 0, withScoringConfig: 0, breakdown: {} };
    entry.testCount += 1;
    if (row.hasScoringConfig) entry.withScoringConfig += 1;
    const key = String(row.sessionCount);
    entry.breakdown[key] = (entry.breakdown[key] ?? 0) + 1;
    figures.set(row.simulatorId, entry);
  }
  return figures;
}

export async function presentSimulators(
  db: Database,
  viewer: Viewer,
  rows: SimulatorRow[],
): Promise<Simulator[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [figures, versions] = await Promise.all([
    testCaseFigures(db, viewer, ids),
    listSimulatorVersions(db, ids, { shippedOnly: true }),
  ]);
  return rows.map((row) => {
    const figure = figures.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      url: row.url,
      imgUrl: row.imgUrl,
      enabled: row.enabled,
      jobName: row.jobName,
      internalAppPort: row.internalAppPort,
      simType: row.simType as SimType,
      builtIn: row.builtIn,
      config: configFor(viewer, row.config),
      test_count: figure?.testCount ?? 0,
      test_count_with_scoring_configs: figure?.withScoringConfig ?? 0,
      num_sessions_breakdown: figure?.breakdown ?? {},
      versions: versions
        .filter((version) => version.simulatorId === row.id)
        .map((version) => ({
          version: version.version,
          tag: version.tag,
          description: version.description,
          publishedDate: version.publishedAt.toISOString(),
        })),
    };
  });
}

export async function presentSimulator(db: Database, viewer: Viewer, row: SimulatorRow): Promise<Simulator> {
  const [simulator] = await presentSimulators(db, viewer, [row]);
  return simulator!;
}
