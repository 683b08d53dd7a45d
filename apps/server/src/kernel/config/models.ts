import { isIP } from 'node:net';
import { z } from 'zod';
import { listed } from './listed';

/** The language models Proctor calls (the criteria judge, the built-in agents) and what outbound calls may reach. */
export const ModelEnv = z.object({
  SCORING_LLM_URL: z.string().optional(),
  SCORING_LLM_API_KEY: z.string().optional(),
  SCORING_LLM_MODEL: z.string().optional(),
  OUTBOUND_ALLOWED_ADDRESSES: z.string().optional(),
  AGENT_LLM_URL: z.string().optional(),
  AGENT_LLM_MODEL: z.string().optional(),
  AGENT_LLM_API_KEY: z.string().optional(),
  AUTHORING_LLM_URL: z.string().optional(),
  AUTHORING_LLM_MODEL: z.string().optional(),
  AUTHORING_LLM_API_KEY: z.string().optional(),
  OPENAI_CUA_URL: z.string().optional(),
  OPENAI_CUA_API_KEY: z.string().optional(),
  OPENAI_CUA_MODEL: z.string().optional(),
  ANTHROPIC_CUA_URL: z.string().optional(),
  ANTHROPIC_CUA_API_KEY: z.string().optional(),
  ANTHROPIC_CUA_MODEL: z.string().optional(),
});

export interface ModelSettings {
  scoring: ScoringConfig;
  /** The chat model of the built-in DOM agent (AGENT_LLM_*); the agent says it is not configured without one. */
  agentLlm: ChatModelConfig | undefined;
  /** The models of the built-in computer-use agents (OPENAI_CUA_*, ANTHROPIC_CUA_*), each optional. */
  computerUse: ComputerUseConfig;
  /**
   * The model behind the authoring helpers (the recorder's Format, test case proposals, label analysis):
   * AUTHORING_LLM_*, else the criteria judge's SCORING_LLM_* (one model serves both on most installs).
   */
  authoringLlm: ChatModelConfig | undefined;
}

export function modelSettings(e: z.infer<typeof ModelEnv>): ModelSettings {
  const scoring = parseScoring(e);
  return {
    scoring,
    agentLlm: parseChatModel(e, 'AGENT_LLM'),
    computerUse: parseComputerUse(e),
    authoringLlm: parseChatModel(e, 'AUTHORING_LLM') ?? scoring.llm,
  };
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
  prefix: 'SCORING_LLM' | 'AGENT_LLM' | 'AUTHORING_LLM',
): ChatModelConfig | undefined {
  const value = prefixedSetting(env, prefix);
  const baseUrl = value('URL');
  const model = value('MODEL');
  if ((baseUrl === undefined) !== (model === undefined))
    throw new Error(`Invalid configuration: ${prefix}_URL and ${prefix}_MODEL are needed together`);
  if (baseUrl === undefined || model === undefined) return undefined;
  requireApiUrl(`${prefix}_URL`, baseUrl, 'https://api.openai.com/v1');
  return { baseUrl, apiKey: value('API_KEY'), model };
}

/** Reads `<prefix>_<name>` settings: trimmed, with a blank one counted as unset. */
function prefixedSetting(env: Partial<Record<string, unknown>>, prefix: string) {
  return (name: string): string | undefined => {
    const raw = env[`${prefix}_${name}`];
    return typeof raw === 'string' ? raw.trim() || undefined : undefined;
  };
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
    const value = prefixedSetting(env, prefix);
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
export function isCidr(entry: string): boolean {
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return range === undefined || (/^\d{1,3}$/.test(range) && Number(range) <= (version === 4 ? 32 : 128));
}
