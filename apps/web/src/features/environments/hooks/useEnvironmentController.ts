import {
  type EvaluateEnvironmentResponse,
  endpoints,
  type MakeEnvironmentResponse,
  type ResetEnvironmentResponse,
  type TestCase,
  TIMING,
} from '@proctor/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorDetail, useInvalidateEndpoints } from '../../../api';
import { notify } from '../../../components/notify';
import { closeEnvironmentOnLeave } from '../closeOnLeave';
import { browserClock, ENVIRONMENT_ERRORS, EnvironmentStartError, waitUntilRunning } from '../readiness';
import { ENVIRONMENT_READS } from './environmentReads';

/**
 * The environment controller's states (000 §4.2): idle, creating, waiting, ready, error; closing returns to
 * idle. Loading a task and resetting are steps of a ready environment that the screen covers with an overlay.
 */
export type EnvironmentPhase =
  | 'idle'
  | 'creating'
  | 'waiting'
  | 'loading'
  | 'loadingNext'
  | 'resetting'
  | 'ready'
  | 'closing'
  | 'error';

/** The overlay over the live view in each busy state (000 §2.8). */
export const ENVIRONMENT_OVERLAYS: Partial<Record<EnvironmentPhase, string>> = {
  creating: 'Creating environment',
  waiting: 'Waiting for environment',
  loading: 'Loading Task',
  loadingNext: 'Loading Next Task',
  resetting: 'Resetting Environment',
  closing: 'Exiting Environment',
};

export const ENVIRONMENT_ACTION_ERRORS = {
  reset: 'Failed to reset environment',
  close: 'Failed to close environment',
  fetchState: 'Failed to fetch environment state',
  evaluate: 'Failed to evaluate environment',
} as const;

export interface ActiveEnvironment {
  id: string;
  simulatorName: string;
  /** The live view page's address (with its token); null until the environment is ready. */
  liveViewUrl: string | null;
  /** What the last reset opened; null until the first. */
  task: ResetEnvironmentResponse | null;
  /** The test case of the current session; null for free play. */
  testCase: TestCase | null;
}

export interface EnvironmentStartRequest {
  simulatorName: string;
  testCase: TestCase | null;
  /** Who asked, kept on the session ('playground', 'recorder'). */
  source: string;
  envConfig?: Record<string, unknown>;
  interfaceSize?: { width: number; height: number };
  /**
   * Starting over in a new environment (the recorder's Retry): the old one's closing shows as resetting,
   * and the person gets the reset's pause before acting.
   */
  restart?: boolean;
}

export interface EnvironmentFailure {
  message: string;
  detail?: string;
}

function resetBody(testCase: TestCase | null, source: string) {
  // Without a test case the server opens the simulator's start page: the default test of 000 §4.2.
  return testCase ? { test_case_public_id: testCase.publicId, source } : { source };
}

