import { type LaunchedBrowser, ProcessGroupMemory } from '@proctor/environments';

const MiB = 1024 * 1024;

/**
 * The memory an environment's browser may use (ENVIRONMENT_MEMORY_LIMIT_MB), every tab and helper process
 * counted: past it the environment is closed, so that one environment cannot take the machine's memory from
 * the others. One watcher serves every environment of the manager.
 */
export class MemoryBudget {
  readonly #memory = new ProcessGroupMemory();

  constructor(readonly limitMb: number) {}

  /** Calls `exceeded` with the reason once the browser uses more; the function returned stops watching. */
  watch(browser: LaunchedBrowser, exceeded: (reason: string) => void): () => void {
    return this.#memory.watch(browser.pid, this.limitMb * MiB, (used) =>
      exceeded(
        `The environment used more than ${this.limitMb} MiB of memory (${Math.round(used / MiB)} MiB): it was closed`,
      ),
    );
  }
}
