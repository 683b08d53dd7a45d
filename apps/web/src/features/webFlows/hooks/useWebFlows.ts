import {
  type CreateWebFlowRequest,
  endpoints,
  type RunWebFlowNodeRequest,
  type WebFlow,
} from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateEndpoints, useEndpointQuery } from '../../../api';

const FLOW_READS = [endpoints.listWebFlows, endpoints.webFlow];

/**
 * The organization's flows whose names contain `search` (all of them when it is blank), last changed first, and
 * the start URL a new flow begins with.
 */
export function useWebFlows(search: string) {
  return useEndpointQuery(endpoints.listWebFlows, {
    query: { search },
    keepPrevious: 'always',
  });
}

/** Save: a new flow is created (its id and created_at come back), a saved one has its fields replaced. */
export function useSaveWebFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: number | null; request: CreateWebFlowRequest }): Promise<WebFlow> =>
      id === null
        ? call(endpoints.createWebFlow, { body: request })
        : call(endpoints.updateWebFlow, { params: { id }, body: request }),
    onSuccess: () => invalidateEndpoints(queryClient, FLOW_READS),
  });
}

/** A page of the organization's web flow runs, newest first. */
export function useWebFlowRuns(page: number) {
  return useEndpointQuery(endpoints.webFlowRuns, { query: { page }, keepPrevious: 'always' });
}

export function useWebFlowRun(publicId: string | null) {
  return useEndpointQuery(endpoints.webFlowRun, {
    params: { publicId: publicId ?? '' },
    enabled: publicId !== null,
  });
}

/** One node on the browser session's page as it is (the builder's test tab). */
export function useRunWebFlowNode(browserSessionId: string | null) {
  return useMutation({
    mutationFn: (request: RunWebFlowNodeRequest) => {
      if (!browserSessionId) throw new Error('The browser is not ready yet');
      return call(endpoints.runWebFlowNode, { params: { publicId: browserSessionId }, body: request });
    },
  });
}
