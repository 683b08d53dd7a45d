import { type CreateOrganizationRequest, endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';
import { useSetUser } from '../../auth';

/** Creates the user's organization; the answer is the updated user, which replaces the cached one. */
export function useCreateOrganization() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: CreateOrganizationRequest) => call(endpoints.createOrganization, { body }),
    onSuccess: setUser,
  });
}
