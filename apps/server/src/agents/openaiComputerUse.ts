import { MAX_COMPUTER_USE_STEPS } from '@proctor/contracts';
import { z } from 'zod';
import type { ChatModelConfig } from '../kernel/config/models';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import {
  type ComputerInput,
  chord,
  computerUseDriver,
  type Display,
  finalAnswer,
  type ModelApi,
  playwrightKey,
  pointOn,
  postToModel,
} from './computerUse';
import type { TaskDriver } from './types';

/**
 * The built-in OpenAI computer-use agent (BUILT_IN_AGENTS.openai_cua): OpenAI's Responses API with its
 * `computer_use_preview` tool, spoken with plain JSON over the outbound guard (no SDK). The first request
 * carries the task and a screenshot; each answer's `computer_call`s are done in the page and answered, in the
 * next request that continues the same response (`previous_response_id`), with a screenshot of what they led
 * to. An answer without a computer call ends the run; its message is the session's answer.
 */

/** What OpenAI's reference implementation waits for a `wait` action, which says no duration. */
const WAIT_MS = 1_000;

const Coordinate = { x: z.number(), y: z.number() };

/** The actions of a `computer_call`, as the Responses API documents them. */
export const OpenAiComputerAction = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    button: z.enum(['left', 'right', 'wheel', 'back', 'forward']).default('left'),
    ...Coordinate,
  }),
  z.object({ type: z.literal('double_click'), ...Coordinate }),
  z.object({ type: z.literal('drag'), path: z.array(z.object(Coordinate)).min(2) }),
  z.object({ type: z.literal('keypress'), keys: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('move'), ...Coordinate }),
  z.object({ type: z.literal('screenshot') }),
  z.object({ type: z.literal('scroll'), ...Coordinate, scroll_x: z.number(), scroll_y: z.number() }),
  z.object({ type: z.literal('type'), text: z.string() }),
  z.object({ type: z.literal('wait') }),
]);
export type OpenAiComputerAction = z.infer<typeof OpenAiComputerAction>;

/**
 * One `computer_call` action as inputs. The mouse's back and forward buttons go back and forward in the page's
 * history, as they do in a browser. Throws, with a reason the model is told, for what cannot be done.
 */
export function openAiInputs(action: unknown, display: Display): ComputerInput[] {
  const parsed = OpenAiComputerAction.safeParse(action);
  if (!parsed.success)
    throw new Error(`Not an action of the computer tool: ${JSON.stringify(action).slice(0, 200)}`);
  const a = parsed.data;
  switch (a.type) {
    case 'click': {
      if (a.button === 'back' || a.button === 'forward') return [{ input: 'history', direction: a.button }];
      const at = pointOn(display, a.x, a.y);
      return [{ input: 'click', ...at, button: a.button === 'wheel' ? 'middle' : a.button, count: 1 }];
    }
    case 'double_click':
      return [{ input: 'click', ...pointOn(display, a.x, a.y), button: 'left', count: 2 }];
    case 'drag': {
      const [start, ...rest] = a.path.map((point) => pointOn(display, point.x, point.y));
      return [
        { input: 'move', ...start! },
        { input: 'mouse_down', button: 'left' },
        ...rest.map((point): ComputerInput => ({ input: 'move', ...point })),
        { input: 'mouse_up', button: 'left' },
      ];
    }
    case 'keypress':
      return chord(a.keys.map(playwrightKey));
    case 'move':
      return [{ input: 'move', ...pointOn(display, a.x, a.y) }];
    case 'screenshot':
      return [];
    case 'scroll':
      return [
        { input: 'move', ...pointOn(display, a.x, a.y) },
        { input: 'wheel', dx: a.scroll_x, dy: a.scroll_y },
      ];
    case 'type':
      return [{ input: 'type', text: a.text }];
    case 'wait':
      return [{ input: 'wait', ms: WAIT_MS }];
  }
}

const SafetyCheck = z.object({ id: z.string(), code: z.string().nullish(), message: z.string().nullish() });

const ComputerCall = z.object({
  type: z.literal('computer_call'),
  call_id: z.string(),
  action: z.unknown(),
  pending_safety_checks: z.array(SafetyCheck).nullish(),
});

