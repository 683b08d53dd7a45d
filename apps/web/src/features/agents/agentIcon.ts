import { type AgentArtifact, BUILT_IN_AGENTS, DEFAULT_AGENT_EMOJI } from '@proctor/contracts';

/**
 * Where an agent's picture comes from (001 §5): the image Proctor keeps for it (drawn from its emoji or fetched
 * from its URL when it was added), at a path of this API fetched with the user's token, which an <img src>
 * would not send; or, without one, a built-in agent's own emoji, else the emoji of its type. An outside URL
 * (agents added before icons were fetched) is not shown: the dashboard never makes the browser call out.
 */
export type AgentIconSource = { kind: 'api'; path: string } | { kind: 'emoji'; emoji: string };

export function agentIconSource(
  data: Pick<AgentArtifact['data'], 'type' | 'img_url'> & Partial<Pick<AgentArtifact['data'], 'builtin'>>,
): AgentIconSource {
  const image = data.img_url;
  if (image?.startsWith('/api/')) return { kind: 'api', path: image };
  if (data.type === 'builtin' && data.builtin)
    return { kind: 'emoji', emoji: BUILT_IN_AGENTS[data.builtin].emoji };
  return { kind: 'emoji', emoji: DEFAULT_AGENT_EMOJI[data.type] };
}
