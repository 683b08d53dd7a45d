import { describe, expect, it } from 'vitest';
import {
  type ClaudeMessage,
  claudeInputs,
  SCREENSHOT_LEFT_OUT,
  SCROLL_CLICK_PX,
  trimScreenshots,
} from '../../src/agents/anthropicComputerUse';
import {
  computerUseTask,
  finalAnswer,
  playwrightKey,
  pointOn,
  xdotoolChords,
} from '../../src/agents/computerUse';
import { openAiInputs } from '../../src/agents/openaiComputerUse';

/**
 * The computer-use agents' pure parts: the providers' actions as mouse and keyboard inputs, key names as
 * Playwright's, the conversation kept short, the task as the model reads it and its answer as the session's.
 */

const screen = { width: 1280, height: 720 };

describe('key names', () => {
  it("should map OpenAI's and xdotool's names to Playwright's, and keep single characters", () => {
    expect(
      ['ENTER', 'Return', 'KP_Enter', 'CTRL', 'control_l', 'CMD', 'super', 'ESC', 'SPACE'].map(playwrightKey),
    ).toEqual(['Enter', 'Enter', 'Enter', 'Control', 'Control', 'Meta', 'Meta', 'Escape', 'Space']);
    expect(
      ['ARROWDOWN', 'Up', 'Page_Down', 'PAGEUP', 'BackSpace', 'Delete', 'Tab'].map(playwrightKey),
    ).toEqual(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Backspace', 'Delete', 'Tab']);
    expect(['a', 'A', '/', 'minus', 'F5', 'f12'].map(playwrightKey)).toEqual([
      'a',
      'A',
      '/',
      '-',
      'F5',
      'F12',
    ]);
    expect(() => playwrightKey('Hyper_Z')).toThrow('Unknown key "Hyper_Z"');
  });

  it("should read xdotool's chords: spaces between chords, + between the keys of one", () => {
    expect(xdotoolChords('ctrl+a')).toEqual([['Control', 'a']]);
    expect(xdotoolChords('ctrl+shift+t  Return')).toEqual([['Control', 'Shift', 't'], ['Enter']]);
    expect(xdotoolChords('ctrl++')).toEqual([['Control', '+']]);
    expect(xdotoolChords('+')).toEqual([['+']]);
    expect(() => xdotoolChords('  ')).toThrow('No key given');
  });
});

describe('a coordinate', () => {
  it('should be rounded and must lie on the screen', () => {
    expect(pointOn(screen, 10.4, 719.2)).toEqual({ x: 10, y: 719 });
    expect(() => pointOn(screen, 1280, 10)).toThrow(
      '(1280, 10) is outside the screen, which is 1280x720 pixels',
    );
    expect(() => pointOn(screen, -1, 10)).toThrow(/outside the screen/);
    expect(() => pointOn(screen, Number.NaN, 10)).toThrow('A coordinate must be two numbers');
  });
});

describe("OpenAI's computer_call actions", () => {
  it('should click, double-click, move and scroll at the point given', () => {
    expect(openAiInputs({ type: 'click', button: 'left', x: 100, y: 200 }, screen)).toEqual([
      { input: 'click', x: 100, y: 200, button: 'left', count: 1 },
    ]);
    expect(openAiInputs({ type: 'click', button: 'wheel', x: 1, y: 2 }, screen)).toEqual([
      { input: 'click', x: 1, y: 2, button: 'middle', count: 1 },
    ]);
    expect(openAiInputs({ type: 'double_click', x: 5, y: 6 }, screen)).toEqual([
      { input: 'click', x: 5, y: 6, button: 'left', count: 2 },
    ]);
    expect(openAiInputs({ type: 'move', x: 7, y: 8 }, screen)).toEqual([{ input: 'move', x: 7, y: 8 }]);
    expect(openAiInputs({ type: 'scroll', x: 640, y: 360, scroll_x: 0, scroll_y: 400 }, screen)).toEqual([
      { input: 'move', x: 640, y: 360 },
      { input: 'wheel', dx: 0, dy: 400 },
    ]);
  });

  it('should go back and forward for the mouse buttons that do so in a browser', () => {
    expect(openAiInputs({ type: 'click', button: 'back', x: 0, y: 0 }, screen)).toEqual([
      { input: 'history', direction: 'back' },
    ]);
  });

  it('should press keys together and release them in reverse, and type text as it is', () => {
    expect(openAiInputs({ type: 'keypress', keys: ['CTRL', 'A'] }, screen)).toEqual([
      { input: 'key_down', key: 'Control' },
      { input: 'key_down', key: 'A' },
      { input: 'key_up', key: 'A' },
      { input: 'key_up', key: 'Control' },
    ]);
    expect(openAiInputs({ type: 'type', text: 'Hello, world' }, screen)).toEqual([
      { input: 'type', text: 'Hello, world' },
    ]);
  });

  it('should drag along the path with the left button held', () => {
    expect(
      openAiInputs(
        {
          type: 'drag',
          path: [
            { x: 1, y: 1 },
            { x: 50, y: 60 },
            { x: 90, y: 100 },
          ],
        },
        screen,
      ),
    ).toEqual([
      { input: 'move', x: 1, y: 1 },
      { input: 'mouse_down', button: 'left' },
      { input: 'move', x: 50, y: 60 },
      { input: 'move', x: 90, y: 100 },
      { input: 'mouse_up', button: 'left' },
    ]);
  });

  it('should do nothing for a screenshot, pause for a wait, and refuse what it does not know', () => {
    expect(openAiInputs({ type: 'screenshot' }, screen)).toEqual([]);
    expect(openAiInputs({ type: 'wait' }, screen)).toEqual([{ input: 'wait', ms: 1_000 }]);
    expect(() => openAiInputs({ type: 'teleport', x: 1, y: 1 }, screen)).toThrow(
      /^Not an action of the computer tool: \{"type":"teleport"/,
    );
    expect(() => openAiInputs({ type: 'click', button: 'left', x: 5000, y: 1 }, screen)).toThrow(
      /outside the screen/,
    );
    expect(() => openAiInputs({ type: 'keypress', keys: ['HYPER'] }, screen)).toThrow('Unknown key "HYPER"');
  });
});

describe("Claude's computer tool actions", () => {
  const cursor = { x: 30, y: 40 };

  it('should click at the coordinate given, or where the mouse is, holding the keys named in text', () => {
    expect(claudeInputs({ action: 'left_click', coordinate: [100, 200] }, screen, cursor)).toEqual({
      inputs: [{ input: 'click', x: 100, y: 200, button: 'left', count: 1 }],
    });
    expect(claudeInputs({ action: 'triple_click' }, screen, cursor)).toEqual({
      inputs: [{ input: 'click', x: 30, y: 40, button: 'left', count: 3 }],
    });
    expect(
      claudeInputs({ action: 'right_click', coordinate: [1, 2], text: 'shift' }, screen, cursor),
    ).toEqual({
      inputs: [
        { input: 'key_down', key: 'Shift' },
        { input: 'click', x: 1, y: 2, button: 'right', count: 1 },
        { input: 'key_up', key: 'Shift' },
      ],
    });
  });

  it('should press xdotool keys as Playwright keys, and type text without reading it as keys', () => {
    expect(claudeInputs({ action: 'key', text: 'ctrl+a BackSpace' }, screen, cursor).inputs).toEqual([
      { input: 'key_down', key: 'Control' },
      { input: 'key_down', key: 'a' },
      { input: 'key_up', key: 'a' },
      { input: 'key_up', key: 'Control' },
      { input: 'key_down', key: 'Backspace' },
      { input: 'key_up', key: 'Backspace' },
    ]);
    expect(claudeInputs({ action: 'type', text: 'two words+more' }, screen, cursor).inputs).toEqual([
      { input: 'type', text: 'two words+more' },
    ]);
    expect(claudeInputs({ action: 'hold_key', text: 'shift', duration: 0.5 }, screen, cursor).inputs).toEqual(
      [
        { input: 'key_down', key: 'Shift' },
        { input: 'wait', ms: 500 },
        { input: 'key_up', key: 'Shift' },
      ],
    );
  });

  it('should scroll by wheel clicks in the direction named, from the coordinate given', () => {
    expect(
      claudeInputs(
        { action: 'scroll', coordinate: [640, 360], scroll_direction: 'down', scroll_amount: 5 },
        screen,
        cursor,
      ).inputs,
    ).toEqual([
      { input: 'move', x: 640, y: 360 },
      { input: 'wheel', dx: 0, dy: 5 * SCROLL_CLICK_PX },
    ]);
    expect(
      claudeInputs({ action: 'scroll', scroll_direction: 'left', scroll_amount: 2 }, screen, cursor).inputs,
    ).toEqual([{ input: 'wheel', dx: -2 * SCROLL_CLICK_PX, dy: 0 }]);
  });

  it('should drag, press and release the button, move, wait, and say where the mouse is', () => {
    expect(
      claudeInputs(
        { action: 'left_click_drag', start_coordinate: [1, 2], coordinate: [3, 4] },
        screen,
        cursor,
      ).inputs,
    ).toEqual([
      { input: 'move', x: 1, y: 2 },
      { input: 'mouse_down', button: 'left' },
      { input: 'move', x: 3, y: 4 },
      { input: 'mouse_up', button: 'left' },
    ]);
    expect(claudeInputs({ action: 'left_mouse_down' }, screen, cursor).inputs).toEqual([
      { input: 'mouse_down', button: 'left' },
    ]);
    expect(claudeInputs({ action: 'mouse_move', coordinate: [9, 9] }, screen, cursor).inputs).toEqual([
      { input: 'move', x: 9, y: 9 },
    ]);
    expect(claudeInputs({ action: 'wait', duration: 2 }, screen, cursor).inputs).toEqual([
      { input: 'wait', ms: 2_000 },
    ]);
    expect(claudeInputs({ action: 'cursor_position' }, screen, cursor)).toEqual({
      inputs: [],
      reply: 'X=30,Y=40',
    });
    expect(claudeInputs({ action: 'screenshot' }, screen, cursor)).toEqual({ inputs: [] });
  });

  it('should refuse, saying why, an unknown action, a missing field, or a point off the screen', () => {
    expect(() => claudeInputs({ action: 'zoom' }, screen, cursor)).toThrow('Unknown action "zoom"');
    expect(() => claudeInputs({ action: 'mouse_move' }, screen, cursor)).toThrow(
      'mouse_move needs coordinate',
    );
    expect(() => claudeInputs({ action: 'type' }, screen, cursor)).toThrow('type needs text');
    expect(() => claudeInputs({ action: 'left_click', coordinate: [1280, 0] }, screen, cursor)).toThrow(
      /outside the screen/,
    );
    expect(() => claudeInputs({ coordinate: [1, 2] }, screen, cursor)).toThrow(
      /^Not an input of the computer tool: action: /,
    );
  });
});

describe('the conversation with Claude', () => {
  const image = (n: number) => ({
    type: 'image',
    source: { type: 'base64', media_type: 'image/png', data: `png${n}` },
  });
  const result = (id: string, n: number) => ({ type: 'tool_result', tool_use_id: id, content: [image(n)] });
  const use = (id: string) => ({ type: 'tool_use', id, name: 'computer', input: { action: 'screenshot' } });
  const conversation: ClaudeMessage[] = [
    { role: 'user', content: [{ type: 'text', text: 'Task' }, image(0)] },
    { role: 'assistant', content: [use('a')] },
    { role: 'user', content: [result('a', 1)] },
    { role: 'assistant', content: [{ type: 'text', text: 'Two at once' }, use('b'), use('c')] },
    { role: 'user', content: [result('b', 2), result('c', 3)] },
  ];
  const images = (messages: ClaudeMessage[]) => JSON.stringify(messages).match(/png\d/g);

  it('should keep the last screenshots only, leaving a note where the older ones were', () => {
    const trimmed = trimScreenshots(conversation, 2);
    expect(images(trimmed)).toEqual(['png2', 'png3']);
    expect(trimmed[0]!.content).toEqual([
      { type: 'text', text: 'Task' },
      { type: 'text', text: SCREENSHOT_LEFT_OUT },
    ]);
    expect(trimmed[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: SCREENSHOT_LEFT_OUT }] },
    ]);
    // Turns, tool uses and their results stay as they were.
    expect(trimmed.map((message) => message.role)).toEqual(conversation.map((message) => message.role));
    expect(trimmed[3]).toEqual(conversation[3]);
  });

  it('should change nothing while there are no more screenshots than it keeps, nor the conversation given', () => {
    const before = structuredClone(conversation);
    expect(trimScreenshots(conversation, 4)).toEqual(conversation);
    trimScreenshots(conversation, 1);
    expect(conversation).toEqual(before);
  });
});

