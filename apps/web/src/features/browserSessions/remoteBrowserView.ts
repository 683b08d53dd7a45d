import { BROWSER_SESSION } from '@proctor/contracts';
import { paths } from '../../paths';

/**
 * The embeddable live view of a page's browser session, without navigation (002 §2.8); `isBuilder` marks the
 * builder's.
 */
export function viewerAddress(browserSessionId: string, { isBuilder = false } = {}): string {
  const query = new URLSearchParams({ browserSessionId, hideNav: 'true' });
  if (isBuilder) query.set('isBuilder', 'true');
  return `${paths.viewer}?${query}`;
}

/** The remote page's size, which the live view scales to fit (002 §9). */
export const VIEWPORT = BROWSER_SESSION.viewport;

/** A point of the frame shown in `box`, in CSS pixels of the 1600x900 page it scales. */
export function pagePoint(
  box: { left: number; top: number; width: number; height: number },
  client: { x: number; y: number },
): { x: number; y: number } {
  const x = ((client.x - box.left) * VIEWPORT.width) / box.width;
  const y = ((client.y - box.top) * VIEWPORT.height) / box.height;
  return {
    x: Math.round(Math.min(Math.max(x, 0), VIEWPORT.width - 1)),
    y: Math.round(Math.min(Math.max(y, 0), VIEWPORT.height - 1)),
  };
}
