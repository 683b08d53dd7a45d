import { KEY_MODIFIERS, type LiveMouseMessage, type LiveViewerMessage } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  coalesce,
  type FrameGeometry,
  frameToViewport,
  InputQueue,
  jpegSize,
  keyEventParams,
  mouseEventParams,
  TabFollower,
  windowsKeyCode,
} from '../src/live';

const metadata = {
  deviceWidth: 1280,
  deviceHeight: 720,
  offsetTop: 0,
  pageScaleFactor: 1,
  scrollOffsetX: 0,
  scrollOffsetY: 400,
};
const fullSize: FrameGeometry = { width: 1280, height: 720, metadata };
const halfSize: FrameGeometry = { width: 640, height: 360, metadata };

describe('frame coordinates', () => {
  it('should map frame pixels to CSS pixels one to one when the frame has the viewport size', () => {
    expect(frameToViewport({ x: 100, y: 50 }, fullSize)).toEqual({ x: 100, y: 50 });
  });

  it('should scale up from a frame smaller than the viewport, on each axis by its own ratio', () => {
    expect(frameToViewport({ x: 100, y: 50 }, halfSize)).toEqual({ x: 200, y: 100 });
    const rounded: FrameGeometry = { width: 640, height: 289, metadata: { ...metadata, deviceHeight: 577 } };
    expect(frameToViewport({ x: 640, y: 289 }, rounded)).toEqual({ x: 1280, y: 577 });
  });

  it('should divide by the page scale factor of a pinch-zoomed page', () => {
    const zoomed: FrameGeometry = { ...fullSize, metadata: { ...metadata, pageScaleFactor: 2 } };
    expect(frameToViewport({ x: 600, y: 300 }, zoomed)).toEqual({ x: 300, y: 150 });
  });

  it('should not shift by the scroll offset or the top offset: the frame starts at the viewport', () => {
    const withTopControls: FrameGeometry = { ...fullSize, metadata: { ...metadata, offsetTop: 56 } };
    expect(frameToViewport({ x: 10, y: 10 }, withTopControls)).toEqual({ x: 10, y: 10 });
  });

  it('should clamp points outside the frame to its edge', () => {
    expect(frameToViewport({ x: -40, y: 9000 }, halfSize)).toEqual({ x: 0, y: 720 });
  });
});

/** The start of a JPEG: SOI, an APP0 segment, then a start-of-frame segment of the given type. */
function jpegStart(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  const frame = [0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...frame, ...new Array(9).fill(0)]);
}

