import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  builtInSimulators,
  NONDETERMINISTIC_SQL,
  prepareSimulator,
  type SimulatorDefinition,
  SimulatorInstance,
  testCaseProblems,
  toRegistration,
  vocabularyCoverage,
} from '../../src/index';
import { fixtureSimulator } from '../fixture/index';

/** Issue 3: at least 15 test cases per built-in simulator, hundreds of seeded rows. */
const MIN_TEST_CASES = 15;
const MIN_SEED_ROWS = 200;

function seededRows(simulator: SimulatorDefinition): number {
  const prepared = prepareSimulator(simulator);
  const instance = new SimulatorInstance(prepared, { id: 'count', origin: 'http://count.localhost' });
  try {
    return prepared.tables.reduce(
      (sum, table) =>
        sum + (instance.db.prepare(`SELECT count(*) AS n FROM "${table.name}"`).get() as { n: number }).n,
      0,
    );
  } finally {
    instance.destroy();
  }
}

// The fixture goes through the same checks, so they are exercised before any built-in exists.
for (const simulator of [...builtInSimulators, fixtureSimulator]) {
  const builtIn = simulator !== fixtureSimulator;
  describe(`simulator ${simulator.name}`, () => {
    it('should have well-formed test cases', () => {
      expect(simulator.testCases.flatMap(testCaseProblems)).toEqual([]);
      if (builtIn) expect(simulator.testCases.length).toBeGreaterThanOrEqual(MIN_TEST_CASES);
    });

    it('should expect mutations only of tables and columns that exist', () => {
      const tables = new Map(
        prepareSimulator(simulator).tables.map((t) => [t.name, t.columns.map((c) => c.name)]),
      );
      const problems = simulator.testCases.flatMap((testCase) =>
        (testCase.expectedMutations ?? []).flatMap((expected) => {
          const columns = tables.get(expected.table_name);
          if (!columns) return [`${testCase.key}: no table ${expected.table_name}`];
          return Object.keys(expected.changes ?? {})
            .filter((column) => !columns.includes(column))
            .map((column) => `${testCase.key}: no column ${expected.table_name}.${column}`);
        }),
      );
      expect(problems).toEqual([]);
    });

    it('should build the same seed every time, with hundreds of rows', () => {
      // A copy is a new definition to the cache, so the seed is built again from scratch.
      const again = prepareSimulator({ ...simulator });
      expect(again.dataFingerprint).toBe(prepareSimulator(simulator).dataFingerprint);
      expect(seededRows(simulator)).toBeGreaterThanOrEqual(MIN_SEED_ROWS);
    });

    it('should export plain JSON data for registration', () => {
      const registration = toRegistration(simulator, prepareSimulator(simulator).dataFingerprint);
      expect(JSON.parse(JSON.stringify(registration))).toEqual(registration);
      expect(registration.simulator.imgUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(registration.testCases).toHaveLength(simulator.testCases.length);
    });
  });
}

describe('the built-in simulators', () => {
  it('should have unique names', () => {
    const names = builtInSimulators.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('should cover every reasoning level, skill and capability once all four are in', () => {
    if (builtInSimulators.length < 4) return;
    expect(vocabularyCoverage(builtInSimulators.flatMap((s) => s.testCases))).toEqual({
      missingReasoningLevels: [],
      missingSkills: [],
      missingCapabilities: [],
    });
  });
});

/** Reads of the real clock or of unseeded randomness; test-case scripts run outside the app and may use them. */
const NONDETERMINISTIC =
  /\bMath\.random\s*\(|\bDate\.now\s*\(|\bnew Date\(\s*\)|\bperformance\.now\s*\(|\bcrypto\.random/;

function appSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return appSourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !/testCases/.test(entry.name) ? [path] : [];
  });
}

describe('simulator code', () => {
  it('should read time and randomness only through the kit (ctx.now, ctx.rng, the seed rng)', () => {
    const appsDirectory = fileURLToPath(new URL('../../src/apps/', import.meta.url));
    const offenders = appSourceFiles(appsDirectory).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          NONDETERMINISTIC.test(line) || NONDETERMINISTIC_SQL.test(line)
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
