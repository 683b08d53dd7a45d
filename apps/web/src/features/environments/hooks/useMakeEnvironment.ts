import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, useInvalidateEndpoints } from '../../../api';
import { ENVIRONMENT_ERRORS, EnvironmentStartError } from '../readiness';

export type MakeEnvironmentBody = EndpointBody<typeof endpoints.makeEnvironment>;

/**
 * POST /api/env/make2. An environment that could not start is answered (201) with status failed; that is
 * a failure here too, with the reason its status gives. A keepalive environment joins the /public-urls list.
 */
export function useMakeEnvironment() {
  const invalidate = useInvalidateEndpoints();
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
      if (body.keepalive) void invalidate([endpoints.keepaliveJobs]);
    },
  });
}
