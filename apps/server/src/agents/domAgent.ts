import type { AgentObservation } from '@proctor/contracts';
import type { ChatModelConfig } from '../kernel/config/models';
import { chatCompletionClient } from '../kernel/outbound/chatCompletion';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { actionLoop } from './stepProtocol';
import type { TaskDriver } from './types';

/** How much of the accessibility tree one step sends the model (large pages are cut, and say so). */
export const AXTREE_CHARACTERS = 20_000;
/** Earlier actions the model is reminded of at each step. */
const HISTORY = 10;

export const DOM_AGENT_INSTRUCTIONS = `You operate a web browser to do the user's task. At each step you are shown the page's URL, title and accessibility tree (YAML: role "name" [state]), your previous actions and the error of the last one, if any.
Answer with exactly one JSON object, one action:
{"action":"click","role":"button","name":"Save"}  (or "selector": a CSS selector)
{"action":"type","role":"textbox","name":"Email","text":"…","submit":false}  (submit presses Enter afterwards)
{"action":"select","role":"combobox","name":"Status","value":"Open"}
{"action":"press","key":"Enter"}
{"action":"scroll","dy":600}
{"action":"navigate","url":"/path"}  (the same site only)
{"action":"go_back"}
{"action":"done","output":…}  when the task is complete; output is the answer when the task asks a question (as JSON), otherwise omit it.
Answer with the JSON object only.`;

/** The user message of one step: what the page is, what was done so far. */
export function domAgentPrompt(observation: AgentObservation, history: readonly string[]): string {
  const tree =
    observation.axtree.length > AXTREE_CHARACTERS
      ? `${observation.axtree.slice(0, AXTREE_CHARACTERS)}\n… (cut: the page is longer)`
      : observation.axtree;
  return [
    `Task: ${observation.goal}`,
    `Step ${observation.step + 1} of at most ${observation.max_steps}.`,
    `URL: ${observation.url}`,
    `Title: ${observation.title}`,
    history.length > 0 ? `Your previous actions:\n${history.join('\n')}` : 'No action yet.',
    observation.last_action_error ? `Your last action failed: ${observation.last_action_error}` : '',
    `Accessibility tree:\n${tree}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The built-in DOM agent (BUILT_IN_AGENTS.dom) as the driver of a run: at each step the page's accessibility tree
 * goes to the configured OpenAI-compatible chat model (AGENT_LLM_*, through the outbound guard) with the task
 * and the actions so far, and the JSON action it answers is done in the page (the step protocol's actions and
 * loop). An answer that is not JSON, or not an action, fails the task with that said.
 */
export function domAgentDriver(
  model: ChatModelConfig,
  guard: OutboundGuardOptions,
  maxSteps?: number,
): TaskDriver {
  const chat = chatCompletionClient({ ...model, guard });
  return (context) => {
    const history: string[] = [];
    return actionLoop(async (observation) => {
      const content = await chat({
        json: true,
        messages: [
          { role: 'system', content: DOM_AGENT_INSTRUCTIONS },
          { role: 'user', content: domAgentPrompt(observation, history.slice(-HISTORY)) },
        ],
      });
      let action: unknown;
      try {
        action = JSON.parse(content);
      } catch {
        throw new Error(
          `The model's answer at step ${observation.step} is not JSON: ${content.slice(0, 200)}`,
        );
      }
      history.push(`${observation.step + 1}. ${JSON.stringify(action)}`);
      return action;
    }, maxSteps)(context);
  };
}
