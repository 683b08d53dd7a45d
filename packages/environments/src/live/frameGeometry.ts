import type { LiveFrameMetadata } from '@proctor/contracts';

/** A frame's pixel size and what Chromium said about it: enough to map a viewer's point into the page. */
export interface FrameGeometry {
  width: number;
  height: number;
  metadata: LiveFrameMetadata;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * A point in frame pixels (the JPEG a viewer drew) as `Input.dispatchMouseEvent` wants it: CSS pixels of the
 * main frame's viewport. The frame shows the device screen (`deviceWidth` × `deviceHeight` DIP) scaled to the
 * JPEG's size; Chromium multiplies input coordinates by the page scale factor (pinch zoom) before it hit
 * tests them against that screen, so they are divided by it here. `offsetTop` is space above the frame on a
 * device with top controls, not part of the image, so image coordinates need no shift for it. Points
 * outside the frame are clamped to its edge: a drag that leaves the canvas ends at the page's border.
 */
export function frameToViewport(point: Point, geometry: FrameGeometry): Point {
  const { width, height, metadata } = geometry;
  const x = clamp(point.x, 0, width);
  const y = clamp(point.y, 0, height);
  return {
    x: (x * metadata.deviceWidth) / width / metadata.pageScaleFactor,
    y: (y * metadata.deviceHeight) / height / metadata.pageScaleFactor,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Pixel size of a baseline or progressive JPEG, read from its start-of-frame segment, or undefined when the
 * bytes are not a JPEG. Chromium scales frames to fit maxWidth × maxHeight, so the size is not known upfront.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    // SOF0..SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      const width = (bytes[offset + 7]! << 8) | bytes[offset + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    offset += 2 + length;
  }
  return undefined;
}
