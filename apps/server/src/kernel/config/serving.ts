import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/** How this process serves: where it listens, the origin people reach it at, the SPA, proxies and logs. */
export const ServingEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().optional(),
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: z.string().default('false'),
});

/** Fastify's trustProxy: whom to believe about the client's address in X-Forwarded-For. */
export type TrustProxy = boolean | string[];

export interface ServingSettings {
  port: number;
  host: string;
  /** Origin the browser uses to reach Proctor; redirects and invite links are built on it. */
  publicUrl: string;
  logLevel: string;
  production: boolean;
  /** Folder of the built SPA; when absent the server answers only /api and /docs. */
  webDist: string | undefined;
  /** Shown as the Contact us / Book a demo address; without it the dashboard offers no mail links. */
  contactEmail: string | undefined;
  /** Which proxies' X-Forwarded-For decides the client's address (request.ip). */
  trustProxy: TrustProxy;
}

export function servingSettings(e: z.infer<typeof ServingEnv>): ServingSettings {
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    production,
    webDist: e.WEB_DIST ?? (production ? resolve('apps/web/dist') : undefined),
    contactEmail: e.CONTACT_EMAIL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/** The address ranges @fastify/proxy-addr (behind Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (`10.0.0.0/8`), an IPv4 address with a netmask, or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY: `false` (the default: the client's address is the socket's and X-Forwarded-For is ignored,
 * so a client cannot choose the address the sign-in limiter counts against), `true` (believe every hop:
 * only when Proctor cannot be reached except through a proxy that sets the header), or a comma-separated
 * list of the proxies' addresses or CIDRs. A hop count is refused rather than accepted: Fastify 5 treats
 * one as "trust nobody" (it cannot tell a proxy from a client), which would silently do nothing.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text))
    throw new Error(
      "Invalid configuration: TRUST_PROXY cannot be a hop count (Fastify cannot check who sent the header); list the proxies' addresses or CIDRs instead",
    );
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0)
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be true, false or a comma-separated list of addresses or CIDRs; not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    );
  return entries;
}
