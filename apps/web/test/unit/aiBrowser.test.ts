import { ResponseFormat, type RunTaskAvailability } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAddResponseField,
  newResponseFieldRow,
  responseFieldRows,
  responseFormatOf,
  responseFormatProblem,
} from '../../src/components/responseFormatRows';
import { demoAnswer } from '../../src/features/aiBrowser/demoTask';
import { agentToRun, noAgentReasons, runTaskAgentChoices } from '../../src/features/aiBrowser/runTaskAgents';
import { canOpenBrowserSessions } from '../../src/features/browserSessions/browserSessionAccess';

const NOT_CONFIGURED = 'The DOM agent has no model: set AGENT_LLM_URL';

describe('the response format editor', () => {
  it('should turn rows into the format the contract checks, names trimmed, in order', () => {
    const rows = [newResponseFieldRow(' price ', 'number'), newResponseFieldRow('title')];
    expect(responseFormatOf(rows)).toEqual({ price: 'number', title: 'string' });
    expect(Object.keys(responseFormatOf(rows))).toEqual(['price', 'title']);
    expect(ResponseFormat.safeParse(responseFormatOf(rows)).success).toBe(true);
  });

  it('should say when a field has no name, or two share one (which would otherwise become one)', () => {
    expect(responseFormatProblem([newResponseFieldRow('a'), newResponseFieldRow('  ')])).toBe(
      'A field needs a name',
    );
    expect(responseFormatProblem([newResponseFieldRow('a'), newResponseFieldRow(' a', 'number')])).toBe(
      'Two fields are named a',
    );
    expect(responseFormatProblem([newResponseFieldRow('a'), newResponseFieldRow('b')])).toBeNull();
  });

  it('should leave an empty format for the contract to refuse', () => {
    expect(ResponseFormat.safeParse(responseFormatOf([])).success).toBe(false);
  });

  it('should give back the rows of a format and stop adding at the limit', () => {
    const rows = responseFieldRows({ answer: 'string', done: 'boolean' });
    expect(rows.map(({ name, type }) => [name, type])).toEqual([
      ['answer', 'string'],
      ['done', 'boolean'],
    ]);
    expect(new Set(rows.map(({ id }) => id)).size).toBe(2);
    expect(canAddResponseField(rows)).toBe(true);
    expect(canAddResponseField(Array.from({ length: 50 }, () => newResponseFieldRow()))).toBe(false);
  });
});

describe('the model agents a task may go to', () => {
  const someRunnable: RunTaskAvailability = {
    agents: [
      { agent: 'dom', unavailable: NOT_CONFIGURED },
      { agent: 'openai_cua', unavailable: null },
      { agent: 'anthropic_cua', unavailable: null },
    ],
  };
  const noneRunnable: RunTaskAvailability = {
    agents: [
      { agent: 'dom', unavailable: NOT_CONFIGURED },
      { agent: 'openai_cua', unavailable: 'No OPENAI_CUA_URL' },
      { agent: 'anthropic_cua', unavailable: 'No OPENAI_CUA_URL' },
    ],
  };

  it('should run the chosen agent while it can, else the first that can', () => {
    expect(agentToRun(someRunnable, null)).toBe('openai_cua');
    expect(agentToRun(someRunnable, 'anthropic_cua')).toBe('anthropic_cua');
    expect(agentToRun(someRunnable, 'dom')).toBe('openai_cua');
    expect(agentToRun(noneRunnable, 'dom')).toBeNull();
  });

  it("should say why no task can run, with each of the server's reasons once", () => {
    expect(noAgentReasons(someRunnable)).toEqual([]);
    expect(noAgentReasons(noneRunnable)).toEqual([NOT_CONFIGURED, 'No OPENAI_CUA_URL']);
  });

  it('should name each agent as the agents list does and keep its reason', () => {
    const [dom] = runTaskAgentChoices(someRunnable);
    expect(dom).toMatchObject({ agent: 'dom', label: '🧭 dom-agent', unavailable: NOT_CONFIGURED });
  });
});

describe('the demo', () => {
  it("should show the answer's one field as words, and any other answer as JSON", () => {
    expect(demoAnswer({ answer: 'Three items' })).toBe('Three items');
    expect(demoAnswer({ count: 3 })).toBe('{\n  "count": 3\n}');
  });

  it('should let members open browser sessions as the server does', () => {
    const none = {
      dashboard_access: false,
      playground_access: false,
      is_human_recorder: false,
      is_account_admin: false,
      is_admin: false,
    };
    expect(canOpenBrowserSessions({ permissions: none })).toBe(false);
    expect(canOpenBrowserSessions({ permissions: { ...none, playground_access: true } })).toBe(true);
    expect(canOpenBrowserSessions({ permissions: { ...none, is_human_recorder: true } })).toBe(true);
  });
});
