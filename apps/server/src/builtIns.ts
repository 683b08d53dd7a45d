import type { BuiltInSimulatorDefinition } from '@proctor/contracts';
import { builtInSimulators, toRegistration } from '@proctor/simulators';

/** The simulators shipped with Proctor, as the plain data that registration stores at start. */
export function builtInRegistrations(): BuiltInSimulatorDefinition[] {
  return builtInSimulators.map((simulator) => toRegistration(simulator));
}
