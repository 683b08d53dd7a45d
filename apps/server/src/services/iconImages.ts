import { createHash } from 'node:crypto';
import { badRequest } from '../kernel/http/errors';
import {
  guardedRequest,
  OutboundError,
  type OutboundGuardOptions,
  type OutboundResponse,
} from '../kernel/outbound/outboundGuard';
import type { BlobStore } from '../kernel/storage/blobs';

/**
 * Images people name by URL (an agent's icon, a dataset's icon, a simulator's image), fetched once through the
 * outbound guard and kept, so that Proctor serves them from its own origin and a reviewer's browser never calls
 * the other site (the dashboard's CSP allows no other image origin).
 */

/** At most this many bytes, within this time (redirects included). */
export const ICON_MAX_BYTES = 512 * 1024;
export const ICON_FETCH_TIMEOUT_MS = 10_000;
export const ICON_IMAGE_MESSAGES = {
  notAnImage: (contentType: string) =>
    `The icon URL must answer a PNG, JPEG, GIF, WebP or ICO image; it answered ${contentType || 'no content type'}`,
  notThatImage: (contentType: string) =>
    `The icon URL answered ${contentType}, but what it sent is not such an image`,
} as const;

/**
 * The image types an icon may be fetched as, each known by how its bytes begin (the answer's content type is
 * checked too). SVG is not among them: served from Proctor's origin and opened directly, it could run script.
 */
const ICON_IMAGES = [
  { type: 'image/png', extension: 'png', magic: [[0, '\x89PNG\r\n\x1a\n']] },
  { type: 'image/jpeg', extension: 'jpg', magic: [[0, '\xff\xd8\xff']] },
  { type: 'image/gif', extension: 'gif', magic: [[0, 'GIF8']] },
  {
    type: 'image/webp',
    extension: 'webp',
    magic: [
      [0, 'RIFF'],
      [8, 'WEBP'],
    ],
  },
  { type: 'image/x-icon', extension: 'ico', magic: [[0, '\x00\x00\x01\x00']] },
] as const;
/** Other names servers give these types. */
const CONTENT_TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

export interface IconImage {
  bytes: Buffer;
  type: string;
  extension: string;
}

/** The image an answer is, when its content type names one of ours and its bytes begin as that type does. */
function iconImageOf(bytes: Buffer, contentType: string): Omit<IconImage, 'bytes'> {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  const image = ICON_IMAGES.find(
    (candidate) => candidate.type === (CONTENT_TYPE_ALIASES[declared] ?? declared),
  );
  if (!image) throw badRequest(ICON_IMAGE_MESSAGES.notAnImage(contentType));
  const starts = image.magic.every(([at, text]) =>
    bytes.subarray(at, at + text.length).equals(Buffer.from(text, 'latin1')),
  );
  if (!starts) throw badRequest(ICON_IMAGE_MESSAGES.notThatImage(declared));
  return { type: image.type, extension: image.extension };
}

/** The content type a kept image is served with, from the extension its blob key ends in. */
export function iconImageType(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return ICON_IMAGES.find((image) => image.extension === extension)?.type ?? 'image/png';
}

/**
 * Fetches an icon URL once, through the outbound guard (private addresses refused, on every redirect), within
 * ICON_FETCH_TIMEOUT_MS and ICON_MAX_BYTES unless given less; 400 with the reason when it gives no image of ours.
 */
export async function fetchIconImage(
  url: string,
  guard: OutboundGuardOptions,
  limits: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<IconImage> {
  let response: OutboundResponse;
  try {
    response = await guardedRequest(
      url,
      { headers: { accept: ICON_IMAGES.map((image) => image.type).join(', ') } },
      {
        ...guard,
        timeoutMs: limits.timeoutMs ?? ICON_FETCH_TIMEOUT_MS,
        maxResponseBytes: limits.maxBytes ?? ICON_MAX_BYTES,
      },
    );
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`The icon could not be fetched: ${error.message}`);
    throw error;
  }
  if (response.status < 200 || response.status > 299)
    throw badRequest(`The icon could not be fetched: ${url} answered HTTP ${response.status}`);
  return { bytes: response.body, ...iconImageOf(response.body, response.headers['content-type'] ?? '') };
}

/** Where kept images are served (GET /api/images/{name}): named by their content's hash, so a path names one picture for good. */
export const KEPT_IMAGE_PATH = '/api/images/';
const KEPT_IMAGE_NAME = new RegExp(
  `^[0-9a-f]{64}\\.(${ICON_IMAGES.map((image) => image.extension).join('|')})$`,
);

/** The blob key of a kept image's name, or null for a name no kept image can have. */
export const keptImageKey = (name: string) => (KEPT_IMAGE_NAME.test(name) ? `images/${name}` : null);

/** Fetches an image URL once (fetchIconImage's rules) and keeps it by content; the path Proctor serves it at. */
export async function keepIconImage(
  url: string,
  deps: { blobs: BlobStore; guard: OutboundGuardOptions },
): Promise<string> {
  const image = await fetchIconImage(url, deps.guard);
  const name = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.extension}`;
  await deps.blobs.put(`images/${name}`, image.bytes);
  return `${KEPT_IMAGE_PATH}${name}`;
}
