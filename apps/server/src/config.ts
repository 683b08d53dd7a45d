import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Proctor reads. The README's configuration table lists the same ones;
 * keep the two in step.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  REGISTRATION_OPEN: z.enum(['true', 'false']).default('true'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: z.string().default('false'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  BROWSER_POOL_SIZE: z.coerce.number().int().min(0).max(64).default(2),
  MAX_ENVIRONMENTS: z.coerce.number().int().min(1).max(1000).optional(),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

/**
 * How many environments run at once unless MAX_ENVIRONMENTS says otherwise. Each is a Chromium (about
 * 180–320 MiB) and a simulator instance, and on a small machine CPU runs out before memory does: one per
 * 3 GiB of memory, and at most four per core, so that an extra environment is refused (503) rather than
 * slowing every running one down.
 */
export function defaultMaxEnvironments(totalMemoryBytes: number, cores: number): number {
  const byMemory = Math.floor(totalMemoryBytes / (3 * 1024 ** 3));
  return Math.max(1, Math.min(byMemory, 4 * cores));
}

/** Fastify's trustProxy: whom to believe about the client's address in X-Forwarded-For. */
export type TrustProxy = boolean | string[];

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

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  audience: string | undefined;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Origin the browser uses to reach Proctor; redirects and invite links are built on it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  production: boolean;
  registrationOpen: boolean;
  oidc: OidcConfig | undefined;
  /** Folder of the built SPA; when absent the server answers only /api and /docs. */
  webDist: string | undefined;
  /** Shown as the Contact us / Book a demo address; without it the dashboard offers no mail links. */
  contactEmail: string | undefined;
  /** Which proxies' X-Forwarded-For decides the client's address (request.ip). */
  trustProxy: TrustProxy;
  environments: {
    chromiumPath: string;
    /** Browsers launched ahead of demand; 0 launches each one when an environment asks. */
    poolSize: number;
    maxEnvironments: number;
    /** Port of the server that serves simulator instances (0: any free one). */
    simulatorPort: number;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID)
    throw new Error('Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID');
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    production,
    registrationOpen: e.REGISTRATION_OPEN === 'true',
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID as string,
          clientSecret: e.OIDC_CLIENT_SECRET,
          audience: e.OIDC_AUDIENCE,
        }
      : undefined,
    webDist: e.WEB_DIST ?? (production ? resolve('apps/web/dist') : undefined),
    contactEmail: e.CONTACT_EMAIL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    environments: {
      chromiumPath: e.CHROMIUM_PATH,
      poolSize: e.BROWSER_POOL_SIZE,
      maxEnvironments: e.MAX_ENVIRONMENTS ?? defaultMaxEnvironments(totalmem(), availableParallelism()),
      simulatorPort: e.SIMULATOR_PORT,
    },
  };
}
