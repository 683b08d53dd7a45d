import { type EndpointBody, endpoints } from '@proctor/contracts';
import { errorDetail, useEndpointMutation } from '../../../api';
import { notify } from '../../../components/notify';
import { ADMIN_MESSAGES } from '../messages';

export type UserChange = EndpointBody<typeof endpoints.adminUpdateUser>;

/** Saves one change to a user at once (002 §2.3); user counts move with organizations, so both lists reload. */
export function useUpdateUser(userId: number) {
  const mutation = useEndpointMutation(endpoints.adminUpdateUser, {
    request: (body: UserChange) => ({ params: { id: userId }, body }),
    invalidates: [endpoints.adminUsers, endpoints.adminOrganizations],
  });
  return {
    ...mutation,
    save: (body: UserChange) =>
      mutation.mutate(body, {
        onSuccess: () => notify.success(ADMIN_MESSAGES.userUpdated),
        onError: (error) => notify.error(errorDetail(error), ADMIN_MESSAGES.userUpdateFailed),
      }),
  };
}
