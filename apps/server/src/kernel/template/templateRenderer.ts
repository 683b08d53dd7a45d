import { Worker } from 'node:worker_threads';
import {
  TEMPLATE_MAX_BYTES,
  TEMPLATE_OUTPUT_MAX_BYTES,
  TEMPLATE_RENDER_TIMEOUT_MS,
} from '@proctor/contracts';
import { badRequest, HttpError } from '../http/errors';

/**
 * Renders Liquid templates people write, in worker threads the server can stop: LiquidJS's own limits are
 * checked only between its steps, so a thread with a small heap, terminated after its wall time, is what
 * guarantees a runaway template cannot hold the server's event loop or memory.
 */

const WORKER_URL = new URL('./renderWorker.mjs', import.meta.url);

export interface TemplateLimits {
  templateBytes: number;
  outputBytes: number;
  /** Wall time from handing the template to a thread until it answers; the thread is terminated after it. */
  timeoutMs: number;
  /**
   * The thread's heap: growing past it ends the thread, not the server. One allocation far past it still
   * aborts the process (V8 treats it as fatal), which is why LiquidJS's memory limit below stays on.
   */
  heapMb: number;
  /** LiquidJS's cooperative render limit; the wall time above is the one that cannot be escaped. */
  liquidRenderLimitMs: number;
  /** LiquidJS's count of what a render's strings and ranges take (in characters), checked before allocating. */
  liquidMemoryLimit: number;
}

export const TEMPLATE_LIMITS: TemplateLimits = {
  templateBytes: TEMPLATE_MAX_BYTES,
  outputBytes: TEMPLATE_OUTPUT_MAX_BYTES,
  timeoutMs: TEMPLATE_RENDER_TIMEOUT_MS,
  heapMb: 64,
  liquidRenderLimitMs: TEMPLATE_RENDER_TIMEOUT_MS,
  // A few times the output allowed, well inside the thread's heap.
  liquidMemoryLimit: TEMPLATE_OUTPUT_MAX_BYTES * 8,
};

export const TEMPLATE_MESSAGES = {
  templateTooLarge: (limits: TemplateLimits) =>
    `The template is larger than ${Math.round(limits.templateBytes / 1024)} KB`,
  outputTooLarge: (limits: TemplateLimits) =>
    `The rendered template is larger than ${Math.round(limits.outputBytes / 1024 / 1024)} MB`,
  timedOut: (limits: TemplateLimits) => `The template took longer than ${limits.timeoutMs} ms to render`,
  outOfMemory: (limits: TemplateLimits) => `The template needs more than ${limits.heapMb} MB of memory`,
  failed: (message: string, line?: number, column?: number) =>
    line === undefined
      ? `Template error: ${message}`
      : `Template error at line ${line}, column ${column}: ${message}`,
  busy: 'Too many templates are rendering: try again in a moment',
  slowStart: 'The template renderer is slow to start: try again in a moment',
} as const;

type WorkerAnswer =
  | { outcome: 'rendered'; rendered: string }
  | { outcome: 'too_large' }
  | { outcome: 'failed'; message: string; line?: number; column?: number };

/** How long a new thread may take to load LiquidJS (a busy machine is slow to start one). */
const START_TIMEOUT_MS = 10_000;
/** Renders waiting for a thread beyond this many are refused at once (503) rather than queued for long. */
const MAX_WAITING = 16;

/**
 * A small pool of warm threads. Starting a thread and loading LiquidJS costs tens of milliseconds while a
 * render in a warm one takes well under one, and the template builder renders as people type: so threads are
 * kept and reused, and one that hit a limit is terminated and replaced when next needed.
 */
export class TemplateRenderer {
  readonly #limits: TemplateLimits;
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #waiting: (() => void)[] = [];
  #running = 0;
  #closed = false;

  constructor(options: { limits?: Partial<TemplateLimits>; threads?: number } = {}) {
    this.#limits = { ...TEMPLATE_LIMITS, ...options.limits };
    this.#size = options.threads ?? 2;
  }

  /** The rendered text; 400 {detail} for a template that is too large, wrong, too slow or too hungry. */
  async render(template: string, data: Record<string, unknown>): Promise<string> {
    if (this.#closed) throw new HttpError(503, 'The template renderer is closed');
    if (Buffer.byteLength(template) > this.#limits.templateBytes)
      throw badRequest(TEMPLATE_MESSAGES.templateTooLarge(this.#limits));
    await this.#turn();
    try {
      return await this.#renderIn(this.#idle.pop() ?? (await this.#start()), template, data);
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#idle.splice(0).map((worker) => worker.terminate()));
  }

  #turn(): Promise<void> {
    if (this.#running < this.#size) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= MAX_WAITING)
      return Promise.reject(new HttpError(503, TEMPLATE_MESSAGES.busy));
    return new Promise((resolve) =>
      this.#waiting.push(() => {
        this.#running++;
        resolve();
      }),
    );
  }

  /** A new thread, once it has loaded LiquidJS: its start-up does not count against a render's time. */
  #start(): Promise<Worker> {
    const worker = new Worker(WORKER_URL, {
      // The thread runs plain JavaScript: none of the parent's loaders (tsx), which would slow its start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.#limits.heapMb, maxYoungGenerationSizeMb: 8 },
    });
    // Idle threads do not keep the process alive; one that dies while idle leaves the pool.
    worker.unref();
    worker.on('error', () => {});
    worker.once('exit', () => {
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new HttpError(503, TEMPLATE_MESSAGES.slowStart));
      }, START_TIMEOUT_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve(worker);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('The template renderer did not start'));
      });
    });
  }

  #renderIn(worker: Worker, template: string, data: Record<string, unknown>): Promise<string> {
    const limits = this.#limits;
    return new Promise<string>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (error: Error) => {
        settle();
        void worker.terminate();
        reject(error);
      };
      const onMessage = (answer: WorkerAnswer) => {
        settle();
        if (this.#closed) void worker.terminate();
        else this.#idle.push(worker);
        if (answer.outcome === 'rendered') resolve(answer.rendered);
        else if (answer.outcome === 'too_large') reject(badRequest(TEMPLATE_MESSAGES.outputTooLarge(limits)));
        else reject(badRequest(TEMPLATE_MESSAGES.failed(answer.message, answer.line, answer.column)));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? badRequest(TEMPLATE_MESSAGES.outOfMemory(limits))
            : new Error(`The template renderer failed: ${error.message}`, { cause: error }),
        );
      const onExit = () => fail(new Error('The template renderer stopped'));
      const timer = setTimeout(() => fail(badRequest(TEMPLATE_MESSAGES.timedOut(limits))), limits.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      try {
        worker.postMessage({
          template,
          data,
          limits: {
            outputBytes: limits.outputBytes,
            parseLimit: limits.templateBytes,
            renderLimit: limits.liquidRenderLimitMs,
            memoryLimit: limits.liquidMemoryLimit,
          },
        });
      } catch (error) {
        // Data a thread cannot receive (it came from JSON, so this is a bug, not the caller's input).
        fail(error as Error);
      }
    });
  }
}