function closeQuietly(environmentId: string): Promise<void> {
  return call(endpoints.closeEnvironment, { params: { id: environmentId } }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * One live environment driven from a screen: create, wait until ready, load the task, heartbeat while the
 * screen is open, reset, evaluate and close. Leaving the screen (unmount, closing the tab) closes the
 * environment.
 */
export function useEnvironmentController() {
  const invalidate = useInvalidateEndpoints();
  const [phase, setPhase] = useState<EnvironmentPhase>('idle');
  const [environment, setEnvironment] = useState<ActiveEnvironment | null>(null);
  const [failure, setFailure] = useState<EnvironmentFailure | null>(null);
  const [evaluation, setEvaluation] = useState<EvaluateEnvironmentResponse | null>(null);
  /** The environment this screen holds open, read by the leave handlers outside React's state. */
  const held = useRef<string | null>(null);
  const starting = useRef<AbortController | null>(null);

  useEffect(() => {
    const leave = () => {
      if (held.current) closeEnvironmentOnLeave(held.current);
      held.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      starting.current?.abort();
      leave();
    };
  }, []);

  const environmentId = environment?.id ?? null;
  useEffect(() => {
    if (!environmentId) return;
    // From creation on, not only once ready: the server closes an environment two minutes after the last.
    const timer = setInterval(() => {
      void call(endpoints.environmentHeartbeat, { params: { id: environmentId } }).catch(() => undefined);
    }, TIMING.heartbeatMs);
    return () => clearInterval(timer);
  }, [environmentId]);

  const start = useCallback(async (request: EnvironmentStartRequest): Promise<void> => {
    starting.current?.abort();
    const abandon = new AbortController();
    starting.current = abandon;
    const { signal } = abandon;
    const previous = held.current;
    held.current = null;
    setEnvironment(null);
    setFailure(null);
    setEvaluation(null);
    setPhase(request.restart ? 'resetting' : 'creating');
    if (previous) await closeQuietly(previous);
    if (request.restart) setPhase('creating');

    let createdId: string | null = null;
    /** Whether the leave handlers know of it (they close it); until then this start must. */
    let heldHere = false;
    try {
      let created: MakeEnvironmentResponse;
      try {
        created = await call(endpoints.makeEnvironment, {
          body: {
            env_id: request.simulatorName,
            // A test case across apps runs in an environment holding each of its simulators.
            ...(request.testCase?.extraSimulators.length && {
              extra_env_ids: request.testCase.extraSimulators.map((simulator) => simulator.name),
            }),
            source: request.source,
            env_config: request.envConfig,
            interface_width: request.interfaceSize?.width,
            interface_height: request.interfaceSize?.height,
          },
        });
      } catch (error) {
        throw new EnvironmentStartError(ENVIRONMENT_ERRORS.createFailed, errorDetail(error));
      }
      createdId = created.id;
      if (signal.aborted) throw new DOMException('Abandoned', 'AbortError');
      held.current = created.id;
      heldHere = true;
      const active: ActiveEnvironment = {
        id: created.id,
        simulatorName: request.simulatorName,
        liveViewUrl: null,
        task: null,
        testCase: request.testCase,
      };
      setEnvironment(active);

      setPhase('waiting');
      await waitUntilRunning(
        () => call(endpoints.environmentStatus, { params: { id: created.id }, signal }),
        browserClock,
        signal,
      );

      setPhase('loading');
      let task: ResetEnvironmentResponse;
      try {
        task = await call(endpoints.resetEnvironment, {
          params: { id: created.id },
          body: resetBody(request.testCase, request.source),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new EnvironmentStartError(ENVIRONMENT_ERRORS.initializeFailed(errorDetail(error)));
      }

      let worker: { ready: boolean; error?: string };
      try {
        worker = await call(endpoints.environmentWorkerReady, { params: { id: created.id }, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new EnvironmentStartError(ENVIRONMENT_ERRORS.healthCheckFailed(errorDetail(error)));
      }
      if (!worker.ready) throw new EnvironmentStartError(ENVIRONMENT_ERRORS.workerNotReady(worker.error));

      let liveViewUrl: string;
      try {
        liveViewUrl = (await call(endpoints.environmentState, { params: { id: created.id }, signal }))
          .live_view_url;
      } catch (error) {
        if (signal.aborted) throw error;
        throw new EnvironmentStartError(ENVIRONMENT_ACTION_ERRORS.fetchState, errorDetail(error));
      }
      setEnvironment({ ...active, task, liveViewUrl });
      if (request.restart) await browserClock.sleep(TIMING.resetPauseMs);
      setPhase('ready');
    } catch (error) {
      if (signal.aborted) {
        // The screen went away or another start replaced this one: nothing may stay open behind it.
        if (createdId && !heldHere) closeEnvironmentOnLeave(createdId);
        return;
      }
      if (createdId) {
        held.current = null;
        void closeQuietly(createdId);
      }
      setEnvironment(null);
      setFailure(
        error instanceof EnvironmentStartError
          ? { message: error.message, detail: error.detail }
          : { message: ENVIRONMENT_ERRORS.createFailed, detail: errorDetail(error) },
      );
      setPhase('error');
    } finally {
      if (starting.current === abandon) starting.current = null;
    }
  }, []);

  /**
   * Resets to the test case (or free play): 'loading' for another task, 'loadingNext' for the next one of a
   * queue, 'resetting' to start over.
   */
  const reset = useCallback(
    async (
      testCase: TestCase | null,
      step: 'loading' | 'loadingNext' | 'resetting',
      source: string,
    ): Promise<void> => {
      if (!environment) return;
      setPhase(step);
      setEvaluation(null);
      try {
        const task = await call(endpoints.resetEnvironment, {
          params: { id: environment.id },
          body: resetBody(testCase, source),
        });
        setEnvironment((current) =>
          current?.id === environment.id ? { ...current, task, testCase } : current,
        );
        void invalidate(ENVIRONMENT_READS);
        // Let the page settle before the person acts on it (000 §9).
        if (step === 'resetting') await browserClock.sleep(TIMING.resetPauseMs);
      } catch (error) {
        notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.reset);
      }
      setPhase('ready');
    },
    [environment, invalidate],
  );

  /**
   * Judges the run so far (with the output, when given) without ending it; the server keeps the output on the
   * session. Null when it could not (said in a notification).
   */
  const evaluate = useCallback(
    async (output?: unknown): Promise<EvaluateEnvironmentResponse | null> => {
      if (!environment) return null;
      try {
        const result = await call(endpoints.evaluateEnvironment, {
          params: { id: environment.id },
          body: { output },
        });
        setEvaluation(result);
        return result;
      } catch (error) {
        notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.evaluate);
        return null;
      }
    },
    [environment],
  );

  /**
   * Ends the run: evaluates the session when it has a test case (with the output, when given), then closes
   * the environment. The evaluation stays to be shown after the environment is gone.
   */
  const end = useCallback(
    async (output?: unknown): Promise<void> => {
      if (!environment) return;
      setPhase('closing');
      if (environment.testCase) {
        try {
          setEvaluation(
            await call(endpoints.evaluateEnvironment, { params: { id: environment.id }, body: { output } }),
          );
        } catch (error) {
          notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.evaluate);
        }
      }
      try {
        await call(endpoints.closeEnvironment, { params: { id: environment.id } });
      } catch (error) {
        // Its heartbeats stop with this screen's hold on it, so the server closes it shortly in any case.
        notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.close);
      }
      held.current = null;
      setEnvironment(null);
      setPhase('idle');
    },
    [environment],
  );

  return { phase, environment, failure, evaluation, start, reset, evaluate, end };
}
