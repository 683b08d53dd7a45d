/** A CDP answer that did not come in time. */
export class TimeoutError extends Error {}

/**
 * `work`, or a TimeoutError after `ms`. Chromium can leave a command to a page unanswered (one sent while the
 * page swaps documents), so nothing the recorder waits for on a page waits without a limit. The command itself
 * stays pending on the connection until it closes.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(message)), Math.max(0, ms));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
