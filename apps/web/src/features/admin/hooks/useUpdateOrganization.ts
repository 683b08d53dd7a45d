import { type EndpointBody, endpoints } from '@proctor/contracts';
import { errorDetail, useEndpointMutation } from '../../../api';
import { notify } from '../../../components/notify';
import { ADMIN_MESSAGES } from '../messages';

export type OrganizationChange = EndpointBody<typeof endpoints.adminUpdateOrganization>;

export function useUpdateOrganization(organizationId: number) {
  const mutation = useEndpointMutation(endpoints.adminUpdateOrganization, {
    request: (body: OrganizationChange) => ({ params: { id: organizationId }, body }),
    invalidates: [endpoints.adminOrganizations],
  });
  return {
    ...mutation,
    save: (body: OrganizationChange, onSaved?: () => void) =>
      mutation.mutate(body, {
        onSuccess: () => {
          notify.success(ADMIN_MESSAGES.organizationUpdated);
          onSaved?.();
        },
        onError: (error) => notify.error(errorDetail(error), ADMIN_MESSAGES.organizationUpdateFailed),
      }),
  };
}