describe('the task and the answer', () => {
  it("should give the model the test case's output schema when it scores an answer", () => {
    const schema = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] };
    const task = computerUseTask({ prompt: 'Whose email?', outputSchema: schema, scoringTypes: ['output'] });
    expect(task).toMatch(/^Task: Whose email\?\n\n/);
    expect(task).toContain(`as JSON that matches this JSON Schema: ${JSON.stringify(schema)}`);
    expect(task).toContain('there is no address bar');
    const noAnswer = computerUseTask({
      prompt: 'Archive it',
      outputSchema: { type: 'object', properties: {} },
      scoringTypes: ['mutations'],
    });
    expect(noAnswer).not.toContain('JSON Schema');
    expect(noAnswer).toContain('reply with one short sentence saying so');
  });

  it('should read JSON as JSON, a fenced JSON block too, and anything else as text', () => {
    expect(finalAnswer(' {"email": "a@b.c"} ')).toEqual({ email: 'a@b.c' });
    expect(finalAnswer('Here it is:\n```json\n{"issues": ["API-1"]}\n```')).toEqual({ issues: ['API-1'] });
    expect(finalAnswer('42')).toBe(42);
    expect(finalAnswer('The task is done.')).toBe('The task is done.');
    expect(finalAnswer('  \n')).toBeUndefined();
  });
});
