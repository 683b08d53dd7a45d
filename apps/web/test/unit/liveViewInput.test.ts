import { KEY_MODIFIERS, LIVE_VIEW } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../src/features/live/hooks/useLiveViewSocket';
import { liveViewSocketUrl } from '../../src/features/live/liveViewSocketUrl';
import {
  buttonName,
  ClickCounter,
  type KeyEventFields,
  keyMessage,
  modifiersOf,
  textPieces,
  toFramePixels,
  wheelPixels,
} from '../../src/features/live/viewerInput';

const key = (fields: Partial<KeyEventFields>): KeyEventFields => ({
  key: 'a',
  code: 'KeyA',
  keyCode: 65,
  location: 0,
  repeat: false,
  isComposing: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...fields,
});

describe('live view input', () => {
  it('should map a point on the scaled-down canvas to frame pixels', () => {
    const box = { left: 10, top: 20, width: 640, height: 360 };
    expect(toFramePixels(10, 20, box, { width: 1280, height: 720 })).toEqual({ x: 0, y: 0 });
    expect(toFramePixels(330, 200, box, { width: 1280, height: 720 })).toEqual({ x: 640, y: 360 });
    expect(toFramePixels(330, 200, box, { width: 640, height: 360 })).toEqual({ x: 320, y: 180 });
  });

  it('should count double and triple clicks only for quick presses of one button in one place', () => {
    const clicks = new ClickCounter();
    expect(clicks.press(0, 100, 100, 0)).toBe(1);
    expect(clicks.press(0, 101, 100, 200)).toBe(2);
    expect(clicks.press(0, 101, 101, 400)).toBe(3);
    expect(clicks.count).toBe(3);
    expect(clicks.press(0, 101, 101, 600)).toBe(1);
    expect(clicks.press(0, 101, 101, 800)).toBe(2);
    expect(clicks.press(0, 101, 101, 2000)).toBe(1);
    expect(clicks.press(2, 101, 101, 2100)).toBe(1);
    expect(clicks.press(2, 140, 101, 2200)).toBe(1);
  });

  it('should name buttons and modifiers as the protocol does', () => {
    expect([0, 1, 2, 3, 4, 9].map(buttonName)).toEqual([
      'left',
      'middle',
      'right',
      'back',
      'forward',
      'none',
    ]);
    expect(modifiersOf({ altKey: false, ctrlKey: true, metaKey: false, shiftKey: true })).toBe(
      KEY_MODIFIERS.ctrl | KEY_MODIFIERS.shift,
    );
  });

  it('should turn wheel lines and pages into pixels', () => {
    expect(wheelPixels({ deltaX: 0, deltaY: 3, deltaMode: 1 }, 700)).toEqual({ deltaX: 0, deltaY: 48 });
    expect(wheelPixels({ deltaX: 0, deltaY: 1, deltaMode: 2 }, 700)).toEqual({ deltaX: 0, deltaY: 700 });
    expect(wheelPixels({ deltaX: 5, deltaY: -100, deltaMode: 0 }, 700)).toEqual({ deltaX: 5, deltaY: -100 });
  });

  it('should forward keys with their code, key code and modifiers', () => {
    expect(keyMessage('down', key({ key: 'A', shiftKey: true }))).toEqual({
      type: 'key',
      event: 'down',
      key: 'A',
      code: 'KeyA',
      keyCode: 65,
      location: 0,
      repeat: false,
      modifiers: KEY_MODIFIERS.shift,
    });
    expect(keyMessage('up', key({ key: 'Unidentified', code: '', keyCode: 0 }))).not.toHaveProperty(
      'keyCode',
    );
  });

  it('should leave the paste shortcut and input-method composition to the browser', () => {
    expect(keyMessage('down', key({ key: 'v', ctrlKey: true }))).toBeNull();
    expect(keyMessage('down', key({ key: 'V', metaKey: true, shiftKey: true }))).toBeNull();
    expect(keyMessage('down', key({ key: 'Process', keyCode: 229 }))).toBeNull();
    expect(keyMessage('down', key({ isComposing: true }))).toBeNull();
    expect(keyMessage('down', key({ key: 'v' }))).not.toBeNull();
  });

  it('should split a long paste without breaking a character in two', () => {
    expect(textPieces('', 3)).toEqual([]);
    expect(textPieces('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(textPieces('ab😀c', 3)).toEqual(['ab', '😀c']);
    const long = 'x'.repeat(LIVE_VIEW.maxTextChars * 2 + 1);
    expect(textPieces(long, LIVE_VIEW.maxTextChars).map((piece) => piece.length)).toEqual([
      LIVE_VIEW.maxTextChars,
      LIVE_VIEW.maxTextChars,
      1,
    ]);
  });
});

describe('live view connection', () => {
  it('should build the socket address on the page origin, with the token escaped', () => {
    expect(liveViewSocketUrl('https://proctor.example', 'env-1', 'a+b/c')).toBe(
      'wss://proctor.example/live/env-1/ws?token=a%2Bb%2Fc',
    );
    expect(liveViewSocketUrl('http://localhost:3000', 'env-1', 't')).toBe(
      'ws://localhost:3000/live/env-1/ws?token=t',
    );
  });

  it('should back off reconnects, doubling up to the cap', () => {
    expect(reconnectDelay(0)).toBe(LIVE_VIEW.reconnectFirstMs);
    expect(reconnectDelay(1)).toBe(LIVE_VIEW.reconnectFirstMs * 2);
    expect(reconnectDelay(30)).toBe(LIVE_VIEW.reconnectMaxMs);
  });
});
