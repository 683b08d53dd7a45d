import { z } from 'zod';

/** Where jobs run: the queue (in process, or BullMQ on Redis) and this process's part as a worker. */
export const JobEnv = z.object({
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/)
    .default('proctor'),
  JOBS_IN_SERVER: z.enum(['true', 'false']).default('true'),
  JOB_STALL_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  WORKER_ID: z.string().min(1).max(200).optional(),
  WORKER_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'WORKER_URL must be an http(s) origin, e.g. http://10.0.0.5:4100')
    .optional()
    .or(z.literal('')),
  WORKER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  BROWSER_SESSION_WORKER_WAIT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
});

export interface JobSettings {
  jobs: {
    /** BullMQ on this Redis; the in-process queue when absent. */
    redisUrl: string | undefined;
    /** Prefix of Proctor's Redis keys: servers and workers of one installation share it. */
    redisPrefix: string;
    /** Whether the server runs jobs itself (false: only `proctor worker` processes do). */
    inServer: boolean;
    /** How long a dead worker's jobs wait before another worker takes them (Redis only). */
    stallMs: number;
    /** Names this process's environments in the database, so that its next start fails what it left open. */
    workerId: string | undefined;
    /**
     * Where the servers reach this worker's environments (their live view and CDP), recorded on each; the
     * worker listens on `workerPort` (WORKER_PORT, else the URL's port) when it is set.
     */
    workerUrl: string | undefined;
    workerPort: number | undefined;
    /**
     * Scaled out (JOBS_IN_SERVER=false): how long the server waits for a worker with a free browser to take a
     * browser session's opening before it answers 503 (a free worker takes it within milliseconds).
     */
    browserSessionWaitMs: number;
  };
}

export function jobSettings(e: z.infer<typeof JobEnv>): JobSettings {
  return {
    jobs: {
      redisUrl: e.REDIS_URL || undefined,
      redisPrefix: e.REDIS_PREFIX,
      inServer: e.JOBS_IN_SERVER === 'true',
      stallMs: e.JOB_STALL_MS,
      workerId: e.WORKER_ID,
      workerUrl: e.WORKER_URL ? e.WORKER_URL.replace(/\/$/, '') : undefined,
      workerPort: e.WORKER_PORT,
      browserSessionWaitMs: e.BROWSER_SESSION_WORKER_WAIT_MS,
    },
  };
}
