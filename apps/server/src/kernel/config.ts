import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_CHROMIUM_PATH } from '@proctor/environments';
import { z } from 'zod';
import { blobKeyProblem } from './storage/blobs';
import type { S3Addressing, S3BlobStoreOptions } from './storage/s3BlobStore';

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
  CHROMIUM_PATH: z.string().default(DEFAULT_CHROMIUM_PATH),
  BROWSER_POOL_SIZE: z.coerce.number().int().min(0).max(64).default(2),
  MAX_ENVIRONMENTS: z.coerce.number().int().min(1).max(1000).optional(),
  MAX_ENVIRONMENTS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(1000).optional(),
  KEEPALIVE_MAX_MINUTES: z.coerce.number().int().min(1).max(525_600).default(480),
  ENVIRONMENT_MEMORY_LIMIT_MB: z.coerce.number().int().min(256).max(1_048_576).default(1536),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BLOB_STORE_URL: z.string().optional(),
  BLOB_STORE_ACCESS_KEY_ID: z.string().optional(),
  BLOB_STORE_SECRET_ACCESS_KEY: z.string().optional(),
  BLOB_STORE_REGION: z.string().optional(),
  BLOB_STORE_PREFIX: z.string().optional(),
  BLOB_STORE_ADDRESSING: z.string().optional(),
  SCORING_LLM_URL: z.string().optional(),
  SCORING_LLM_API_KEY: z.string().optional(),
  SCORING_LLM_MODEL: z.string().optional(),
  OUTBOUND_ALLOWED_ADDRESSES: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/)
    .default('proctor'),
  JOBS_IN_SERVER: z.enum(['true', 'false']).default('true'),
  JOB_STALL_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  WORKER_ID: z.string().min(1).max(200).optional(),
  WORKER_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'WORKER_URL must be an http(s) origin, e.g. http://10.0.0.5:4100')
    .optional()
    .or(z.literal('')),
  WORKER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  AGENT_LLM_URL: z.string().optional(),
  AGENT_LLM_MODEL: z.string().optional(),
  AGENT_LLM_API_KEY: z.string().optional(),
  AGENT_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).max(1_048_576).default(2048),
  OPENAI_CUA_URL: z.string().optional(),
  OPENAI_CUA_API_KEY: z.string().optional(),
  OPENAI_CUA_MODEL: z.string().optional(),
  ANTHROPIC_CUA_URL: z.string().optional(),
  ANTHROPIC_CUA_API_KEY: z.string().optional(),
  ANTHROPIC_CUA_MODEL: z.string().optional(),
});

/** The settings that only mean something with BLOB_STORE_URL; the first three are needed together. */
const BLOB_STORE_REQUIRED = [
  'BLOB_STORE_URL',
  'BLOB_STORE_ACCESS_KEY_ID',
  'BLOB_STORE_SECRET_ACCESS_KEY',
] as const;
const BLOB_STORE_OPTIONAL = ['BLOB_STORE_REGION', 'BLOB_STORE_PREFIX', 'BLOB_STORE_ADDRESSING'] as const;
type BlobStoreSetting = (typeof BLOB_STORE_REQUIRED)[number] | (typeof BLOB_STORE_OPTIONAL)[number];
const S3_ADDRESSING: readonly S3Addressing[] = ['path', 'virtual-hosted'];
/** S3's bucket names, loosened to the upper case and underscores that older buckets and other services allow. */
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/;

/** `A`, `A and B`, `A, B and C`. */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The S3-compatible blob store, or undefined for files under DATA_DIR/blobs. All or nothing: a URL without
 * its keys, or keys, region or prefix without a URL, is refused at start rather than quietly falling back to
 * files. BLOB_STORE_URL is the endpoint with the bucket as the last segment of its path
 * (`http://127.0.0.1:9000/proctor-blobs`). Messages name the settings, never the secret's value.
 */
