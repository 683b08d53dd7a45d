import { useBlobUrl } from '../../../api';

export const SCREENSHOT_FAILED = 'Failed to fetch screenshot';

/** A step's screenshot as an object URL, with whether it is loading or failed. */
export function useScreenshot(path: string | null) {
  return useBlobUrl(path);
}
