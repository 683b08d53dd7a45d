import type { AgentArtifact } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  agentChoices,
  agentRunNote,
  agentRunnability,
  BUILT_IN_TEST_CASES_ONLY,
  defaultAgentChoice,
} from '../../src/features/runs/agentChoice';

let nextId = 1;
function agent(
  alias: string,
  data: Partial<AgentArtifact['data']>,
  notRunnableReason: string | null = null,
  archived = false,
) {
  return {
    id: nextId++,
    alias,
    archived,
    notRunnableReason,
    data: { type: 'dev', img_url: null, description: '', ...data } as AgentArtifact['data'],
  };
}

const oracle = agent('oracle', { type: 'builtin', builtin: 'oracle' });
const wrong = agent('oracle-wrong', { type: 'builtin', builtin: 'wrong' });
const domAgent = agent('dom-agent', { type: 'builtin', builtin: 'dom' });
const openAiCua = agent('openai-computer-use', { type: 'builtin', builtin: 'openai_cua' });
const anthropicCua = agent(
  'anthropic-computer-use',
  { type: 'builtin', builtin: 'anthropic_cua' },
  'The Anthropic computer-use agent needs ANTHROPIC_CUA_URL: not configured on this Proctor',
);
const replay = agent('replay', { type: 'builtin', builtin: 'replay' }, 'Starts from a recorded session');
const stepper = agent('stepper', { type: 'dev', endpoint: 'https://agent.example.com/step' });
const sdkAgent = agent('acme-sdk', { type: 'dev', endpoint: null }, 'It drives its environments itself');
const human = agent('alice', { type: 'human', human_name: 'Alice' }, 'A human');

describe('the agents a run dialog offers', () => {
  it("should offer the agents the server can run and give the server's reason for the others", () => {
    expect(agentRunnability(oracle)).toEqual({ runnable: true });
    expect(agentRunnability(stepper)).toEqual({ runnable: true });
    expect(agentRunnability(sdkAgent)).toEqual({
      runnable: false,
      reason: 'It drives its environments itself',
    });
    expect(agentRunnability(replay)).toEqual({ runnable: false, reason: 'Starts from a recorded session' });
    expect(agentRunnability(human).runnable).toBe(false);
  });

  it('should keep the scripted built-in agents to built-in test cases when the dialog knows the test case', () => {
    expect(agentRunnability(oracle, { builtInTestCase: false })).toEqual({
      runnable: false,
      reason: BUILT_IN_TEST_CASES_ONLY,
    });
    expect(agentRunnability(wrong, { builtInTestCase: false }).runnable).toBe(false);
    expect(agentRunnability(oracle, { builtInTestCase: true })).toEqual({ runnable: true });
    // The DOM agent, the computer-use agents and a dev agent run any test case.
    expect(agentRunnability(domAgent, { builtInTestCase: false })).toEqual({ runnable: true });
    expect(agentRunnability(openAiCua, { builtInTestCase: false })).toEqual({ runnable: true });
    expect(agentRunnability(stepper, { builtInTestCase: false })).toEqual({ runnable: true });
  });

  it('should list the runnable first, the built-in agents leading in their order, and leave archived agents out', () => {
    const archived = agent('old-stepper', { type: 'dev', endpoint: 'https://old.example.com' }, null, true);
    const listed = agentChoices([
      human,
      sdkAgent,
      stepper,
      archived,
      replay,
      anthropicCua,
      wrong,
      openAiCua,
      domAgent,
      oracle,
    ]);
    expect(listed.map((choice) => choice.agent.alias)).toEqual([
      'oracle',
      'oracle-wrong',
      'dom-agent',
      'openai-computer-use',
      'stepper',
      'anthropic-computer-use',
      'replay',
      'acme-sdk',
      'alice',
    ]);
  });

  it('should start with the stored agent when it can run, else the oracle, and with none without a preference', () => {
    const listed = agentChoices([oracle, wrong, stepper, sdkAgent]);
    expect(defaultAgentChoice(listed, 'oracle-wrong')?.agent.alias).toBe('oracle-wrong');
    expect(defaultAgentChoice(listed, 'STEPPER')?.agent.alias).toBe('stepper');
    expect(defaultAgentChoice(listed, 'acme-sdk')?.agent.alias).toBe('oracle');
    expect(defaultAgentChoice(listed, 'anthropic')?.agent.alias).toBe('oracle');
    expect(defaultAgentChoice(listed, null)).toBeNull();
    const notBuiltIn = agentChoices([oracle, sdkAgent], { builtInTestCase: false });
    expect(defaultAgentChoice(notBuiltIn, 'oracle')).toBeNull();
  });

  it("should describe a built-in agent and warn that a dev agent's endpoint must be reachable", () => {
    expect(agentRunNote(oracle)).toMatch(/reference solution/);
    expect(agentRunNote(openAiCua)).toMatch(/screenshot.*OPENAI_CUA_URL/);
    expect(agentRunNote(stepper)).toMatch(/https:\/\/agent\.example\.com\/step.*reachable.*tunnel/);
    expect(agentRunNote(sdkAgent)).toBeNull();
  });
});
