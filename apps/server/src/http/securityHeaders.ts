import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Headers on everything Proctor serves: the dashboard, its assets, /docs and /api.
 *
 * - The dashboard is a single-page app built by Vite: module scripts from its own origin only, no inline
 *   script. Mantine writes its CSS variables into <style> elements and Swagger UI sets style attributes, so
 *   styles allow 'unsafe-inline' (styles cannot run code; scripts stay locked down).
 * - Images: its own origin, data: and blob: only, so no page makes a reviewer's browser call out: icons given
 *   as URLs are fetched once through the outbound guard and served by Proctor. Replays render recorded DOM, so
 *   a recorded page's images from other sites stay blank there; that is intended.
 * - connect-src names the WebSocket origin of PUBLIC_URL explicitly: the live view connects there, and not
 *   every browser reads 'self' as covering ws:.
 * - frame-ancestors 'none': nothing may frame the dashboard (clickjacking of its admin buttons).
 * - No upgrade-insecure-requests and no HSTS unless PUBLIC_URL is https: a self-hosted install on plain
 *   http (localhost, a lab network) must keep loading its own assets.
 */
export function securityHeaders(publicUrl: string): FastifyHelmetOptions {
  const origin = new URL(publicUrl);
  const secure = origin.protocol === 'https:';
  const socketOrigin = `${secure ? 'wss' : 'ws'}://${origin.host}`;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // Tokens in a live-view URL must not leak through the Referer either; no-referrer covers it.
    xFrameOptions: { action: 'deny' },
  };
}
