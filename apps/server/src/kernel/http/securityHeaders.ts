import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';

/** Pages of the dashboard that its own pages embed in an iframe: the builder's remote browser (/viewer). */
export const SAME_ORIGIN_FRAMED_PAGES = new Set(['/viewer']);

/** Lets this answer be framed by Proctor's own pages, still by no other site. */
export function allowSameOriginFraming(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * Headers on everything Proctor serves. Scripts from its own origin only; images from its own origin, data: and
 * blob: only, media (a session's video, read with the caller's token) from blob: and its own origin, so no page
 * makes a reviewer's browser call out (docs/architecture.md, "Security headers").
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
        mediaSrc: ["'self'", 'blob:'],
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