const OutputMessage = z.object({
  type: z.literal('message'),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).default([]),
});

const ResponsesAnswer = z.object({
  id: z.string(),
  status: z.string().nullish(),
  error: z.object({ message: z.string() }).nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  output: z.array(z.looseObject({ type: z.string() })),
});

const dataUrl = (png: string) => `data:image/png;base64,${png}`;

/** The answer's text: its messages' output_text parts (a refusal is a message part too). */
function textOf(output: readonly { type: string }[]): string {
  return output
    .flatMap((item) => {
      const message = OutputMessage.safeParse(item);
      return message.success ? message.data.content : [];
    })
    .map((part) => part.text ?? (typeof part.refusal === 'string' ? part.refusal : ''))
    .join('\n');
}

export interface OpenAiComputerUseOptions {
  model: ChatModelConfig;
  guard: OutboundGuardOptions;
  maxSteps?: number;
}

/**
 * The OpenAI computer-use agent as the driver of a run (see the top of this file). Safety checks that the API
 * raises on a call (`pending_safety_checks`: instructions found on the page, a domain off the task) are
 * acknowledged: nobody is there to confirm during a run, the pages are the simulator's own, and refusing would
 * end the run for a check that is about the model's own caution. An action that cannot be done is told to the
 * model in a user message beside its screenshot (the call output itself has no place for an error).
 */
export function openAiComputerUseDriver(options: OpenAiComputerUseOptions): TaskDriver {
  const { model, guard } = options;
  const maxSteps = options.maxSteps ?? MAX_COMPUTER_USE_STEPS;
  const api: ModelApi = {
    name: "OpenAI's Responses API",
    url: `${model.baseUrl.replace(/\/+$/, '')}/responses`,
    headers: model.apiKey ? { authorization: `Bearer ${model.apiKey}` } : {},
    guard,
  };
  return computerUseDriver(async (screen, task, signal) => {
    const tools = [
      {
        type: 'computer_use_preview',
        display_width: screen.display.width,
        display_height: screen.display.height,
        environment: 'browser',
      },
    ];
    const first = await screen.capture();
    let input: unknown[] = [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: task },
          { type: 'input_image', image_url: dataUrl(first.png) },
        ],
      },
    ];
    let previous: string | undefined;
    for (let step = 0; step < maxSteps; step += 1) {
      signal.throwIfAborted();
      const body = {
        model: model.model,
        tools,
        input,
        truncation: 'auto',
        ...(previous ? { previous_response_id: previous } : {}),
      };
      const parsed = ResponsesAnswer.safeParse(await postToModel(api, body, step));
      if (!parsed.success) throw new Error(`${api.name} did not answer a response at step ${step}`);
      const answer = parsed.data;
      if (answer.error) throw new Error(`${api.name} failed at step ${step}: ${answer.error.message}`);
      signal.throwIfAborted();
      const calls = answer.output.flatMap((item) => {
        const call = ComputerCall.safeParse(item);
        return call.success ? [call.data] : [];
      });
      if (calls.length === 0) {
        if (answer.status === 'incomplete')
          throw new Error(
            `${api.name} left its answer incomplete at step ${step}: ${answer.incomplete_details?.reason ?? 'no reason given'}`,
          );
        return finalAnswer(textOf(answer.output));
      }
      previous = answer.id;
      input = [];
      const failures: string[] = [];
      for (const call of calls) {
        try {
          await screen.perform(openAiInputs(call.action, screen.display));
        } catch (error) {
          failures.push((error as Error).message.split('\n')[0] ?? 'The action failed');
        }
        const shot = await screen.capture();
        input.push({
          type: 'computer_call_output',
          call_id: call.call_id,
          acknowledged_safety_checks: call.pending_safety_checks ?? [],
          output: { type: 'computer_screenshot', image_url: dataUrl(shot.png), current_url: shot.url },
        });
      }
      if (failures.length > 0)
        input.push({
          role: 'user',
          content: [
            { type: 'input_text', text: `Your last action could not be done: ${failures.join('; ')}` },
          ],
        });
    }
    throw new Error(`The agent did not finish within ${maxSteps} steps`);
  });
}
