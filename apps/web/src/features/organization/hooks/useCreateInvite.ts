import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';

/** Creates an invite; the link is this dashboard's origin plus the path the server returns. */
export function useCreateInvite() {
  return useMutation({
    mutationFn: async () => {
      const invite = await call(endpoints.inviteCreate);
      return { url: `${window.location.origin}${invite.invite_path}`, expiresAt: invite.expires_at };
    },
  });
}
