import { AGENT_STEP_TIMEOUT_MS } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import type { Page } from 'playwright-core';
import { guardedRequest, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { withEnvironmentPage } from './page';
import { ERROR_EXCERPT, requestsInFlight, settle } from './stepProtocol';
import type { TaskDriver, TaskRun } from './types';

/**
 * What the built-in computer-use agents (openaiComputerUse.ts, anthropicComputerUse.ts) share: a model that sees
 * the page as a screenshot and answers with mouse and keyboard actions at pixel coordinates. Each provider's
 * actions are first mapped to ComputerInputs (pure, so the mapping is tested without a browser), which are then
 * done with Playwright's mouse and keyboard, as a person's input would be: the recorder sees real clicks and
 * key presses.
 */

export interface Display {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export type MouseButton = 'left' | 'right' | 'middle';

/** One thing done with the mouse or the keyboard; keys are Playwright's names (`Enter`, `Control`, `a`). */
export type ComputerInput =
  | { input: 'move'; x: number; y: number }
  | { input: 'click'; x: number; y: number; button: MouseButton; count: number }
  | { input: 'mouse_down'; button: MouseButton }
  | { input: 'mouse_up'; button: MouseButton }
  | { input: 'wheel'; dx: number; dy: number }
  | { input: 'type'; text: string }
  | { input: 'key_down'; key: string }
  | { input: 'key_up'; key: string }
  | { input: 'wait'; ms: number }
  | { input: 'history'; direction: 'back' | 'forward' };

/** The longest pause a model may ask for: a wait should not spend the run's time limit. */
export const LONGEST_WAIT_MS = 10_000;

/**
 * Key names as the models write them, lower-cased, to Playwright's. Both vocabularies are here: OpenAI's
 * (`ENTER`, `CTRL`, `ARROWDOWN`, `ESC`, `SPACE`, `CMD`) and the X keysyms of xdotool that Claude's computer tool
 * uses (`Return`, `ctrl`, `Page_Down`, `BackSpace`, `KP_Enter`, `minus`); they do not conflict.
 */
const KEY_NAMES: Record<string, string> = {
  enter: 'Enter',
  return: 'Enter',
  kp_enter: 'Enter',
  tab: 'Tab',
  space: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  kp_delete: 'Delete',
  insert: 'Insert',
  escape: 'Escape',
  esc: 'Escape',
  home: 'Home',
  kp_home: 'Home',
  end: 'End',
  kp_end: 'End',
  pageup: 'PageUp',
  page_up: 'PageUp',
  prior: 'PageUp',
  pagedown: 'PageDown',
  page_down: 'PageDown',
  next: 'PageDown',
  up: 'ArrowUp',
  arrowup: 'ArrowUp',
  kp_up: 'ArrowUp',
  down: 'ArrowDown',
  arrowdown: 'ArrowDown',
  kp_down: 'ArrowDown',
  left: 'ArrowLeft',
  arrowleft: 'ArrowLeft',
  kp_left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowright: 'ArrowRight',
  kp_right: 'ArrowRight',
  capslock: 'CapsLock',
  caps_lock: 'CapsLock',
  shift: 'Shift',
  shift_l: 'Shift',
  shift_r: 'Shift',
  ctrl: 'Control',
  control: 'Control',
  control_l: 'Control',
  control_r: 'Control',
  alt: 'Alt',
  alt_l: 'Alt',
  alt_r: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  meta_l: 'Meta',
  meta_r: 'Meta',
  super: 'Meta',
  super_l: 'Meta',
  super_r: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  win: 'Meta',
  minus: '-',
  plus: '+',
  equal: '=',
  period: '.',
  comma: ',',
  slash: '/',
  backslash: '\\',
  semicolon: ';',
  colon: ':',
  apostrophe: "'",
  quotedbl: '"',
  grave: '`',
  asciitilde: '~',
  bracketleft: '[',
  bracketright: ']',
  braceleft: '{',
  braceright: '}',
  parenleft: '(',
  parenright: ')',
  less: '<',
  greater: '>',
  question: '?',
  exclam: '!',
  at: '@',
  numbersign: '#',
  dollar: '$',
  percent: '%',
  asciicircum: '^',
  ampersand: '&',
  asterisk: '*',
  underscore: '_',
  bar: '|',
};

/** Playwright's name of one key as a model writes it; a single character is itself. Throws for unknown names. */
export function playwrightKey(name: string): string {
  if ([...name].length === 1) return name;
  const known = KEY_NAMES[name.toLowerCase()];
  if (known) return known;
  const functionKey = /^f([1-9]|1[0-9]|2[0-4])$/i.exec(name);
  if (functionKey) return `F${functionKey[1]}`;
  throw new Error(`Unknown key "${name}"`);
}

/**
 * xdotool's `key` argument as chords of Playwright keys: chords are separated by spaces, the keys of one chord by
 * `+` (`ctrl+a Delete` is Control+a, then Delete; `ctrl++` is Control and the plus key).
 */
export function xdotoolChords(text: string): string[][] {
  const chords = text.trim().split(/\s+/).filter(Boolean);
  if (chords.length === 0) throw new Error('No key given');
  return chords.map((chord) => chord.split(/\+(?!$)/).map(playwrightKey));
}

/** Keys pressed in order and released in reverse: a shortcut such as Control+Shift+t. */
export function chord(keys: readonly string[]): ComputerInput[] {
  return [
    ...keys.map((key): ComputerInput => ({ input: 'key_down', key })),
    ...[...keys].reverse().map((key): ComputerInput => ({ input: 'key_up', key })),
  ];
}

/** `inputs` with `keys` held down around them (a shift-click). */
export function holding(keys: readonly string[], inputs: readonly ComputerInput[]): ComputerInput[] {
  return [
    ...keys.map((key): ComputerInput => ({ input: 'key_down', key })),
    ...inputs,
    ...[...keys].reverse().map((key): ComputerInput => ({ input: 'key_up', key })),
  ];
}

/** A point the model named, checked against the screen it was shown (rounded to whole pixels). */
export function pointOn(display: Display, x: unknown, y: unknown): Point {
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    throw new Error('A coordinate must be two numbers');
  const point = { x: Math.round(x), y: Math.round(y) };
  if (point.x < 0 || point.y < 0 || point.x >= display.width || point.y >= display.height)
    throw new Error(
      `(${point.x}, ${point.y}) is outside the screen, which is ${display.width}x${display.height} pixels`,
    );
  return point;
}

/**
 * Does inputs in the page with Playwright's mouse and keyboard, moving `cursor` along (Playwright does not say
 * where its mouse is; Claude may ask). Keys an input left held when another failed are let go, so that a
 * failed shortcut does not leave Control down for every later key.
 */
export async function performInputs(
  page: Page,
  inputs: readonly ComputerInput[],
  cursor: Point,
): Promise<void> {
  const held = new Set<string>();
  try {
    for (const input of inputs) {
      switch (input.input) {
        case 'move':
          await page.mouse.move(input.x, input.y);
          Object.assign(cursor, { x: input.x, y: input.y });
          break;
        case 'click':
          await page.mouse.click(input.x, input.y, { button: input.button, clickCount: input.count });
          Object.assign(cursor, { x: input.x, y: input.y });
          break;
        case 'mouse_down':
          await page.mouse.down({ button: input.button });
          break;
        case 'mouse_up':
          await page.mouse.up({ button: input.button });
          break;
        case 'wheel':
          await page.mouse.wheel(input.dx, input.dy);
          break;
        case 'type':
          await page.keyboard.type(input.text);
          break;
        case 'key_down':
          await page.keyboard.down(input.key);
          held.add(input.key);
          break;
        case 'key_up':
          await page.keyboard.up(input.key);
          held.delete(input.key);
          break;
        case 'wait':
          await new Promise((resolve) => setTimeout(resolve, Math.min(input.ms, LONGEST_WAIT_MS)));
          break;
        case 'history':
          await (input.direction === 'back' ? page.goBack() : page.goForward());
          break;
      }
    }
  } finally {
    for (const key of held) await page.keyboard.up(key).catch(() => undefined);
  }
}

/**
 * The first message of a computer-use run: the task, what the model is looking at, and how to answer. The model
 * sees only the page (no address bar or tabs), so it is told to stay in the app. A test case that scores an
 * answer gets its output schema, so that a right answer is also a well-formed one.
 */
export function computerUseTask(testCase: TaskRun['testCase']): string {
  const schema = testCase.outputSchema;
  const properties = schema?.properties;
  const answer =
    typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0
      ? `When the task is done, stop using the computer and reply with the answer only, as JSON that matches this JSON Schema: ${JSON.stringify(schema)}`
      : testCase.scoringTypes.includes('output')
        ? 'When the task is done, stop using the computer and reply with the answer only.'
        : 'When the task is done, stop using the computer and reply with one short sentence saying so.';
  return [
    `Task: ${testCase.prompt}`,
    'You operate a web browser that shows one web app; the screenshots show its page only (there is no address bar and no tabs). Do the task with the mouse and keyboard, within the app. Nobody will answer questions: decide for yourself.',
    answer,
  ].join('\n\n');
}

/**
 * The session's answer from the model's last message: JSON when the message is JSON (or one fenced ```json
 * block), else the text itself; nothing for an empty message.
 */
export function finalAnswer(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)\n?```/i.exec(trimmed)?.[1];
  for (const candidate of [trimmed, fenced]) {
    if (candidate === undefined) continue;
    try {
      return JSON.parse(candidate) as JsonValue;
    } catch {
      // Not JSON: the text is the answer.
    }
  }
  return trimmed;
}

/** The page as a computer-use model sees it. */
export interface ComputerScreen {
  /** The page's viewport in CSS pixels: the screenshots' size and the space of the model's coordinates. */
  readonly display: Display;
  /** Where the mouse was last moved to (the middle of the screen before that). */
  readonly cursor: Point;
  /** Does one action's inputs, then waits for what they started (a form's POST, a navigation) to land. */
  perform(inputs: readonly ComputerInput[]): Promise<void>;
  /** The page as it looks now: a PNG, base64, and the page's URL. */
  capture(): Promise<{ png: string; url: string }>;
}

/** One provider's loop: asks its model, performs what it answers, and resolves with the session's answer. */
export type ComputerUsePlay = (
  screen: ComputerScreen,
  task: string,
  signal: AbortSignal,
) => Promise<JsonValue | undefined>;

/**
 * The page's viewport. A page Playwright reaches over CDP has no emulated viewport (viewportSize() is null): the
 * environment sized the window around it, so the page itself says how large it is.
 */
async function displayOf(page: Page): Promise<Display> {
  const emulated = page.viewportSize();
  if (emulated) return emulated;
  return page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
}

/**
 * A computer-use agent as the driver of a run: the environment's page lent to `play` as a ComputerScreen, with
 * the task written for a model that sees screenshots (computerUseTask).
 */
export function computerUseDriver(play: ComputerUsePlay): TaskDriver {
  return ({ wsEndpoint, testCase, signal }) =>
    withEnvironmentPage(wsEndpoint, signal, async (page) => {
      const inFlight = requestsInFlight(page);
      const display = await displayOf(page);
      const cursor = { x: Math.floor(display.width / 2), y: Math.floor(display.height / 2) };
      const screen: ComputerScreen = {
        display,
        cursor,
        async perform(inputs) {
          try {
            await performInputs(page, inputs, cursor);
          } finally {
            // A failed action may still have started something (a click before the key that was unknown).
            await settle(page, inFlight);
          }
        },
        async capture() {
          // One pixel per CSS pixel whatever the device's scale, so that the model's coordinates are the page's.
          const png = await page.screenshot({ type: 'png', scale: 'css' });
          return { png: png.toString('base64'), url: page.url() };
        },
      };
      await settle(page, inFlight);
      return play(screen, computerUseTask(testCase), signal);
    });
}

/** A model's API as a computer-use agent reaches it: through the outbound guard, one JSON request per step. */
export interface ModelApi {
  /** Says who answered in errors: "OpenAI's Responses API". */
  name: string;
  url: string;
  headers: Record<string, string>;
  guard: OutboundGuardOptions;
  timeoutMs?: number;
}

/**
 * POSTs one step's request and returns the parsed JSON answer. An answer other than 2xx fails the run with the
 * provider's own message (both providers answer `{"error": {"message": …}}`), cut to a short excerpt.
 */
export async function postToModel(api: ModelApi, body: unknown, step: number): Promise<unknown> {
  const response = await guardedRequest(
    api.url,
    {
      method: 'POST',
      headers: { ...api.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    },
    { ...api.guard, timeoutMs: api.timeoutMs ?? AGENT_STEP_TIMEOUT_MS },
  );
  const text = response.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status > 299) {
    const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
    const detail = typeof message === 'string' ? message : text;
    throw new Error(
      `${api.name} answered HTTP ${response.status} at step ${step}: ${detail.slice(0, ERROR_EXCERPT)}`,
    );
  }
  if (json === undefined)
    throw new Error(`${api.name} did not answer JSON at step ${step}: ${text.slice(0, ERROR_EXCERPT)}`);
  return json;
}
