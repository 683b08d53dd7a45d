import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A static file held in memory: simulators are small, and serving from memory keeps instances off the disk. */
export interface StaticAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export function makeAsset(body: Buffer | string, contentType: string): StaticAsset {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: bytes, contentType, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/** Every file under `directory`, keyed by its path relative to it with forward slashes ('img/logo.svg'). */
export function loadAssetDirectory(directory: URL | string): Map<string, StaticAsset> {
  const root = typeof directory === 'string' ? directory : fileURLToPath(directory);
  const assets = new Map<string, StaticAsset>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else
        assets.set(
          relative(root, path).split(sep).join('/'),
          makeAsset(readFileSync(path), contentTypeOf(path)),
        );
    }
  };
  walk(root);
  return assets;
}

/** The kit's own client files, served to every instance under /_kit/. */
export const KIT_ASSETS: ReadonlyMap<string, StaticAsset> = loadAssetDirectory(
  new URL('./client/', import.meta.url),
);
