import type { SimulatorDefinition } from '../definition';
import { bank } from './bank/index';
import { calendar } from './calendar/index';
import { chat } from './chat/index';
import { crm } from './crm/index';
import { flights } from './flights/index';
import { food } from './food/index';
import { mail } from './mail/index';
import { shop } from './shop/index';
import { stays } from './stays/index';
import { tracker } from './tracker/index';

/**
 * The simulators shipped with Proctor. Each lives in its own folder here (apps/<name>/index.ts exports its
 * definition) and is listed below; the server registers them at start, the benchmark and the registry
 * test iterate them.
 */
export const builtInSimulators: readonly SimulatorDefinition[] = [
  bank,
  calendar,
  chat,
  crm,
  flights,
  food,
  mail,
  shop,
  stays,
  tracker,
];

/**
 * A built-in simulator with one of its test cases, by their names: where a test that plays a particular task
 * (on one app of an environment holding several) starts. Throws when either is missing, naming it.
 */
export function builtInTestCase(
  simulatorName: string,
  key: string,
): { simulator: SimulatorDefinition; testCase: SimulatorDefinition['testCases'][number] } {
  const simulator = builtInSimulators.find((candidate) => candidate.name === simulatorName);
  const testCase = simulator?.testCases.find((candidate) => candidate.key === key);
  if (!simulator || !testCase) throw new Error(`No built-in test case ${simulatorName}/${key}`);
  return { simulator, testCase };
}
