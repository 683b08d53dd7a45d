import { HttpError } from '../kernel/http/errors';
import type { JobHandler } from '../kernel/queue/catalog';
import { type RunTaskServices, runTaskJob } from '../services/runTask';

/**
 * The run-task job, on the worker holding the task's browser session: the task done there as the API does it
 * embedded (the same agent, recording and answer). A refusal (the session ended or driven by another, a refused
 * start URL) is the result's status and detail, which the API answers as they are.
 */
export function runTaskHandler(services: RunTaskServices): JobHandler<'runTask'> {
  return {
    run: async (payload, context) => {
      try {
        const response = await runTaskJob(
          services,
          context,
          {
            owner: { organizationId: payload.organizationId, userId: payload.userId, plan: payload.plan },
            start_url: payload.startUrl,
            task: payload.task,
            response_format: payload.responseFormat,
            agent: payload.agent,
            browser_session_id: payload.browserSessionId,
          },
          payload.openedForTask,
        );
        return { response };
      } catch (error) {
        if (error instanceof HttpError) return { status: error.status, detail: error.detail };
        throw error;
      }
    },
    // The API waiting for it answers the run failed, saying why.
    failed: async () => undefined,
  };
}
