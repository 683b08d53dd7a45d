/**
 * Time as the SDK sees it: waiting for an environment and its heartbeat. The default is the real one;
 * tests pass a clock they advance by hand.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1), for the jitter of poll intervals. */
  random(): number;
  /** Runs `task` every `ms` until the returned function is called. Must not keep the process alive. */
  repeat(ms: number, task: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  repeat: (ms, task) => {
    const timer = setInterval(task, ms);
    // A forgotten close() must not hold a script open; the server closes an environment whose heartbeat stops.
    timer.unref();
    return () => clearInterval(timer);
  },
};
