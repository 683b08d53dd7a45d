/**
 * Runs tasks one after another, each once the one before has settled (whatever its outcome): what keeps an
 * instance's requests, resets and reads from interleaving.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
