import { LAYOUT, type MakeEnvironmentOptions } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { JsonValue } from '@proctor/scoring';
import type { SimulatorDefinition, SimulatorInstance } from '@proctor/simulators';
import type { RunDriver } from '../agents/types';
import { logToSession, setSessionStatus } from '../repositories/sessions';
import { findSimulator, latestSimulatorVersion } from '../repositories/simulators';
import type { EnvironmentAdmission } from './admission';
import type { EnvironmentEnding } from './ending';
import type { EnvironmentLauncher, ExtraSimulator } from './launcher';
import { appInstance, startUrlOn } from './live';
import { MultiSimulatorInstance } from './multiInstance';
import { type QueuedRun, RunRefusedError, RunSetupError } from './queuedRun';
import type { EnvironmentRegistry } from './registry';

export interface RunExecutorParts {
  db: Database;
  admission: EnvironmentAdmission;
  launcher: EnvironmentLauncher;
  registry: EnvironmentRegistry;
  ending: EnvironmentEnding;
  definition: (simulatorName: string) => SimulatorDefinition | undefined;
  /** Why this machine cannot launch browsers; undefined when it can. */
  unavailableReason: () => string | undefined;
}

export interface RunLimits {
  /** The job's signal: shutdown, or its time limit. */
  job: AbortSignal;
  agentTimeLimitMs: number;
}

/**
 * The other simulators of a test case across apps, each in the run's environment beside its own (as make2's
 * extra_env_ids), so that no caller treats such a run specially. A simulator deleted since is dropped.
 */
async function extraSimulatorsOf(parts: RunExecutorParts, run: QueuedRun): Promise<ExtraSimulator[]> {
  const extras: ExtraSimulator[] = [];
  for (const id of run.testCase.extraSimulatorIds) {
    const simulator = await findSimulator(parts.db, id);
    if (!simulator) continue;
    const definition = parts.definition(simulator.name);
    if (!definition || simulator.simType === 'proxy')
      throw new RunRefusedError(
        `Simulator "${simulator.name}" cannot run beside "${run.simulator.name}": only built-in app simulators run together`,
      );
    extras.push({ simulator, definition, version: (await latestSimulatorVersion(parts.db, id)) ?? null });
  }
  return extras;
}

/**
 * Runs a queued run in an environment of its own once a slot is free, the agent (`drive`) driving it, and
 * ends it as a close does (docs/architecture.md, "Running a queued run": what fails the agent, what fails the run).
 */
export async function runQueued(
  parts: RunExecutorParts,
  run: QueuedRun,
  drive: RunDriver,
  limits: RunLimits,
) {
  const { db, registry, ending } = parts;
  const definition = parts.definition(run.simulator.name);
  if (!definition)
    throw new RunRefusedError(
      `Simulator "${run.simulator.name}" cannot be run here: only the built-in app simulators run in this version`,
    );
  const extras = await extraSimulatorsOf(parts, run);
  const unavailable = parts.unavailableReason();
  if (unavailable !== undefined) throw new RunSetupError(unavailable);
  // Queued runs start the code this install ships: their agents (the reference scripts among them) drive its
  // instance in this process (docs/architecture.md, "Simulator versions").
  const version = await latestSimulatorVersion(db, run.simulator.id);
  const slot = await parts.admission.wait(run.owner.organizationId, run.plan, limits.job);
  const launched = await parts.launcher.launch(
    slot,
    run.owner,
    run.simulator,
    definition,
    {
      keepalive: false,
      open_page_on_start: false,
      interface_width: LAYOUT.keepaliveInterface.width,
      interface_height: LAYOUT.keepaliveInterface.height,
      source: 'run',
    } as MakeEnvironmentOptions,
    { id: run.sessionId, publicId: run.sessionPublicId, testCase: run.testCase },
    { version: version ?? null, extras },
  );
  const environment = registry.byId(launched.id)!;
  const ended = () => !registry.holds(environment);
  const stopOnJobAbort = () =>
    void ending.end(
      environment,
      'failed',
      `The run was stopped: ${String(limits.job.reason?.message ?? limits.job.reason)}`,
    );
  limits.job.addEventListener('abort', stopOnJobAbort, { once: true });
  try {
    const startUrl = startUrlOn(environment, run.testCase.startUrl || '/');
    await environment.recording;
    await environment.page.navigate(startUrl);
    await setSessionStatus(db, run.sessionId, 'run_setup_completed');
    let output: JsonValue | undefined;
    // The agent's time counts from here: waiting for a slot and setting up are not its doing.
    const agentSignal = AbortSignal.any([limits.job, AbortSignal.timeout(limits.agentTimeLimitMs)]);
    try {
      output = await drive({
        wsEndpoint: environment.browser.wsEndpoint,
        // Queued runs start built-in simulators only (their definitions above): the first is the run's own.
        instance: (environment.instance instanceof MultiSimulatorInstance
          ? environment.instance.parts[0]!.instance
          : appInstance(environment)) as SimulatorInstance,
        origins:
          environment.instance instanceof MultiSimulatorInstance
            ? environment.instance.origins
            : [environment.instance.origin],
        definition,
        testCase: run.testCase,
        sessionPublicId: run.sessionPublicId,
        signal: agentSignal,
      });
    } catch (error) {
      if (ended()) return;
      const timedOut = agentSignal.aborted && !limits.job.aborted;
      await logToSession(db, run.sessionId, {
        type: timedOut ? 'agent_timed_out' : 'agent_failed',
        message: timedOut
          ? `The agent did not finish in time: ${String((agentSignal.reason as Error)?.message ?? '')}`
          : `The agent failed: ${(error as Error).message}`,
      });
    }
    if (ended()) return;
    // Writes the last click started are in before the instance is read.
    await environment.instance.exclusive(() => undefined);
    await ending.end(environment, 'closed', 'The run ended', output);
  } catch (error) {
    await ending.end(environment, 'failed', `The run failed: ${(error as Error).message}`);
  } finally {
    limits.job.removeEventListener('abort', stopOnJobAbort);
  }
}
