import type { Clock } from './clock.js';
import { ENVIRONMENT_TIMING } from './constants.js';
import { EnvironmentStartError, ProctorApiError, ProctorConnectionError } from './errors.js';
import type { ApiClient } from './http.js';
import { pollDelay } from './polling.js';
import type {
  BackupEnvironmentResponse,
  EnvironmentStateResponse,
  EnvironmentStatus,
  EnvironmentStatusResponse,
  EvaluateEnvironmentResponse,
  ResetEnvironmentRequest,
  ResetEnvironmentResponse,
  WorkerReadyResponse,
} from './types.js';

/** A test case by its public id, or the run described field by field. */
export type ResetTarget = string | ResetEnvironmentRequest;

export interface WaitForReadyOptions {
  /** Give up after this long (default 300000 ms). */
  timeoutMs?: number;
}

/** Called with each failed heartbeat; the SDK keeps sending them until the environment is closed. */
export type HeartbeatErrorHandler = (error: Error, environment: Environment) => void;

/** How an Environment reaches the server; made by `proctor.environments`, not by hand. */
export interface EnvironmentConnection {
  api: ApiClient;
  clock: Clock;
  onHeartbeatError: HeartbeatErrorHandler | undefined;
}

/** The environment has ended on the server: further heartbeats cannot help. */
export const ENDED: readonly EnvironmentStatus[] = ['closed', 'failed'];

/**
 * A live environment: a simulator instance with its own Chromium. While open, the SDK sends a heartbeat
 * every 30 s (the server closes an environment after two minutes without one); `close()` stops it.
 *
 * Methods resolve to the API's JSON as /docs describes it (snake_case), except `cdpUrl()` (the URL) and
 * `close()` (nothing).
 */
export class Environment {
  /** The environment's public id. */
  readonly id: string;
  readonly #connection: EnvironmentConnection;
  #sessionId: string | null;
  #stopHeartbeat: (() => void) | null = null;
  #heartbeatInFlight = false;
  #lastHeartbeatError: Error | null = null;
  #closing: Promise<void> | null = null;
  #closed = false;
  /** `make` answered running, and no `waitForReady` has used that answer yet. */
  #madeRunning: boolean;

  constructor(
    connection: EnvironmentConnection,
    environment: { id: string; sessionId: string | null; heartbeat: boolean; madeRunning?: boolean },
  ) {
    this.#connection = connection;
    this.id = environment.id;
    this.#sessionId = environment.sessionId;
    this.#madeRunning = environment.madeRunning ?? false;
    if (environment.heartbeat) {
      this.#stopHeartbeat = connection.clock.repeat(ENVIRONMENT_TIMING.heartbeatMs, () => this.#beat());
    }
  }

  /** The session the current run records into: the one made with the environment, then each reset's. */
  get sessionId(): string | null {
    return this.#sessionId;
  }

  /** Whether `close()` has succeeded. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Whether the SDK is still sending heartbeats for this environment. */
  get heartbeating(): boolean {
    return this.#stopHeartbeat !== null;
  }

  /** The last heartbeat's failure, or null when the last one went through. */
  get lastHeartbeatError(): Error | null {
    return this.#lastHeartbeatError;
  }

  async status(): Promise<EnvironmentStatusResponse> {
    return this.#connection.api.call('environmentStatus', { id: this.id });
  }

  /**
   * Resolves once the environment runs and its worker (browser and simulator instance) answers. When `make`
   * answered `running`, the first call resolves at once: the server answers so only once the browser has
   * opened the simulator's start page. Otherwise it polls the status at once, then after 500 ms doubling up
   * to 8000 ms (±25 %). An answer that says nothing (no connection, a 5xx) is waited through like
   * `starting`; a 4xx (unknown environment, a refused key) throws it at once.
   *
   * @throws EnvironmentStartError with Proctor's "Environment failed to start - …" messages.
   */
  async waitForReady(options: WaitForReadyOptions = {}): Promise<void> {
    const madeRunning = this.#madeRunning;
    this.#madeRunning = false;
    if (madeRunning && !this.#closing && !this.#closed) return;
    const { clock, api } = this.#connection;
    const deadline = clock.now() + (options.timeoutMs ?? ENVIRONMENT_TIMING.readyTimeoutMs);
    let lastError: unknown;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.status().catch((error: unknown) => {
        if (!isTransient(error)) throw error;
        lastError = error;
        return null;
      });
      if (answer?.status === 'running') break;
      if (answer && ENDED.includes(answer.status)) {
        throw new EnvironmentStartError({
          reason: 'job_status',
          environmentId: this.id,
          jobStatus: answer.status,
          jobError: answer.error,
        });
      }
      const remaining = deadline - clock.now();
      if (remaining <= 0) {
        throw new EnvironmentStartError({ reason: 'timeout', environmentId: this.id, cause: lastError });
      }
      await clock.sleep(Math.min(pollDelay(attempt, clock.random()), remaining));
    }

    let worker: WorkerReadyResponse;
    try {
      worker = await api.call('environmentWorkerReady', { id: this.id });
    } catch (error) {
      throw new EnvironmentStartError({
        reason: 'worker_health_check_failed',
        environmentId: this.id,
        cause: error,
      });
    }
    if (!worker.ready) {
      throw new EnvironmentStartError({
        reason: 'worker_not_ready',
        environmentId: this.id,
        workerError: worker.error,
      });
    }
  }

