import { availableParallelism, totalmem } from 'node:os';
import { DEFAULT_CHROMIUM_PATH } from '@proctor/environments';
import { z } from 'zod';
import { isCidr } from './models';

/** How many environments and agents run at once on this machine, and what each may use. */
export const EnvironmentEnv = z.object({
  CHROMIUM_PATH: z.string().default(DEFAULT_CHROMIUM_PATH),
  BROWSER_POOL_SIZE: z.coerce.number().int().min(0).max(64).default(2),
  MAX_ENVIRONMENTS: z.coerce.number().int().min(1).max(1000).optional(),
  MAX_ENVIRONMENTS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(1000).optional(),
  KEEPALIVE_MAX_MINUTES: z.coerce.number().int().min(1).max(525_600).default(480),
  ENVIRONMENT_MEMORY_LIMIT_MB: z.coerce.number().int().min(256).max(1_048_576).default(1536),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  AGENT_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).max(1_048_576).default(2048),
  PROXY_RECORD_ALLOWED_ADDRESSES: z.string().optional(),
  BROWSER_SESSION_ALLOWED_ADDRESSES: z.string().optional(),
  DEMO_START_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_FLOW_START_URL: z.url({ protocol: /^https?$/ }).optional(),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
});

export interface EnvironmentSettings {
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
  /** The git container agents' sandbox: the memory of all of an agent's processes together. */
  agentSandbox: { memoryLimitBytes: number };
  /**
   * Non-public addresses or CIDRs a proxy simulator may record all the same (a site on this machine or the
   * LAN); apart from OUTBOUND_ALLOWED_ADDRESSES, so allowing a site to be recorded opens nothing else to it.
   */
  proxyRecording: { allowedAddresses: string[] };
  /**
   * Non-public addresses or CIDRs the browser sessions' open web may reach all the same (a site on this machine
   * or the LAN); apart from the other lists, and never Proctor's own sockets.
   */
  browserSessions: {
    allowedAddresses: string[];
    /** Where /demo's live browser opens (DEMO_START_URL); null: on a blank page, the user types where. */
    demoStartUrl: string | null;
    /** The start URL a new web flow has (WEB_FLOW_START_URL); null: none, its author types one. */
    webFlowStartUrl: string | null;
  };
  /** The ffmpeg that makes sessions' videos (FFMPEG_PATH: a path, or a name looked up on PATH). */
  sessionVideo: { ffmpegPath: string };
}

export function environmentSettings(e: z.infer<typeof EnvironmentEnv>): EnvironmentSettings {
  const maxEnvironments = e.MAX_ENVIRONMENTS ?? defaultMaxEnvironments(totalmem(), availableParallelism());
  return {
    environments: {
      chromiumPath: e.CHROMIUM_PATH,
      poolSize: e.BROWSER_POOL_SIZE,
      maxEnvironments,
      maxPerOrganization: e.MAX_ENVIRONMENTS_PER_ORGANIZATION ?? Math.ceil(maxEnvironments / 2),
      keepaliveMaxMinutes: e.KEEPALIVE_MAX_MINUTES,
      memoryLimitMb: e.ENVIRONMENT_MEMORY_LIMIT_MB,
      simulatorPort: e.SIMULATOR_PORT,
    },
    agentSandbox: { memoryLimitBytes: e.AGENT_MEMORY_LIMIT_MB * 1024 ** 2 },
    proxyRecording: {
      allowedAddresses: addressList('PROXY_RECORD_ALLOWED_ADDRESSES', e.PROXY_RECORD_ALLOWED_ADDRESSES),
    },
    browserSessions: {
      allowedAddresses: addressList('BROWSER_SESSION_ALLOWED_ADDRESSES', e.BROWSER_SESSION_ALLOWED_ADDRESSES),
      demoStartUrl: e.DEMO_START_URL ?? null,
      webFlowStartUrl: e.WEB_FLOW_START_URL ?? null,
    },
    sessionVideo: { ffmpegPath: e.FFMPEG_PATH },
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

/** A list of allowed addresses (PROXY_RECORD_…, BROWSER_SESSION_…): comma-separated addresses or CIDRs; anything else refuses to start. */
function addressList(name: string, setting: string | undefined): string[] {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isCidr(entry));
  if (invalid.length > 0)
    throw new Error(
      `Invalid configuration: ${name} must be a comma-separated list of addresses or CIDRs; not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    );
  return entries;
}
