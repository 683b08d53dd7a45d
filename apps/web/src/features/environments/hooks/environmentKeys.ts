/** Query keys of the environment calls: the keepalive list, and each environment's state. */
export const ENVIRONMENTS_QUERY_KEY = ['environments'] as const;
export const KEEPALIVE_QUERY_KEY = [...ENVIRONMENTS_QUERY_KEY, 'keepalive'] as const;
export const environmentStateKey = (environmentId: string) =>
  [...ENVIRONMENTS_QUERY_KEY, environmentId, 'state'] as const;
