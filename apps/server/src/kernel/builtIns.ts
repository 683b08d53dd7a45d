import type { BuiltInSimulatorDefinition } from '@proctor/contracts';
import { builtInSimulators, prepareSimulator, toRegistration } from '@proctor/simulators';

/**
 * The simulators shipped with Proctor, as the plain data that registration stores at start. The seed data's
 * fingerprint is part of it, so a changed schema or seed records a new simulator version.
 */
export function builtInRegistrations(): BuiltInSimulatorDefinition[] {
  return builtInSimulators.map((simulator) =>
    toRegistration(simulator, prepareSimulator(simulator).dataFingerprint),
  );
}
