import { CAPABILITIES, REASONING_LEVELS, type ReasoningLevel, SKILLS } from '@proctor/contracts';
import type { ExpectedMutation, JsonScalar, JsonValue } from '@proctor/scoring';
import { type SimulatorDefinition, simulatorImageDataUrl } from './definition';
import type { CrossAppTestCaseDefinition } from './testing/crossAppTestCase';
import type { TestCaseDefinition } from './testing/testCase';

/**
 * A built-in simulator as plain data, for the server to register at start without running anything of the
 * kit: the shape of `BuiltInSimulatorDefinition` in @proctor/contracts.
 */
export interface SimulatorRegistration {
  simulator: {
    name: string;
    title: string;
    description: string;
    imgUrl: string;
    version: string;
    dataFingerprint?: string;
    authentication: { user: string; password: string };
    notes: string;
    license: string;
    ignore_tables: string[];
    ignore_columns: Record<string, string[]>;
    ignore_tables_with_column_values: Record<string, Record<string, JsonScalar[]>>;
  };
  testCases: TestCaseRegistration[];
}

/** A built-in test case as plain data. */
export interface TestCaseRegistration {
  key: string;
  name: string;
  prompt: string;
  startUrl: string;
  hint: string | null;
  description?: string;
  scoringTypes: TestCaseDefinition['scoringTypes'];
  metadata: TestCaseDefinition['metadata'];
  expectedMutations?: ExpectedMutation[];
  expectedOutput?: JsonValue;
  outputSchema?: Record<string, JsonValue>;
}

/** A built-in test case across apps as plain data: the shape of `BuiltInCrossAppTestCaseDefinition`. */
export interface CrossAppTestCaseRegistration extends TestCaseRegistration {
  /** The built-in simulators it spans by name, the primary first. */
  simulators: string[];
}

function testCaseRegistration(testCase: Omit<TestCaseDefinition, 'solve' | 'wrong'>): TestCaseRegistration {
  return {
    key: testCase.key,
    name: testCase.name,
    prompt: testCase.prompt,
    startUrl: testCase.startUrl,
    hint: testCase.hint ?? null,
    ...(testCase.description ? { description: testCase.description } : {}),
    scoringTypes: testCase.scoringTypes,
    metadata: testCase.metadata,
    ...(testCase.expectedMutations ? { expectedMutations: testCase.expectedMutations } : {}),
    ...(testCase.expectedOutput !== undefined ? { expectedOutput: testCase.expectedOutput } : {}),
    ...(testCase.outputSchema ? { outputSchema: testCase.outputSchema } : {}),
  };
}

/**
 * A test case across apps for registration. Its primary app's expectations lose their tag, so the stored test case
 * reads as one written through the API does: its own simulator's changes untagged, the other apps' tagged.
 */
export function toCrossAppRegistration(testCase: CrossAppTestCaseDefinition): CrossAppTestCaseRegistration {
  const [primary] = testCase.simulators;
  const registration = testCaseRegistration(testCase);
  return {
    ...registration,
    ...(registration.expectedMutations
      ? {
          expectedMutations: registration.expectedMutations.map(({ simulator, ...expected }) =>
            simulator === primary ? expected : { ...expected, simulator },
          ),
        }
      : {}),
    simulators: [...testCase.simulators],
  };
}

export function toRegistration(
  simulator: SimulatorDefinition,
  dataFingerprint?: string,
): SimulatorRegistration {
  return {
    simulator: {
      name: simulator.name,
      title: simulator.title,
      description: simulator.description,
      imgUrl: simulatorImageDataUrl(simulator),
      version: simulator.version,
      ...(dataFingerprint ? { dataFingerprint } : {}),
      authentication: { user: simulator.auth.user, password: simulator.auth.password },
      notes: simulator.notes,
      license: simulator.license,
      ...simulator.config,
    },
    testCases: simulator.testCases.map(testCaseRegistration),
  };
}

export interface VocabularyCoverage {
  missingReasoningLevels: ReasoningLevel[];
  missingSkills: string[];
  missingCapabilities: string[];
}

/** Which reasoning levels, skills and capabilities (001 §3) no test case covers yet. */
export function vocabularyCoverage(testCases: readonly TestCaseDefinition[]): VocabularyCoverage {
  const levels = new Set(testCases.map((t) => t.metadata.reasoning_level));
  const skills = new Set(testCases.flatMap((t) => t.metadata.skills));
  const capabilities = new Set(testCases.flatMap((t) => t.metadata.capabilities));
  return {
    missingReasoningLevels: (Object.keys(REASONING_LEVELS) as ReasoningLevel[]).filter((l) => !levels.has(l)),
    missingSkills: SKILLS.filter((s) => !skills.has(s)),
    missingCapabilities: CAPABILITIES.filter((c) => !capabilities.has(c)),
  };
}
