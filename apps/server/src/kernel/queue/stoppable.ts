/**
 * Jobs on an environment this worker holds that a server stops by job id through the worker's door (a web flow run
 * or a run-task whose caller went away), also before they start. A stop names the environment as well and stops a
 * job on that environment only: a `drive` capability for one session stops nothing on another. Bounded: a stop for a
 * job that never comes here is forgotten.
 */
const running = new Map<string, { environmentId: string; stop: AbortController; reason: string }>();
/** Stops heard before their job started: job id → environment. */
const stoppedEarly = new Map<string, string>();
const STOPPED_EARLY_KEPT = 1_000;

/** Stops the job `jobId` on the environment `environmentId` in this worker, now or when it starts. */
export function stopJobOn(environmentId: string, jobId: string): void {
  const job = running.get(jobId);
  if (job) {
    if (job.environmentId === environmentId) job.stop.abort(new Error(job.reason));
    return;
  }
  stoppedEarly.set(jobId, environmentId);
  if (stoppedEarly.size > STOPPED_EARLY_KEPT) stoppedEarly.delete(stoppedEarly.keys().next().value!);
}

/** Runs a job's work on `environmentId`, its signal aborted (with `reason`) when stopJobOn stops it. */
export async function runStoppable<T>(
  job: { jobId: string; environmentId: string; reason: string },
  work: (stopped: AbortSignal) => Promise<T>,
): Promise<T> {
  const stop = new AbortController();
  const early = stoppedEarly.get(job.jobId);
  stoppedEarly.delete(job.jobId);
  if (early === job.environmentId) stop.abort(new Error(job.reason));
  running.set(job.jobId, { environmentId: job.environmentId, stop, reason: job.reason });
  try {
    return await work(stop.signal);
  } finally {
    running.delete(job.jobId);
  }
}
