import { useLocalStorage } from '@mantine/hooks';
import type { User } from '@proctor/contracts';
import { useSignedInUser } from '../../auth';

/** Kept in the browser, so the choice holds on every page and in every tab (000 §2.5). */
const ADMIN_VIEW_STORAGE_KEY = 'proctor.admin_view';

/**
 * Who has the Admin View switch: account admins (000 §2.5), and platform admins who annotate (000 §2.4
 * gives them the toggle on the sessions list; the same choice holds here).
 */
export function mayUseAdminView(user: Pick<User, 'permissions' | 'organization'>): boolean {
  return (
    user.permissions.is_account_admin ||
    (user.permissions.is_admin && user.organization?.isAnnotator === true)
  );
}

/** The query that asks the server for admin view; left out when off (the server's default). */
export const adminViewQuery = (adminView: boolean): { admin_view?: 'true' } =>
  adminView ? { admin_view: 'true' } : {};

/**
 * The signed-in user's Admin View switch. Until they choose, platform admins start in admin view (000 §2.4)
 * and everyone else out of it; without the switch it is always off.
 */
export function useAdminView(): {
  available: boolean;
  adminView: boolean;
  setAdminView: (on: boolean) => void;
} {
  const user = useSignedInUser();
  const available = mayUseAdminView(user);
  const [chosen, setChosen] = useLocalStorage<boolean | null>({
    key: ADMIN_VIEW_STORAGE_KEY,
    defaultValue: null,
    // Read at once: a first render without the choice would fetch the session twice.
    getInitialValueInEffect: false,
    serialize: String,
    deserialize: (value) => (value === 'true' ? true : value === 'false' ? false : null),
  });
  return {
    available,
    adminView: available && (chosen ?? user.permissions.is_admin),
    setAdminView: setChosen,
  };
}
