import { MAX_COMPUTER_USE_STEPS } from '@proctor/contracts';
import { z } from 'zod';
import type { ChatModelConfig } from '../kernel/config/models';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import {
  type ComputerInput,
  type ComputerScreen,
  chord,
  computerUseDriver,
  type Display,
  finalAnswer,
  holding,
  type ModelApi,
  type MouseButton,
  type Point,
  pointOn,
  postToModel,
  xdotoolChords,
} from './computerUse';
import { ERROR_EXCERPT } from './stepProtocol';
import type { TaskDriver } from './types';

/**
 * The built-in Anthropic computer-use agent (BUILT_IN_AGENTS.anthropic_cua): Claude's computer tool
 * (`computer_20250124`) through Anthropic's Messages API, spoken with plain JSON over the outbound guard (no
 * SDK). The Messages API keeps no state, so every request carries the conversation: the task with a first
 * screenshot, each assistant turn as it came, and a user turn of `tool_result`s, one per `tool_use`, with a
 * screenshot of what the action led to. A turn without a tool use ends the run; its text is the session's
 * answer. Screenshots are sent at the page's size: an environment's 1280x720 is below the ~1.15 megapixels
 * above which the API shrinks images, which would move Claude's coordinates off the page's.
 */

export const ANTHROPIC_VERSION = '2023-06-01';
export const COMPUTER_USE_BETA = 'computer-use-2025-01-24';
export const COMPUTER_TOOL = 'computer_20250124';
/** Room for a turn's reasoning and its tool use, as Anthropic's reference loop gives it. */
const MAX_ANSWER_TOKENS = 4_096;
/**
 * Screenshots kept in the conversation: the last few, as Anthropic's reference loop does, so that a long run's
 * requests stay small and cheap; older ones become a text note.
 */
export const SCREENSHOTS_KEPT = 3;
export const SCREENSHOT_LEFT_OUT = '(An older screenshot, left out to keep the conversation short.)';
/** What one click of the wheel scrolls (Chromium scrolls about this much per notch). */
export const SCROLL_CLICK_PX = 100;
/** A `wait` without a duration. */
const DEFAULT_WAIT_S = 1;
/** A `scroll` without an amount. */
const DEFAULT_SCROLL_CLICKS = 3;

const Coordinate = z.tuple([z.number(), z.number()]);

/** The computer tool's input: one action and the fields it takes (Anthropic's computer_20250124). */
const ClaudeComputerInput = z.object({
  action: z.string(),
  coordinate: Coordinate.optional(),
  start_coordinate: Coordinate.optional(),
  text: z.string().optional(),
  scroll_direction: z.enum(['up', 'down', 'left', 'right']).optional(),
  scroll_amount: z.number().int().min(0).optional(),
  duration: z.number().min(0).optional(),
});

/** What one tool use asks for: inputs to do, and a text answer instead of a screenshot (cursor_position). */
export interface ClaudeAction {
  inputs: ComputerInput[];
  reply?: string;
}

const CLICKS: Record<string, { button: MouseButton; count: number }> = {
  left_click: { button: 'left', count: 1 },
  right_click: { button: 'right', count: 1 },
  middle_click: { button: 'middle', count: 1 },
  double_click: { button: 'left', count: 2 },
  triple_click: { button: 'left', count: 3 },
};

/**
 * One computer tool use as inputs. Clicks and scrolls without a coordinate happen where the mouse is; their
 * `text` names keys held meanwhile (`shift`, `ctrl`). Throws, with a reason the model is told, for what cannot
 * be done.
 */
export function claudeInputs(input: unknown, display: Display, cursor: Point): ClaudeAction {
  const parsed = ClaudeComputerInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Not an input of the computer tool: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const a = parsed.data;
  const at = (coordinate: [number, number] | undefined) =>
    coordinate ? pointOn(display, coordinate[0], coordinate[1]) : { ...cursor };
  const need = <T>(value: T | undefined, field: string): T => {
    if (value === undefined) throw new Error(`${a.action} needs ${field}`);
    return value;
  };
  // Only clicks and scrolls read `text` as keys: for type, key and hold_key it is what they type or press.
  const modifiers = () => (a.text ? xdotoolChords(a.text).flat() : []);
  const moveFirst = (): ComputerInput[] => (a.coordinate ? [{ input: 'move', ...at(a.coordinate) }] : []);

  const click = CLICKS[a.action];
  if (click) return { inputs: holding(modifiers(), [{ input: 'click', ...at(a.coordinate), ...click }]) };
  switch (a.action) {
    case 'screenshot':
      return { inputs: [] };
    case 'cursor_position':
      return { inputs: [], reply: `X=${cursor.x},Y=${cursor.y}` };
    case 'mouse_move':
      return { inputs: [{ input: 'move', ...at(need(a.coordinate, 'coordinate')) }] };
    case 'left_click_drag':
      return {
        inputs: [
          { input: 'move', ...at(need(a.start_coordinate, 'start_coordinate')) },
          { input: 'mouse_down', button: 'left' },
          { input: 'move', ...at(need(a.coordinate, 'coordinate')) },
          { input: 'mouse_up', button: 'left' },
        ],
      };
    case 'left_mouse_down':
      return { inputs: [...moveFirst(), { input: 'mouse_down', button: 'left' }] };
    case 'left_mouse_up':
      return { inputs: [...moveFirst(), { input: 'mouse_up', button: 'left' }] };
    case 'type':
      return { inputs: [{ input: 'type', text: need(a.text, 'text') }] };
    case 'key':
      return { inputs: xdotoolChords(need(a.text, 'text')).flatMap(chord) };
    case 'hold_key': {
      const keys = xdotoolChords(need(a.text, 'text')).flat();
      return { inputs: holding(keys, [{ input: 'wait', ms: need(a.duration, 'duration') * 1000 }]) };
    }
    case 'scroll': {
      const direction = need(a.scroll_direction, 'scroll_direction');
      const distance = (a.scroll_amount ?? DEFAULT_SCROLL_CLICKS) * SCROLL_CLICK_PX;
      const dx = direction === 'left' ? -distance : direction === 'right' ? distance : 0;
      const dy = direction === 'up' ? -distance : direction === 'down' ? distance : 0;
      return { inputs: [...moveFirst(), ...holding(modifiers(), [{ input: 'wheel', dx, dy }])] };
    }
    case 'wait':
      return { inputs: [{ input: 'wait', ms: (a.duration ?? DEFAULT_WAIT_S) * 1000 }] };
    default:
      throw new Error(`Unknown action "${a.action}"`);
  }
}

