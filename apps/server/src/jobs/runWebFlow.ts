import { HttpError } from '../kernel/http/errors';
import { type JobHandler, PermanentJobError } from '../kernel/queue/catalog';
import { findOwnWebFlow } from '../services/webFlows/flows';
import { runWebFlowJob, type WebFlowServices } from '../services/webFlows/run';

/**
 * The webflow.run job, on the worker holding the browser session: the flow run on the session's page as the API
 * runs it embedded (the same run row, the same events, as the job's progress). A refusal (the flow or the session
 * gone, another driver) fails the job at once.
 */
export function runWebFlowHandler(services: WebFlowServices): JobHandler<'runWebFlow'> {
  return {
    run: async (payload, context) => {
      try {
        const flow = await findOwnWebFlow(services.db, payload.organizationId, payload.flowId);
        await runWebFlowJob(services, context, {
          organizationId: payload.organizationId,
          flow,
          browserSessionId: payload.browserSessionId,
          parameters: payload.parameters,
        });
      } catch (error) {
        if (error instanceof HttpError) throw new PermanentJobError(error.detail);
        throw error;
      }
    },
    // The run's row, once it has one, says why it ended.
    failed: async () => undefined,
  };
}
