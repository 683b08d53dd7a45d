import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { ENVIRONMENT_ERRORS, EnvironmentStartError } from '../readiness';
import { KEEPALIVE_QUERY_KEY } from './environmentKeys';

export type MakeEnvironmentBody = EndpointBody<typeof endpoints.makeEnvironment>;

/**
 * POST /api/env/make2. An environment that could not start is answered (201) with status failed; that is
 * a failure here too, with the reason its status gives. A keepalive environment joins the /public-urls list.
 */
export function useMakeEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MakeEnvironmentBody) => {
      const created = await call(endpoints.makeEnvironment, { body });
      if (created.status === 'failed') {
        const { status, error } = await call(endpoints.environmentStatus, { params: { id: created.id } });
        throw new EnvironmentStartError(ENVIRONMENT_ERRORS.jobStatus(status), error ?? undefined);
      }
      return created;
    },
    onSettled: (_created, _error, body) => {
      if (body.keepalive) void queryClient.invalidateQueries({ queryKey: KEEPALIVE_QUERY_KEY });
    },
  });
}