export function parseBlobStore(
  env: Partial<Record<BlobStoreSetting, string>>,
): S3BlobStoreOptions | undefined {
  const value = (name: BlobStoreSetting) => env[name]?.trim() || undefined;
  const given = [...BLOB_STORE_REQUIRED, ...BLOB_STORE_OPTIONAL].filter((name) => value(name));
  if (given.length === 0) return undefined;
  const missing = BLOB_STORE_REQUIRED.filter((name) => !value(name));
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration: an S3-compatible blob store needs BLOB_STORE_URL, BLOB_STORE_ACCESS_KEY_ID and BLOB_STORE_SECRET_ACCESS_KEY together; ${listed(given)} ${given.length === 1 ? 'is' : 'are'} set but ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not (unset them all to keep blobs in files under DATA_DIR/blobs)`,
    );
  const problem = (message: string) => new Error(`Invalid configuration: ${message}`);
  let url: URL;
  try {
    url = new URL(value('BLOB_STORE_URL')!);
  } catch {
    throw problem('BLOB_STORE_URL must be a URL such as http://127.0.0.1:9000/proctor-blobs');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw problem('BLOB_STORE_URL must be http or https');
  if (url.username || url.password)
    throw problem(
      'BLOB_STORE_URL must not hold credentials; give them as BLOB_STORE_ACCESS_KEY_ID and BLOB_STORE_SECRET_ACCESS_KEY',
    );
  if (url.search || url.hash) throw problem('BLOB_STORE_URL must not have a query or a fragment');
  const segments = url.pathname.split('/').filter(Boolean);
  const bucket = segments.pop();
  if (!bucket)
    throw problem(
      'BLOB_STORE_URL must name the bucket as the last segment of its path, e.g. http://127.0.0.1:9000/proctor-blobs',
    );
  if (!BUCKET.test(bucket)) throw problem(`BLOB_STORE_URL: "${bucket}" is not a bucket name`);
  const prefix = value('BLOB_STORE_PREFIX')?.replace(/^\/+|\/+$/g, '');
  const prefixProblem = prefix ? blobKeyProblem(prefix) : null;
  if (prefixProblem) throw problem(`BLOB_STORE_PREFIX: ${prefixProblem}`);
  const addressing = value('BLOB_STORE_ADDRESSING') ?? 'path';
  if (!S3_ADDRESSING.includes(addressing as S3Addressing))
    throw problem(`BLOB_STORE_ADDRESSING must be ${S3_ADDRESSING.join(' or ')}`);
  return {
    endpoint: `${url.origin}${segments.map((segment) => `/${segment}`).join('')}`,
    bucket,
    region: value('BLOB_STORE_REGION') ?? 'us-east-1',
    accessKeyId: value('BLOB_STORE_ACCESS_KEY_ID')!,
    secretAccessKey: value('BLOB_STORE_SECRET_ACCESS_KEY')!,
    prefix: prefix || undefined,
    addressing: addressing as S3Addressing,
  };
}

/**
 * How many environments run at once unless MAX_ENVIRONMENTS says otherwise: one per 3 GiB of memory and at most
 * four per core (CPU runs out first on a small machine), so one more is refused (503) rather than slowing all.
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

/**
 * What the scorers that reach outside may use (issue 8):
 * - SCORING_LLM_URL (an OpenAI-compatible base URL with its version, `https://api.openai.com/v1`),
 *   SCORING_LLM_MODEL and, when the service wants one, SCORING_LLM_API_KEY: the criteria judge's model.
 *   Without the URL and model, criteria scoring says plainly that no language model is configured.
 * - OUTBOUND_ALLOWED_ADDRESSES: non-public addresses or CIDRs that API scorers and the model may reach all
 *   the same (a model served on this machine: `127.0.0.1`; the LAN: `10.0.0.0/8`). Everything else private,
 *   loopback or link-local is refused by the outbound guard.
 */
export interface ScoringConfig {
  llm: ChatModelConfig | undefined;
  allowedAddresses: string[];
}

export function parseScoring(
  env: Partial<
    Record<
      'SCORING_LLM_URL' | 'SCORING_LLM_API_KEY' | 'SCORING_LLM_MODEL' | 'OUTBOUND_ALLOWED_ADDRESSES',
      string
    >
  >,
): ScoringConfig {
  const value = (name: keyof typeof env) => env[name]?.trim() || undefined;
  const allowed = (value('OUTBOUND_ALLOWED_ADDRESSES') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = allowed.filter((entry) => !isCidr(entry));
  if (invalid.length > 0)
    throw new Error(
      `Invalid configuration: OUTBOUND_ALLOWED_ADDRESSES must be a comma-separated list of addresses or CIDRs; not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    );
  return { llm: parseChatModel(env, 'SCORING_LLM'), allowedAddresses: allowed };
}

export type ChatModelConfig = { baseUrl: string; apiKey: string | undefined; model: string };

/**
 * An OpenAI-compatible chat model from `<prefix>_URL` (the base URL with its version), `<prefix>_MODEL` (needed
 * with it) and `<prefix>_API_KEY` (when the service wants one); undefined when neither is set.
 */
export function parseChatModel(
  env: Partial<Record<string, unknown>>,
  prefix: 'SCORING_LLM' | 'AGENT_LLM',
): ChatModelConfig | undefined {
  const value = (name: string) => {
    const raw = env[`${prefix}_${name}`];
    return typeof raw === 'string' ? raw.trim() || undefined : undefined;
  };
  const baseUrl = value('URL');
  const model = value('MODEL');
  if ((baseUrl === undefined) !== (model === undefined))
    throw new Error(`Invalid configuration: ${prefix}_URL and ${prefix}_MODEL are needed together`);
  if (baseUrl === undefined || model === undefined) return undefined;
  requireApiUrl(`${prefix}_URL`, baseUrl, 'https://api.openai.com/v1');
  return { baseUrl, apiKey: value('API_KEY'), model };
}

function requireApiUrl(name: string, value: string, example: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid configuration: ${name} must be a URL such as ${example}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Invalid configuration: ${name} must be http or https`);
}

/**
 * The built-in computer-use agents' models, each configured by its URL (README: OPENAI_CUA_*, ANTHROPIC_CUA_*);
 * without it the agent is listed as not configured. A key or model without its URL is refused at start.
 */
export interface ComputerUseConfig {
  openai: ChatModelConfig | undefined;
  anthropic: ChatModelConfig | undefined;
}

export const COMPUTER_USE_DEFAULT_MODELS = {
  OPENAI_CUA: 'computer-use-preview',
  ANTHROPIC_CUA: 'claude-sonnet-4-5',
} as const;

const COMPUTER_USE_EXAMPLES = {
  OPENAI_CUA: 'https://api.openai.com/v1',
  ANTHROPIC_CUA: 'https://api.anthropic.com/v1',
} as const;

export function parseComputerUse(env: Partial<Record<string, unknown>>): ComputerUseConfig {
  const model = (prefix: keyof typeof COMPUTER_USE_DEFAULT_MODELS): ChatModelConfig | undefined => {
    const value = (name: string) => {
      const raw = env[`${prefix}_${name}`];
      return typeof raw === 'string' ? raw.trim() || undefined : undefined;
    };
    const baseUrl = value('URL');
    if (baseUrl === undefined) {
      const stray = ['API_KEY', 'MODEL'].filter((name) => value(name) !== undefined);
      if (stray.length > 0)
        throw new Error(
          `Invalid configuration: ${listed(stray.map((name) => `${prefix}_${name}`))} ${stray.length === 1 ? 'is' : 'are'} set but ${prefix}_URL is not (set it, e.g. ${COMPUTER_USE_EXAMPLES[prefix]}, or unset them)`,
        );
      return undefined;
    }
    requireApiUrl(`${prefix}_URL`, baseUrl, COMPUTER_USE_EXAMPLES[prefix]);
    return {
      baseUrl,
      apiKey: value('API_KEY'),
      model: value('MODEL') ?? COMPUTER_USE_DEFAULT_MODELS[prefix],
    };
  };
  return { openai: model('OPENAI_CUA'), anthropic: model('ANTHROPIC_CUA') };
}

/** An address or an address/prefix-length. */
function isCidr(entry: string): boolean {
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return range === undefined || (/^\d{1,3}$/.test(range) && Number(range) <= (version === 4 ? 32 : 128));
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
    /** Half of maxEnvironments by default: whoever asks second always finds room beside the first. */
    maxPerOrganization: number;
    keepaliveMaxMinutes: number;
    memoryLimitMb: number;
    /** Port of the server that serves simulator instances (0: any free one). */
    simulatorPort: number;
  };
  /** An S3-compatible store for recordings' bytes (BLOB_STORE_*); files under DATA_DIR/blobs when absent. */
  blobStore: S3BlobStoreOptions | undefined;
  scoring: ScoringConfig;
  /** The chat model of the built-in DOM agent (AGENT_LLM_*); the agent says it is not configured without one. */
  agentLlm: ChatModelConfig | undefined;
  /** The models of the built-in computer-use agents (OPENAI_CUA_*, ANTHROPIC_CUA_*), each optional. */
  computerUse: ComputerUseConfig;
  /** The git container agents' sandbox: the memory of all of an agent's processes together. */
  agentSandbox: { memoryLimitBytes: number };
  jobs: {
    /** BullMQ on this Redis; the in-process queue when absent. */
    redisUrl: string | undefined;
    /** Prefix of Proctor's Redis keys: servers and workers of one installation share it. */
    redisPrefix: string;
    /** Whether the server runs jobs itself (false: only `proctor worker` processes do). */
    inServer: boolean;
    /** How long a dead worker's jobs wait before another worker takes them (Redis only). */
    stallMs: number;
    /** Names this process's environments in the database, so that its next start fails what it left open. */
    workerId: string | undefined;
    /**
     * Where the servers reach this worker's environments (their live view and CDP), recorded on each; the
     * worker listens on `workerPort` (WORKER_PORT, else the URL's port) when it is set.
     */
    workerUrl: string | undefined;
    workerPort: number | undefined;
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
  const maxEnvironments = e.MAX_ENVIRONMENTS ?? defaultMaxEnvironments(totalmem(), availableParallelism());
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
      maxEnvironments,
      maxPerOrganization: e.MAX_ENVIRONMENTS_PER_ORGANIZATION ?? Math.ceil(maxEnvironments / 2),
      keepaliveMaxMinutes: e.KEEPALIVE_MAX_MINUTES,
      memoryLimitMb: e.ENVIRONMENT_MEMORY_LIMIT_MB,
      simulatorPort: e.SIMULATOR_PORT,
    },
    blobStore: parseBlobStore(e),
    scoring: parseScoring(e),
    agentLlm: parseChatModel(e, 'AGENT_LLM'),
    computerUse: parseComputerUse(e),
    agentSandbox: { memoryLimitBytes: e.AGENT_MEMORY_LIMIT_MB * 1024 ** 2 },
    jobs: {
      redisUrl: e.REDIS_URL || undefined,
      redisPrefix: e.REDIS_PREFIX,
      inServer: e.JOBS_IN_SERVER === 'true',
      stallMs: e.JOB_STALL_MS,
      workerId: e.WORKER_ID,
      workerUrl: e.WORKER_URL ? e.WORKER_URL.replace(/\/$/, '') : undefined,
      workerPort: e.WORKER_PORT,
    },
  };
}
