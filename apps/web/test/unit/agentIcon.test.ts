import { DEFAULT_AGENT_EMOJI } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { agentIconSource } from '../../src/features/agents/agentIcon';

describe("an agent's icon", () => {
  it("should fetch Proctor's copy through the API, never an outside URL, and fall back to the type emoji", () => {
    expect(agentIconSource({ type: 'dev', img_url: '/api/agent-artifacts/7/icon' })).toEqual({
      kind: 'api',
      path: '/api/agent-artifacts/7/icon',
    });
    expect(agentIconSource({ type: 'dev', img_url: 'https://example.com/a.png' })).toEqual({
      kind: 'emoji',
      emoji: DEFAULT_AGENT_EMOJI.dev,
    });
    expect(agentIconSource({ type: 'human', img_url: null })).toEqual({ kind: 'emoji', emoji: '🧑' });
    expect(agentIconSource({ type: 'git_container', img_url: 'javascript:alert(1)' })).toEqual({
      kind: 'emoji',
      emoji: '📦',
    });
  });
});
