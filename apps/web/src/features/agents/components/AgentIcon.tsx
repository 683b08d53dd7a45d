import { Avatar, Text } from '@mantine/core';
import type { AgentArtifact } from '@proctor/contracts';
import { agentIconSource } from '../agentIcon';
import { useAgentIcon } from '../hooks/useAgentIcon';

/** An agent's picture: the image Proctor keeps for it (from its URL or its emoji), or its type's emoji (001 §5). */
export function AgentIcon({
  agent,
  size = 32,
}: {
  agent: Pick<AgentArtifact, 'alias' | 'data'>;
  size?: number;
}) {
  const source = agentIconSource(agent.data);
  const kept = useAgentIcon(source.kind === 'api' ? source.path : null);
  const label = `${agent.alias} icon`;
  if (source.kind === 'emoji') return <EmojiIcon emoji={source.emoji} label={label} size={size} />;
  return (
    <Avatar
      src={kept}
      alt={label}
      size={size}
      radius="sm"
      color="gray"
      variant="light"
      data-testid="agent-icon"
      styles={{ image: { objectFit: 'contain' } }}
    >
      {agent.alias.charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function EmojiIcon({ emoji, label, size }: { emoji: string; label: string; size: number }) {
  return (
    <Text
      component="span"
      fz={size * 0.7}
      lh={1}
      w={size}
      ta="center"
      display="inline-block"
      role="img"
      aria-label={label}
      data-testid="agent-icon"
    >
      {emoji}
    </Text>
  );
}
