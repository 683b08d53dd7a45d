import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';

export type UpdateTestCaseBody = EndpointBody<typeof endpoints.updateTestCase>;

export function useUpdateTestCase() {
  return useEndpointMutation(endpoints.updateTestCase, {
    request: ({ id, body }: { id: number; body: UpdateTestCaseBody }) => ({
      params: { id: String(id) },
      body,
    }),
    invalidates: CATALOGUE_READS,
  });
}

export function useArchiveTestCase() {
  return useEndpointMutation(endpoints.archiveTestCase, {
    request: (id: number) => ({ params: { id: String(id) } }),
    invalidates: CATALOGUE_READS,
  });
}