  /**
   * Resets the simulator to its seed, sends the browser to the start URL and begins a new session: of the
   * test case given (its public id, or `{ test_case_public_id }`), or of a run described by `name`,
   * `prompt` and `start_url`; with nothing, the simulator's own start page.
   */
  async reset(testCase?: ResetTarget): Promise<ResetEnvironmentResponse> {
    const body = typeof testCase === 'string' ? { test_case_public_id: testCase } : (testCase ?? {});
    const result = await this.#connection.api.call('resetEnvironment', { id: this.id, body });
    this.#sessionId = result.session_id;
    return result;
  }

  /**
   * A WebSocket URL for this environment's browser over the Chrome DevTools Protocol, for
   * `chromium.connectOverCDP(url)`. Connect within 15 minutes; a connection once made lasts.
   */
  async cdpUrl(): Promise<string> {
    const { cdp_url } = await this.#connection.api.call('environmentCdpUrl', { id: this.id });
    return cdp_url;
  }

  /** Mutations since the last reset (after the simulator's ignore filters) and the live view's address. */
  async state(): Promise<EnvironmentStateResponse> {
    return this.#connection.api.call('environmentState', { id: this.id });
  }

  /** Checks the current session against its test case: the mutations it expects and, if given, the output. */
  async evaluate(output?: unknown): Promise<EvaluateEnvironmentResponse> {
    const body = output === undefined ? {} : { output };
    return this.#connection.api.call('evaluateEnvironment', { id: this.id, body });
  }

  /** Takes a named snapshot of the simulator instance's data. */
  async backup(): Promise<BackupEnvironmentResponse> {
    return this.#connection.api.call('backupEnvironment', { id: this.id });
  }

  /** Sends one heartbeat now and answers the environment's status; the SDK sends them by itself anyway. */
  async heartbeat(): Promise<EnvironmentStatus> {
    const { status } = await this.#connection.api.call('environmentHeartbeat', { id: this.id });
    return status;
  }

  /**
   * Closes the environment and ends its session. Calling it again does nothing. Heartbeats stop even when
   * the call fails, so an environment that could not be closed now is closed by the server shortly.
   */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#stopHeartbeats();
    this.#closing ??= this.#connection.api.call('closeEnvironment', { id: this.id }).then(
      () => {
        this.#closed = true;
      },
      (error: unknown) => {
        this.#closing = null;
        throw error;
      },
    );
    return this.#closing;
  }

  #stopHeartbeats(): void {
    this.#stopHeartbeat?.();
    this.#stopHeartbeat = null;
  }

  /** One timer tick. Never throws: a failure is kept and reported, and the next tick tries again. */
  #beat(): void {
    if (this.#heartbeatInFlight) return;
    this.#heartbeatInFlight = true;
    this.heartbeat().then(
      (status) => {
        this.#heartbeatInFlight = false;
        this.#lastHeartbeatError = null;
        if (ENDED.includes(status)) this.#stopHeartbeats();
      },
      (error: unknown) => {
        this.#heartbeatInFlight = false;
        const failure = error instanceof Error ? error : new Error(String(error));
        this.#lastHeartbeatError = failure;
        // 404: gone; 409: no longer running. Either way it has ended and cannot be kept open.
        if (error instanceof ProctorApiError && (error.status === 404 || error.status === 409))
          this.#stopHeartbeats();
        this.#reportHeartbeatError(failure);
      },
    );
  }

  #reportHeartbeatError(error: Error): void {
    try {
      this.#connection.onHeartbeatError?.(error, this);
    } catch {
      // The handler's own failure must not become an unhandled rejection on a timer.
    }
  }
}

/** Failures worth waiting through: no answer, or the server (or a proxy) failing for now. */
function isTransient(error: unknown): boolean {
  if (error instanceof ProctorConnectionError) return true;
  return error instanceof ProctorApiError && (error.status >= 500 || error.status === 429);
}
