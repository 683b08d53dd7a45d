import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBlob } from '../../../api';
import { screenshotKey } from './sessionKeys';

export const SCREENSHOT_FAILED = 'Failed to fetch screenshot';

/**
 * A step's screenshot as an object URL: it is fetched with the user's token (an <img src> would carry none)
 * and the URL is revoked when the picture changes or the page closes. Screenshots never change once taken.
 */
export function useScreenshot(path: string | null) {
  const screenshot = useQuery({
    queryKey: screenshotKey(path ?? ''),
    queryFn: ({ signal }) => fetchBlob(path ?? '', { signal }),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const blob = screenshot.data ?? null;
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
    isLoading: screenshot.isPending && path !== null,
    isError: screenshot.isError,
  };
}
