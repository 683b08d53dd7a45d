import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { ROUTES } from '../../../paths';

/**
 * Starts viewing the product as another user. The server sets the view-as cookie; the whole dashboard reloads
 * at the root so that nothing cached from the admin's own view is shown as the other user's.
 */
export function useViewAs() {
  return useMutation({
    mutationFn: (email: string) => call(endpoints.viewAs, { body: { email } }),
    onSuccess: () => window.location.assign(ROUTES.home),
    onError: (error) => notify.error(errorDetail(error)),
  });
}

/** Stops viewing as another user and reloads as the admin, back on the admin screen. */
export function useStopViewAs() {
  return useMutation({
    mutationFn: () => call(endpoints.clearViewAs),
    onSuccess: () => window.location.assign(ROUTES.admin),
    onError: (error) => notify.error(errorDetail(error)),
  });
}
