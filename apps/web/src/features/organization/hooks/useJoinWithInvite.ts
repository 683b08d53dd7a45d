import { TIMING } from '@proctor/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { pendingInvite, useReloadUser } from '../../auth';
import { useJoinOrganization } from './useJoinOrganization';

export const RELOAD_AFTER_JOIN_FAILED =
  'Joined organization but failed to reload user data. Please refresh the page.';

/**
 * Joins with an invite (000 §2.11, §4.2): success reloads the user and goes to /organization after
 * TIMING.joinDelayMs, long enough to read the confirmation; an expired invite (410) goes to the Invite
 * Expired dialog; anything else home.
 */
export function useJoinWithInvite(inviteToken: string): void {
  const navigate = useNavigate();
  const join = useJoinOrganization().mutateAsync;
  const reloadUser = useReloadUser();
  const started = useRef(false);

  useEffect(() => {
    const run = async () => {
      try {
        const joined = await join(inviteToken);
        pendingInvite.clear();
        notify.success(`You joined ${joined.organization_name}`);
        try {
          await reloadUser();
        } catch {
          notify.error(RELOAD_AFTER_JOIN_FAILED);
        }
        await new Promise((resolve) => setTimeout(resolve, TIMING.joinDelayMs));
        navigate(paths.organization, { replace: true });
      } catch (error) {
        pendingInvite.clear();
        if (isApiError(error) && error.status === 410) {
          navigate(paths.joinOrganization({ inviteExpired: true }), { replace: true });
          return;
        }
        notify.error(`Failed to process: ${errorDetail(error)}`);
        navigate(paths.home, { replace: true });
      }
    };
    // An invite is spent once: a re-run of the effect (StrictMode) must not join again.
    if (started.current) return;
    started.current = true;
    void run();
  }, [inviteToken, join, reloadUser, navigate]);
}
