import { type AgentArtifact, BUILT_IN_AGENTS, DEFAULT_AGENT_EMOJI, isIconUrl } from '@proctor/contracts';

/**
 * Where an agent's picture comes from (001 §5): an http(s) image URL; the PNG the server rendered from its
 * emoji, at a path of this API (fetched with the user's token, which an <img src> would not send); or, without
 * either, a built-in agent's own emoji, else the emoji of its type.
 */
export type AgentIconSource =
  | { kind: 'url'; url: string }
  | { kind: 'api'; path: string }
  | { kind: 'emoji'; emoji: string };

export function agentIconSource(
  data: Pick<AgentArtifact['data'], 'type' | 'img_url'> & Partial<Pick<AgentArtifact['data'], 'builtin'>>,
): AgentIconSource {
  const image = data.img_url;
  if (image?.startsWith('/api/')) return { kind: 'api', path: image };
  if (image && isIconUrl(image)) return { kind: 'url', url: image };
  if (data.type === 'builtin' && data.builtin)
    return { kind: 'emoji', emoji: BUILT_IN_AGENTS[data.builtin].emoji };
  return { kind: 'emoji', emoji: DEFAULT_AGENT_EMOJI[data.type] };
}
