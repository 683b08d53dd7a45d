import { BROWSER_SESSION } from '@proctor/contracts';

const VIEWPORT = BROWSER_SESSION.viewport;

/** The largest 1600x900-shaped width that fits a box (002 §9: remote browser views are scaled to fit). */
export function fittedWidth(box: { width: number; height: number }): number {
  if (box.height <= 0) return Math.floor(box.width);
  return Math.floor(Math.min(box.width, (box.height * VIEWPORT.width) / VIEWPORT.height));
}
