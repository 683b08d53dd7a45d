import { buildPath, endpoints } from '@proctor/contracts';
import { tokenStore } from '../../api';

/**
 * Closes an environment as its page goes away (unmount, navigation, closing the tab). `navigator.sendBeacon`
 * cannot carry the bearer token the API needs, so this is a fetch with `keepalive`, which the browser
 * finishes after the page is gone. Best effort: if it is lost (an expired token, no network), the server
 * closes the environment once its heartbeats stop.
 */
export function closeEnvironmentOnLeave(environmentId: string): void {
  const accessToken = tokenStore.get()?.accessToken;
  void fetch(buildPath(endpoints.closeEnvironment.path, { id: environmentId }), {
    method: endpoints.closeEnvironment.method,
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    keepalive: true,
  }).catch(() => undefined);
}
