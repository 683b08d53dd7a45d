import {
  type AgentArtifact,
  BUILT_IN_AGENT_KINDS,
  BUILT_IN_AGENTS,
  type BuiltInAgentKind,
} from '@proctor/contracts';

/**
 * Which agents a run dialog offers (001 §5: running requires an agent). The server says of each agent why it
 * cannot run it (a person, an agent that drives its browser itself through the SDK, the replay agent that
 * starts from a session, …); such agents are listed but cannot be chosen, with that reason. The dialog adds
 * what only it knows: the scripted built-in agents know only the built-in test cases.
 */

type RunAgent = Pick<AgentArtifact, 'id' | 'alias' | 'archived' | 'data' | 'notRunnableReason'>;

/** What is run: a built-in test case or not, when the dialog knows (a dataset's test cases it does not). */
export interface RunContext {
  builtInTestCase?: boolean;
}

export type AgentRunnability = { runnable: true } | { runnable: false; reason: string };

export const BUILT_IN_TEST_CASES_ONLY = 'Runs built-in test cases only';

/** The built-in agents that play a built-in test case's scripts, and so run nothing else. */
const SCRIPTED: ReadonlySet<BuiltInAgentKind> = new Set(['oracle', 'wrong']);

export function agentRunnability(agent: RunAgent, context: RunContext = {}): AgentRunnability {
  if (agent.archived) return { runnable: false, reason: 'Archived' };
  if (agent.notRunnableReason !== null) return { runnable: false, reason: agent.notRunnableReason };
  const { builtin } = agent.data;
  if (agent.data.type === 'builtin' && builtin && SCRIPTED.has(builtin) && context.builtInTestCase === false)
    return { runnable: false, reason: BUILT_IN_TEST_CASES_ONLY };
  return { runnable: true };
}

export interface AgentChoice<A extends RunAgent = RunAgent> {
  agent: A;
  runnability: AgentRunnability;
}

/** Built-in agents in their own order (the oracle first), then the others by alias. */
function rank(agent: RunAgent): number {
  const kind = agent.data.type === 'builtin' ? agent.data.builtin : undefined;
  return kind ? BUILT_IN_AGENT_KINDS.indexOf(kind) : BUILT_IN_AGENT_KINDS.length;
}

/** The agents to list: the ones Proctor can run first, archived ones left out. */
export function agentChoices<A extends RunAgent>(
  agents: readonly A[],
  context: RunContext = {},
): AgentChoice<A>[] {
  return agents
    .filter((agent) => !agent.archived)
    .map((agent) => ({ agent, runnability: agentRunnability(agent, context) }))
    .sort(
      (a, b) =>
        Number(b.runnability.runnable) - Number(a.runnability.runnable) ||
        rank(a.agent) - rank(b.agent) ||
        a.agent.alias.localeCompare(b.agent.alias),
    );
}

/**
 * The agent a dialog starts with: the one named by `preferredAlias` (the last benchmark's) when it can run,
 * else the oracle when there is a preference at all (the spec's default agent does not exist here); none
 * without a preference.
 */
export function defaultAgentChoice<A extends RunAgent>(
  choices: readonly AgentChoice<A>[],
  preferredAlias: string | null,
): AgentChoice<A> | null {
  if (preferredAlias === null) return null;
  const runnable = choices.filter((choice) => choice.runnability.runnable);
  const wanted = preferredAlias.trim().toLowerCase();
  return (
    runnable.find((choice) => choice.agent.alias.toLowerCase() === wanted) ??
    runnable.find((choice) => choice.agent.alias === BUILT_IN_AGENTS.oracle.alias) ??
    null
  );
}

/** What the dialog says under the chosen agent: what it does, or what the user must make sure of. */
export function agentRunNote(agent: RunAgent): string | null {
  const { data } = agent;
  if (data.type === 'builtin' && data.builtin) return BUILT_IN_AGENTS[data.builtin].description;
  // 001 §5: the dev agent's warning that its endpoint must be reachable from the server.
  if (data.type === 'dev' && data.endpoint)
    return `Proctor calls ${data.endpoint} from its server at every step: make sure that address is reachable from there (for an agent on your machine, through a tunnel such as ngrok or cloudflared).`;
  return null;
}
