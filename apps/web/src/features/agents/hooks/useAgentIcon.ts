import { useBlobUrl } from '../../../api';

/** An agent picture the server rendered (a path of this API) as an object URL (null until it has loaded). */
export function useAgentIcon(path: string | null) {
  return useBlobUrl(path).objectUrl;
}
