import type { BuiltInCrossAppTestCaseDefinition, BuiltInSimulatorDefinition } from '@proctor/contracts';
import {
  builtInCrossAppTestCases,
  builtInSimulators,
  prepareSimulator,
  toCrossAppRegistration,
  toRegistration,
} from '@proctor/simulators';

/**
 * The simulators shipped with Proctor, as the plain data that registration stores at start. The seed data's
 * fingerprint is part of it, so a changed schema or seed records a new simulator version.
 */
export function builtInRegistrations(): BuiltInSimulatorDefinition[] {
  return builtInSimulators.map((simulator) =>
    toRegistration(simulator, prepareSimulator(simulator).dataFingerprint),
  );
}

/** The built-in test cases across apps (issue 30), as the plain data registration stores after the simulators. */
export function builtInCrossAppRegistrations(): BuiltInCrossAppTestCaseDefinition[] {
  return builtInCrossAppTestCases.map(toCrossAppRegistration);
}

/**
 * The stored key of a built-in test case across apps, `cross-app/<key>`. No built-in simulator is called
 * cross-app, so it never meets a simulator's own `<name>/<key>`, and a key may be used by a simulator and across
 * apps alike.
 */
export const crossAppTestCaseKey = (key: string) => `${CROSS_APP_KEY_PREFIX}${key}`;
const CROSS_APP_KEY_PREFIX = 'cross-app/';

/** Whether a stored key is a built-in test case across apps' (`crossAppTestCaseKey`), defined still or not. */
export const isCrossAppTestCaseKey = (builtInKey: string | null): boolean =>
  builtInKey?.startsWith(CROSS_APP_KEY_PREFIX) ?? false;

/** The built-in test case across apps a stored key names (its scripts, its apps), if this Proctor defines it. */
export function builtInCrossAppTestCase(builtInKey: string | null) {
  if (!builtInKey || !isCrossAppTestCaseKey(builtInKey)) return undefined;
  const key = builtInKey.slice(CROSS_APP_KEY_PREFIX.length);
  return builtInCrossAppTestCases.find((testCase) => testCase.key === key);
}
