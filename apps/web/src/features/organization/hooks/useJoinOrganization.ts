import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';

export function useJoinOrganization() {
  return useEndpointMutation(endpoints.join, {
    request: (inviteToken: string) => ({ params: { code: inviteToken } }),
  });
}
