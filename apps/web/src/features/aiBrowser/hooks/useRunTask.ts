import { endpoints, type RunTaskRequest } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';
import { SESSION_READS } from '../../sessions';

/** Which built-in model agents can do tasks here, and why the others cannot. */
export function useRunTaskAgents() {
  return useEndpointQuery(endpoints.runTaskAvailability);
}

/**
 * A task done by a model agent (POST /api/run-task; answers once the agent has): its recorded session is new, and
 * it may be the demo's latest recording.
 */
export function useRunTask() {
  return useEndpointMutation(endpoints.runTask, {
    request: (body: RunTaskRequest) => ({ body }),
    invalidates: [...SESSION_READS, endpoints.demo],
  });
}

/** What /demo shows this user: a live browser, or the latest recorded run. */
export function useDemo() {
  return useEndpointQuery(endpoints.demo);
}
