import { BUILT_IN_AGENTS } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { AGENT_TYPE_LABELS } from '../../src/features/agents/agentForm';
import { agentIconSource } from '../../src/features/agents/agentIcon';

describe('a built-in agent in the agents list', () => {
  it('should show its own emoji without a picture, and a picture when it has one', () => {
    expect(agentIconSource({ type: 'builtin', builtin: 'oracle', img_url: null })).toEqual({
      kind: 'emoji',
      emoji: BUILT_IN_AGENTS.oracle.emoji,
    });
    expect(agentIconSource({ type: 'builtin', builtin: 'wrong', img_url: null })).toEqual({
      kind: 'emoji',
      emoji: BUILT_IN_AGENTS.wrong.emoji,
    });
    expect(
      agentIconSource({ type: 'builtin', builtin: 'wrong', img_url: '/api/agent-artifacts/2/icon' }),
    ).toEqual({
      kind: 'api',
      path: '/api/agent-artifacts/2/icon',
    });
  });

  it('should be labelled Built-in', () => {
    expect(AGENT_TYPE_LABELS.builtin).toBe('Built-in');
  });
});