/** A content block of the Messages API (text, image, tool_use, tool_result), kept as the API wrote it. */
export type ContentBlock = { type: string } & Record<string, unknown>;
export interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

/**
 * The conversation with only the last `keep` screenshots; older image blocks (in user turns and inside
 * tool_results) become a text note, so that the turns and their tool_use ids stay as they were.
 */
export function trimScreenshots(messages: readonly ClaudeMessage[], keep: number): ClaudeMessage[] {
  let seen = 0;
  const trim = (blocks: readonly ContentBlock[]): ContentBlock[] => {
    const kept: ContentBlock[] = [];
    for (let index = blocks.length - 1; index >= 0; index -= 1) {
      const block = blocks[index]!;
      if (block.type === 'image') {
        seen += 1;
        kept.push(seen > keep ? { type: 'text', text: SCREENSHOT_LEFT_OUT } : block);
      } else if (block.type === 'tool_result' && Array.isArray(block.content))
        kept.push({ ...block, content: trim(block.content as ContentBlock[]) });
      else kept.push(block);
    }
    return kept.reverse();
  };
  const trimmed: ClaudeMessage[] = [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    trimmed.push({ ...message, content: trim(message.content) });
  }
  return trimmed.reverse();
}

const ToolUse = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

const MessagesAnswer = z.object({
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.string().nullish(),
});

const image = (png: string): ContentBlock => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data: png },
});

/** Does one tool use and says what came of it: a screenshot, the cursor's position, or the error. */
async function toolResult(screen: ComputerScreen, use: z.infer<typeof ToolUse>): Promise<ContentBlock> {
  const failed = (text: string): ContentBlock => ({
    type: 'tool_result',
    tool_use_id: use.id,
    is_error: true,
    content: [{ type: 'text', text }],
  });
  if (use.name !== 'computer') return failed(`Unknown tool "${use.name}": the only tool is "computer"`);
  let action: ClaudeAction;
  try {
    action = claudeInputs(use.input, screen.display, screen.cursor);
    await screen.perform(action.inputs);
  } catch (error) {
    return failed((error as Error).message.split('\n')[0] ?? 'The action failed');
  }
  if (action.reply !== undefined)
    return { type: 'tool_result', tool_use_id: use.id, content: [{ type: 'text', text: action.reply }] };
  const shot = await screen.capture();
  return { type: 'tool_result', tool_use_id: use.id, content: [image(shot.png)] };
}

export interface AnthropicComputerUseOptions {
  model: ChatModelConfig;
  guard: OutboundGuardOptions;
  maxSteps?: number;
}

/** The Anthropic computer-use agent as the driver of a run (see the top of this file). */
export function anthropicComputerUseDriver(options: AnthropicComputerUseOptions): TaskDriver {
  const { model, guard } = options;
  const maxSteps = options.maxSteps ?? MAX_COMPUTER_USE_STEPS;
  const api: ModelApi = {
    name: "Anthropic's Messages API",
    url: `${model.baseUrl.replace(/\/+$/, '')}/messages`,
    headers: {
      'anthropic-version': ANTHROPIC_VERSION,
      'anthropic-beta': COMPUTER_USE_BETA,
      ...(model.apiKey ? { 'x-api-key': model.apiKey } : {}),
    },
    guard,
  };
  return computerUseDriver(async (screen, task, signal) => {
    const tools = [
      {
        type: COMPUTER_TOOL,
        name: 'computer',
        display_width_px: screen.display.width,
        display_height_px: screen.display.height,
      },
    ];
    const first = await screen.capture();
    let messages: ClaudeMessage[] = [
      { role: 'user', content: [{ type: 'text', text: task }, image(first.png)] },
    ];
    for (let step = 0; step < maxSteps; step += 1) {
      signal.throwIfAborted();
      messages = trimScreenshots(messages, SCREENSHOTS_KEPT);
      const body = { model: model.model, max_tokens: MAX_ANSWER_TOKENS, tools, messages };
      const parsed = MessagesAnswer.safeParse(await postToModel(api, body, step));
      if (!parsed.success) throw new Error(`${api.name} did not answer a message at step ${step}`);
      const answer = parsed.data;
      signal.throwIfAborted();
      messages.push({ role: 'assistant', content: answer.content });
      const uses = answer.content.flatMap((block) => {
        const use = ToolUse.safeParse(block);
        return use.success ? [use.data] : [];
      });
      if (uses.length === 0) {
        const text = answer.content
          .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
          .join('\n');
        if (answer.stop_reason === 'refusal')
          throw new Error(`The model refused at step ${step}: ${text.slice(0, ERROR_EXCERPT)}`);
        return finalAnswer(text);
      }
      const results: ContentBlock[] = [];
      for (const use of uses) results.push(await toolResult(screen, use));
      messages.push({ role: 'user', content: results });
    }
    throw new Error(`The agent did not finish within ${maxSteps} steps`);
  });
}
