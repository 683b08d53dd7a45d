/**
 * The per-instance virtual clock, so the same actions give the same mutations: a writing request advances it by
 * `clock.stepMs` the first time it reads the time, reads and other code never advance it (the rule: "Determinism
 * rules" in the package README). Reset and backup save and restore the instant, like the database.
 */

export interface ClockState {
  readonly nowMs: number;
}

export interface ClockSettings {
  /** ISO 8601 instant the simulated world starts at, e.g. '2026-03-02T09:00:00.000Z'. */
  readonly start: string;
  /** How far one state-changing request moves time; 60 000 ms (one minute) by default. */
  readonly stepMs?: number;
}

export const DEFAULT_CLOCK_STEP_MS = 60_000;

export class SimulatorClock {
  readonly stepMs: number;
  #nowMs: number;
  /** A state-changing request is running and has not read the time yet. */
  #tickPending = false;

  constructor(settings: ClockSettings) {
    const start = Date.parse(settings.start);
    if (Number.isNaN(start)) throw new RangeError(`clock.start is not an ISO date: ${settings.start}`);
    this.#nowMs = start;
    this.stepMs = settings.stepMs ?? DEFAULT_CLOCK_STEP_MS;
  }

  /** Milliseconds since the Unix epoch, virtual. */
  nowMs(): number {
    if (this.#tickPending) {
      this.#tickPending = false;
      this.#nowMs += this.stepMs;
    }
    return this.#nowMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** `now()` as an ISO string, the format of `action_timestamp`. */
  iso(): string {
    return this.now().toISOString();
  }

  /** Called by the request pipeline around every handler. */
  beginRequest(stateChanging: boolean): void {
    this.#tickPending = stateChanging;
  }

  endRequest(): void {
    this.#tickPending = false;
  }

  state(): ClockState {
    return { nowMs: this.#nowMs };
  }

  restore(state: ClockState): void {
    this.#nowMs = state.nowMs;
    this.#tickPending = false;
  }
}
