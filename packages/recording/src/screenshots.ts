import { createHash } from 'node:crypto';
import type { ScreenshotRef } from '@proctor/contracts';
import { imageSize } from './imageSize';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
/** Hex digits of the SHA-256 kept in a key: 64 bits, far from any collision within one session. */
const KEY_HASH_DIGITS = 16;

/**
 * The reference under which a screenshot is stored, keyed by a short hash of its bytes
 * ("3f2a9c0d1e4b5a67.jpg"): a screenshot several page states share (one step's after-state is often the
 * next one's before-state) is stored once. Null when the bytes are not a JPEG or PNG.
 */
export function screenshotRef(bytes: Uint8Array): ScreenshotRef | null {
  const size = imageSize(bytes);
  if (!size) return null;
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, KEY_HASH_DIGITS);
  return { key: `${hash}.${EXTENSIONS[size.mime]}`, ...size, bytes: bytes.byteLength };
}
