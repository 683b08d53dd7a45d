import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBlob } from '../../../api';
import { agentIconKey } from './agentKeys';

/**
 * An agent picture the server rendered (a path of this API) as an object URL: fetched with the user's token,
 * revoked when the picture changes or the page closes. A rendered picture never changes.
 */
export function useAgentIcon(path: string | null) {
  const icon = useQuery({
    queryKey: agentIconKey(path ?? ''),
    queryFn: ({ signal }) => fetchBlob(path ?? '', { signal }),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const blob = icon.data ?? null;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return path === null ? null : objectUrl;
}
