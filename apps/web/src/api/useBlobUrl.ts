import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBlob } from './client';
import { endpointQueryKey } from './endpointKeys';

/**
 * A picture of this API (a path) as an object URL: fetched with the user's token (an <img src> would carry
 * none), revoked when the picture changes or the page closes. For pictures that never change once made (step
 * screenshots, agents' drawn icons): they are never fetched again. A null path asks for nothing.
 */
export function useBlobUrl(path: string | null) {
  const query = useQuery({
    // Keyed by the address, as a read of the endpoint behind it would be.
    queryKey: endpointQueryKey({ method: 'GET', path: path ?? '' }),
    queryFn: ({ signal }) => fetchBlob(path ?? '', { signal }),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const blob = query.data ?? null;
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
  return {
    objectUrl: path === null ? null : objectUrl,
    isLoading: query.isPending && path !== null,
    isError: query.isError,
  };
}
