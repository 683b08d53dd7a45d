import type { SessionDetailResponse } from '@proctor/contracts';

/**
 * The app (simulator name) an address of the session's environment is on: the environment serves each of its
 * simulators on `<environment id>.<simulator>.<host>`. Null for any other address (another site, a refused one).
 */
export function appOfUrl(url: string, environmentId: string | null): string | null {
  if (!environmentId) return null;
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const [id, app] = hostname.split('.');
  return id === environmentId.toLowerCase() && app ? app : null;
}

/**
 * Whether the session page names the app of each step and mutation: only for a session of several apps (make2's
 * extra_env_ids), told by its mutations (each names its app there) or by steps on two of its apps; a one-app
 * session's page looks as before.
 */
export function namesApps(
  detail: Pick<SessionDetailResponse, 'session' | 'snapshot' | 'state_mutations'>,
): boolean {
  if (detail.state_mutations.some((mutation) => mutation.simulator !== undefined)) return true;
  const environmentId = detail.session.job?.jobGroupId ?? null;
  const apps = new Set<string>();
  for (const step of detail.snapshot.snapshots) {
    for (const state of [step.before_state, step.after_state]) {
      const app = state ? appOfUrl(state.current_url, environmentId) : null;
      if (app) apps.add(app);
    }
  }
  return apps.size > 1;
}
