import type { BoundingBox } from '@proctor/contracts';

export interface Size {
  width: number;
  height: number;
}

/**
 * The acted-on element's boxes where the screenshot is drawn. Boxes are in CSS pixels of the page's
 * viewport and screenshots are taken at device scale 1, so the image's own size is the viewport's; both
 * axes scale by displayed / natural. Boxes are cut to the picture, and those left empty are dropped.
 */
export function scaleBoxes(boxes: readonly BoundingBox[], natural: Size, displayed: Size): BoundingBox[] {
  if (natural.width <= 0 || natural.height <= 0 || displayed.width <= 0 || displayed.height <= 0) return [];
  const sx = displayed.width / natural.width;
  const sy = displayed.height / natural.height;
  const scaled: BoundingBox[] = [];
  for (const box of boxes) {
    const left = Math.max(0, box.x * sx);
    const top = Math.max(0, box.y * sy);
    const right = Math.min(displayed.width, (box.x + box.width) * sx);
    const bottom = Math.min(displayed.height, (box.y + box.height) * sy);
    if (right > left && bottom > top)
      scaled.push({ x: left, y: top, width: right - left, height: bottom - top });
  }
  return scaled;
}
