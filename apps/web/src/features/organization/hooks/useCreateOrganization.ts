import { type CreateOrganizationRequest, endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { useSetUser } from '../../auth';

/** Creates the user's organization; the answer is the updated user, which replaces the cached one. */
export function useCreateOrganization() {
  const setUser = useSetUser();
  return useEndpointMutation(endpoints.createOrganization, {
    request: (body: CreateOrganizationRequest) => ({ body }),
    onSuccess: setUser,
  });
}
