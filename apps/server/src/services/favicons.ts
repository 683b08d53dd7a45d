import { createHash } from 'node:crypto';
import { badRequest, HttpError } from '../kernel/http/errors';
import {
  guardedRequest,
  OutboundError,
  type OutboundGuardOptions,
  type OutboundResponse,
} from '../kernel/outbound/outboundGuard';
import type { BlobStore } from '../kernel/storage/blobs';
import { fetchIconImage } from './iconImages';

/**
 * A site's icon by its domain (the Sites column, test case lists): the icon its home page declares or its
 * /favicon.ico, fetched through the outbound guard and kept in the blob store, or a drawn letter when it has
 * none we may fetch. Never a third-party favicon service, which would learn every site Proctor's users test.
 */

export const FAVICON_MAX_BYTES = 100 * 1024;
/** Per attempt (https, then http): a site that does not answer soon gets its letter. */
export const FAVICON_FETCH_TIMEOUT_MS = 5000;
export const FAVICON_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A site without an icon is asked again sooner: it may have been down. */
export const FAVICON_MISS_KEPT_MS = 24 * 60 * 60 * 1000;
export const FAVICON_MESSAGES = {
  missing: 'Give the site as domain, e.g. ?domain=example.com',
  invalid: (domain: string) =>
    `Not a domain: ${JSON.stringify(domain.slice(0, 100))}; give a host name, optionally with a port`,
} as const;

/** Enough of a home page for its head, where icons are declared. */
const HOME_PAGE_MAX_BYTES = 512 * 1024;
const LINK_TAG = /<link\b[^>]*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

/** The absolute http(s) URL of the first `<link rel="icon" href>` of a page, or null. */
export function declaredIconUrl(html: string, pageUrl: string): string | null {
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const rel = tag.match(ATTRIBUTE('rel'));
    const href = tag.match(ATTRIBUTE('href'));
    const rels = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? '').toLowerCase().split(/\s+/);
    const target = (href?.[1] ?? href?.[2] ?? href?.[3])?.replaceAll('&amp;', '&');
    if (!rels.includes('icon') || !target || !URL.canParse(target, pageUrl)) continue;
    const url = new URL(target, pageUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  }
  return null;
}

export interface Favicon {
  type: string;
  bytes: Buffer;
}

/** What the blob store keeps per host: the icon, or that there was none, and when it was looked for. */
interface KeptFavicon {
  fetchedAt: number;
  type: string | null;
  base64: string | null;
}

/** The host (and port) a `domain` names, lower case; 400 for anything else (paths, credentials, spaces). */
export function faviconHost(domain: string | undefined): string {
  if (!domain) throw badRequest(FAVICON_MESSAGES.missing);
  const host = domain.toLowerCase();
  if (host.length > 260 || !URL.canParse(`https://${host}`))
    throw badRequest(FAVICON_MESSAGES.invalid(domain));
  const url = new URL(`https://${host}`);
  if (url.host !== host || !url.hostname) throw badRequest(FAVICON_MESSAGES.invalid(domain));
  return host;
}

/** A square with the domain's first letter (without "www."), its colour from the name. */
export function letterIcon(host: string): Favicon {
  const name = host.replace(/^www\./, '');
  // Only a letter or digit is drawn: nothing from the request reaches the SVG's markup.
  const letter = (name.match(/[a-z0-9]/)?.[0] ?? '?').toUpperCase();
  const hue = Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 4), 16) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="hsl(${hue}, 55%, 42%)"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="600" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return { type: 'image/svg+xml', bytes: Buffer.from(svg) };
}

export class FaviconService {
  /** Look-ups under way, so that a page showing one site many times fetches its icon once. */
  readonly #pending = new Map<string, Promise<Favicon>>();

  constructor(private readonly deps: { blobs: BlobStore; guard: OutboundGuardOptions; now?: () => number }) {}

  /** The icon of the host `faviconHost` gave: kept, fetched, or its letter. */
  favicon(host: string): Promise<Favicon> {
    const pending = this.#pending.get(host);
    if (pending) return pending;
    const lookup = this.#lookUp(host).finally(() => this.#pending.delete(host));
    this.#pending.set(host, lookup);
    return lookup;
  }

  async #lookUp(host: string): Promise<Favicon> {
    const now = this.deps.now?.() ?? Date.now();
    const key = `favicons/${createHash('sha256').update(host).digest('hex')}.json`;
    const kept = await this.deps.blobs.get(key);
    if (kept) {
      const entry = JSON.parse(kept.toString('utf8')) as KeptFavicon;
      const keptFor = entry.type ? FAVICON_KEPT_MS : FAVICON_MISS_KEPT_MS;
      if (now - entry.fetchedAt < keptFor)
        return entry.type && entry.base64
          ? { type: entry.type, bytes: Buffer.from(entry.base64, 'base64') }
          : letterIcon(host);
    }
    const icon = await this.#fetch(host);
    const entry: KeptFavicon = {
      fetchedAt: now,
      type: icon?.type ?? null,
      base64: icon ? icon.bytes.toString('base64') : null,
    };
    await this.deps.blobs.put(key, Buffer.from(JSON.stringify(entry)));
    return icon ?? letterIcon(host);
  }

  /**
   * The icon the site's home page declares (`<link rel="icon">`), else its /favicon.ico; over https, else http.
   * A scheme whose home page cannot be reached at all is not asked for its icon either. Null when nothing gives
   * an image the guard lets through.
   */
  async #fetch(host: string): Promise<Favicon | null> {
    for (const scheme of ['https', 'http']) {
      let page: OutboundResponse;
      try {
        page = await guardedRequest(
          `${scheme}://${host}/`,
          { headers: { accept: 'text/html' } },
          { ...this.deps.guard, timeoutMs: FAVICON_FETCH_TIMEOUT_MS, maxResponseBytes: HOME_PAGE_MAX_BYTES },
        );
      } catch (error) {
        if (error instanceof OutboundError) continue;
        throw error;
      }
      const declared = page.headers['content-type']?.includes('html')
        ? declaredIconUrl(page.body.toString('utf8'), page.url)
        : null;
      for (const url of [declared, `${scheme}://${host}/favicon.ico`]) {
        if (!url) continue;
        try {
          const image = await fetchIconImage(url, this.deps.guard, {
            maxBytes: FAVICON_MAX_BYTES,
            timeoutMs: FAVICON_FETCH_TIMEOUT_MS,
          });
          return { type: image.type, bytes: image.bytes };
        } catch (error) {
          // fetchIconImage's 400s say why this one is no icon (refused, too large, not an image): try the next.
          if (!(error instanceof HttpError)) throw error;
        }
      }
      return null;
    }
    return null;
  }
}
