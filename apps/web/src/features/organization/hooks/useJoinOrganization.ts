import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';

export function useJoinOrganization() {
  return useMutation({
    mutationFn: (inviteToken: string) => call(endpoints.join, { params: { code: inviteToken } }),
  });
}