describe('JPEG size', () => {
  it('should read the size of baseline and progressive JPEGs', () => {
    expect(jpegSize(jpegStart(1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(jpegSize(jpegStart(640, 289, 0xc2))).toEqual({ width: 640, height: 289 });
  });

  it('should refuse bytes that are not a JPEG, or end before the size', () => {
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(jpegSize(jpegStart(1280, 720).subarray(0, 24))).toBeUndefined();
  });
});

describe('keyboard', () => {
  it('should give printable keys their text and key code, so that they type', () => {
    expect(keyEventParams({ type: 'key', event: 'down', key: 'a', code: 'KeyA' })).toMatchObject({
      type: 'keyDown',
      key: 'a',
      code: 'KeyA',
      text: 'a',
      windowsVirtualKeyCode: 65,
    });
    expect(
      keyEventParams({
        type: 'key',
        event: 'down',
        key: '!',
        code: 'Digit1',
        modifiers: KEY_MODIFIERS.shift,
      }),
    ).toMatchObject({
      type: 'keyDown',
      text: '!',
      windowsVirtualKeyCode: 49,
      modifiers: KEY_MODIFIERS.shift,
    });
    expect(keyEventParams({ type: 'key', event: 'down', key: 'é', code: 'Digit2' })).toMatchObject({
      text: 'é',
    });
  });

  it('should send editing keys as bare key presses with their virtual key code', () => {
    for (const [key, keyCode] of [
      ['Backspace', 8],
      ['Tab', 9],
      ['ArrowLeft', 37],
      ['Delete', 46],
      ['Escape', 27],
    ] as const) {
      expect(keyEventParams({ type: 'key', event: 'down', key, code: key })).toEqual(
        expect.objectContaining({ type: 'rawKeyDown', windowsVirtualKeyCode: keyCode }),
      );
      expect(keyEventParams({ type: 'key', event: 'down', key, code: key }).text).toBeUndefined();
    }
  });

  it('should send Enter with a carriage return, which submits forms', () => {
    expect(keyEventParams({ type: 'key', event: 'down', key: 'Enter', code: 'Enter' })).toMatchObject({
      type: 'keyDown',
      text: '\r',
      windowsVirtualKeyCode: 13,
    });
  });

  it('should type nothing for shortcuts with Ctrl or Meta, but type AltGr characters', () => {
    const ctrlA = keyEventParams({
      type: 'key',
      event: 'down',
      key: 'a',
      code: 'KeyA',
      modifiers: KEY_MODIFIERS.ctrl,
    });
    expect(ctrlA).toMatchObject({ type: 'rawKeyDown', windowsVirtualKeyCode: 65 });
    expect(ctrlA.text).toBeUndefined();
    const altGr = KEY_MODIFIERS.ctrl | KEY_MODIFIERS.alt;
    expect(
      keyEventParams({ type: 'key', event: 'down', key: '@', code: 'KeyQ', modifiers: altGr }),
    ).toMatchObject({
      text: '@',
    });
  });

  it('should take the key code the viewer’s browser computed, and release keys with keyUp', () => {
    expect(
      keyEventParams({ type: 'key', event: 'down', key: 'ß', code: 'Minus', keyCode: 219 }),
    ).toMatchObject({
      windowsVirtualKeyCode: 219,
    });
    expect(keyEventParams({ type: 'key', event: 'up', key: 'a', code: 'KeyA' })).toMatchObject({
      type: 'keyUp',
    });
    expect(keyEventParams({ type: 'key', event: 'char', key: '', code: '', text: 'ü' })).toMatchObject({
      type: 'char',
      text: 'ü',
    });
  });

  it('should know the key codes of function keys, the keypad and punctuation', () => {
    expect(windowsKeyCode('F5', 'F5')).toBe(116);
    expect(windowsKeyCode('7', 'Numpad7')).toBe(55);
    expect(windowsKeyCode('Home', 'Numpad7')).toBe(36);
    expect(windowsKeyCode('+', 'NumpadAdd')).toBe(107);
    expect(windowsKeyCode(';', 'Semicolon')).toBe(186);
    expect(windowsKeyCode('Unidentified', 'IntlRo')).toBe(0);
  });
});

describe('mouse', () => {
  it('should press and release at CSS pixels with the click count', () => {
    const down: LiveMouseMessage = {
      type: 'mouse',
      event: 'down',
      x: 50,
      y: 25,
      button: 'left',
      clickCount: 2,
    };
    expect(mouseEventParams(down, halfSize)).toEqual({
      type: 'mousePressed',
      x: 100,
      y: 50,
      modifiers: 0,
      button: 'left',
      buttons: 0,
      clickCount: 2,
    });
  });

  it('should drag with the held button and scroll with wheel deltas', () => {
    expect(
      mouseEventParams({ type: 'mouse', event: 'move', x: 10, y: 10, buttons: 1 }, fullSize),
    ).toMatchObject({
      type: 'mouseMoved',
      button: 'left',
      buttons: 1,
      clickCount: 0,
    });
    expect(
      mouseEventParams({ type: 'mouse', event: 'wheel', x: 10, y: 10, deltaY: 120 }, fullSize),
    ).toMatchObject({ type: 'mouseWheel', deltaX: 0, deltaY: 120, button: 'none' });
  });
});

describe('input queue', () => {
  const move = (x: number): LiveMouseMessage => ({ type: 'mouse', event: 'move', x, y: 0 });
  const wheel = (deltaY: number): LiveViewerMessage => ({
    type: 'mouse',
    event: 'wheel',
    x: 5,
    y: 5,
    deltaY,
  });
  const down: LiveViewerMessage = { type: 'mouse', event: 'down', x: 1, y: 1, button: 'left' };

  it('should collapse moves and add up wheel turns, but never merge presses or keys', () => {
    expect(coalesce(move(1), move(2))).toEqual(move(2));
    expect(coalesce(wheel(10), wheel(15))).toMatchObject({ deltaY: 25, deltaX: 0 });
    expect(coalesce(down, down)).toBeUndefined();
    expect(coalesce(move(1), { ...move(2), buttons: 1 })).toBeUndefined();
    const key: LiveViewerMessage = { type: 'key', event: 'down', key: 'a', code: 'KeyA' };
    expect(coalesce(key, key)).toBeUndefined();
  });

  it('should dispatch in order, one at a time, coalescing what waits', async () => {
    const dispatched: LiveViewerMessage[] = [];
    let release: () => void = () => undefined;
    const queue = new InputQueue(async (message) => {
      dispatched.push(message);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    queue.push(down);
    for (const x of [1, 2, 3]) queue.push(move(x));
    queue.push({ ...down, event: 'up' });
    expect(dispatched).toEqual([down]);
    release();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispatched).toEqual([down, move(3)]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispatched.at(-1)).toMatchObject({ event: 'up' });
  });

  it('should drop input beyond its bound instead of replaying a flood late', () => {
    const queue = new InputQueue(() => new Promise(() => undefined), 3);
    for (let i = 0; i < 10; i++) queue.push({ type: 'key', event: 'down', key: 'a', code: 'KeyA' });
    // One in flight, three waiting.
    expect(queue.dropped).toBe(6);
  });
});

describe('followed tab', () => {
  const tab = (targetId: string, openerId?: string) => ({
    targetId,
    url: `https://${targetId}`,
    title: targetId,
    openerId,
  });

  it('should follow the first page there, and then each page opened', () => {
    const tabs = new TabFollower();
    expect(tabs.add(tab('a'), false)).toBe(true);
    expect(tabs.add(tab('b'), false)).toBe(false);
    expect(tabs.followed?.targetId).toBe('a');
    expect(tabs.add(tab('popup', 'a'), true)).toBe(true);
    expect(tabs.followed?.targetId).toBe('popup');
  });

  it('should go back to the opener when the followed tab closes, else to the newest left', () => {
    const tabs = new TabFollower();
    tabs.add(tab('a'), false);
    tabs.add(tab('b'), true);
    tabs.add(tab('popup', 'a'), true);
    expect(tabs.remove('popup')).toBe(true);
    expect(tabs.followed?.targetId).toBe('a');
    expect(tabs.remove('b')).toBe(false);
    tabs.add(tab('c'), true);
    expect(tabs.remove('c')).toBe(true);
    expect(tabs.followed?.targetId).toBe('a');
    expect(tabs.remove('a')).toBe(true);
    expect(tabs.followed).toBeUndefined();
  });

  it('should report changes of the followed tab only', () => {
    const tabs = new TabFollower();
    tabs.add(tab('a'), false);
    tabs.add(tab('b'), false);
    expect(tabs.update({ ...tab('a'), title: 'New' })).toBe(true);
    expect(tabs.followed?.title).toBe('New');
    expect(tabs.update({ ...tab('b'), title: 'New' })).toBe(false);
    expect(tabs.update(tab('unknown'))).toBe(false);
  });
});
