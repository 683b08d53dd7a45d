import { describe, expect, it } from 'vitest';
import {
  decodeLiveFrame,
  encodeLiveFrame,
  LIVE_VIEW,
  LIVE_VIEW_CLOSE,
  LIVE_VIEW_FINAL_CLOSE_CODES,
  type LiveFrameHeader,
  LiveViewerMessage,
  LiveViewServerMessage,
  liveViewSocketPath,
} from '../src';

const header: LiveFrameHeader = {
  type: 'frame',
  seq: 7,
  width: 640,
  height: 360,
  metadata: {
    deviceWidth: 1280,
    deviceHeight: 720,
    offsetTop: 0,
    pageScaleFactor: 1,
    scrollOffsetX: 0,
    scrollOffsetY: 120.5,
    timestamp: 1795437653.198698,
  },
};
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

describe('live view frames', () => {
  it('should carry the header and the JPEG in one binary message', () => {
    const message = encodeLiveFrame(header, jpeg);
    const frame = decodeLiveFrame(message);
    expect(frame?.header).toEqual(header);
    expect([...(frame?.jpeg ?? [])]).toEqual([...jpeg]);
  });

  it('should read a frame at an offset inside a larger buffer', () => {
    const message = encodeLiveFrame(header, jpeg);
    const larger = new Uint8Array(message.length + 10);
    larger.set(message, 10);
    expect(decodeLiveFrame(larger.subarray(10))?.header.seq).toBe(7);
  });

  it('should refuse messages that are not frames', () => {
    expect(decodeLiveFrame(new Uint8Array([0, 0]))).toBeNull();
    expect(decodeLiveFrame(new Uint8Array([0, 0, 0, 50, 123]))).toBeNull();
    const notJson = new Uint8Array([0, 0, 0, 2, 0x7b, 0x7b]);
    expect(decodeLiveFrame(notJson)).toBeNull();
    const wrongHeader = encodeLiveFrame({ ...header, width: -1 }, jpeg);
    expect(decodeLiveFrame(wrongHeader)).toBeNull();
  });
});

describe('live view messages', () => {
  it('should accept what the canvas sends', () => {
    for (const message of [
      { type: 'mouse', event: 'move', x: 10.5, y: 20 },
      { type: 'mouse', event: 'down', x: 1, y: 2, button: 'left', buttons: 1, clickCount: 1, modifiers: 8 },
      { type: 'mouse', event: 'wheel', x: 1, y: 2, deltaX: 0, deltaY: -120 },
      { type: 'key', event: 'down', key: 'a', code: 'KeyA', keyCode: 65, location: 0, repeat: false },
      { type: 'key', event: 'char', key: '', code: '', text: 'é' },
      { type: 'text', text: 'pasted text' },
      { type: 'navigate', action: 'back' },
      { type: 'composition', text: 'にほん', selectionStart: 3, selectionEnd: 3 },
      { type: 'dialog', accept: true, promptText: 'Ada' },
      { type: 'dialog', accept: false },
      { type: 'fileChooser', files: ['invoice 2026.pdf', 'photo.jpg'] },
      { type: 'fileChooser', files: [] },
      { type: 'upload', name: 'notes.txt', first: true, last: false, data: 'aGVsbG8=' },
    ]) {
      expect(LiveViewerMessage.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('should refuse unknown types, unknown fields and values out of range', () => {
    for (const message of [
      { type: 'eval', expression: '1' },
      { type: 'mouse', event: 'teleport', x: 1, y: 1 },
      { type: 'mouse', event: 'move', x: 1 },
      { type: 'mouse', event: 'move', x: 1, y: 1, extra: true },
      { type: 'mouse', event: 'move', x: Number.NaN, y: 1 },
      { type: 'mouse', event: 'move', x: 1e9, y: 1 },
      { type: 'mouse', event: 'down', x: 1, y: 1, modifiers: 16 },
      { type: 'key', event: 'down', key: 'a'.repeat(33), code: 'KeyA' },
      { type: 'text', text: '' },
      { type: 'text', text: 'x'.repeat(LIVE_VIEW.maxTextChars + 1) },
      { type: 'navigate', action: 'home' },
      { type: 'composition', text: 'x', selectionStart: -1, selectionEnd: 0 },
      { type: 'dialog', accept: 'yes' },
      { type: 'dialog', accept: true, promptText: 'x'.repeat(LIVE_VIEW.maxDialogChars + 1) },
      { type: 'fileChooser', files: ['../../etc/passwd'] },
      { type: 'fileChooser', files: ['/etc/passwd'] },
      { type: 'fileChooser', files: ['..\\boot.ini'] },
      { type: 'fileChooser', files: ['.bashrc'] },
      { type: 'fileChooser', files: ['..'] },
      { type: 'fileChooser', files: Array.from({ length: LIVE_VIEW.maxUploadFiles + 1 }, (_, i) => `f${i}`) },
      { type: 'upload', name: 'a/b.txt', first: true, last: true, data: '' },
      { type: 'upload', name: 'a.txt', first: true, last: true, data: 'not base64!' },
      {
        type: 'upload',
        name: 'a.txt',
        first: true,
        last: true,
        data: 'A'.repeat(LIVE_VIEW.uploadChunkBytes * 2),
      },
      'mouse',
      null,
    ]) {
      expect(LiveViewerMessage.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });

  it('should fit the largest upload piece in one viewer message', () => {
    const piece = {
      type: 'upload',
      name: 'n'.repeat(128),
      first: true,
      last: true,
      data: 'A'.repeat(Math.ceil(LIVE_VIEW.uploadChunkBytes / 3) * 4),
    };
    expect(LiveViewerMessage.safeParse(piece).success).toBe(true);
    expect(JSON.stringify(piece).length).toBeLessThanOrEqual(LIVE_VIEW.maxViewerMessageBytes);
  });

  it("should describe the page's dialog and file chooser", () => {
    for (const message of [
      { type: 'dialog', dialog: { kind: 'prompt', message: 'Name?', defaultPrompt: 'Ada' } },
      { type: 'dialog', dialog: null },
      { type: 'fileChooser', chooser: { multiple: true, files: [{ name: 'a.pdf', size: 3 }] } },
      { type: 'fileChooser', chooser: null },
      { type: 'uploaded', name: 'a.pdf', error: null },
      { type: 'uploaded', name: 'b.pdf', error: 'The uploads folder is full' },
    ]) {
      expect(LiveViewServerMessage.parse(message)).toEqual(message);
    }
  });

  it('should describe the followed tab in a status', () => {
    const status = {
      type: 'status',
      state: 'live',
      tab: { url: 'http://shop.localhost/', title: 'Shop', canGoBack: false, canGoForward: false },
      viewers: 2,
      control: true,
    };
    expect(LiveViewServerMessage.parse(status)).toEqual(status);
    expect(LiveViewServerMessage.safeParse({ ...status, tab: null }).success).toBe(true);
  });

  it('should name the socket path and the close codes after which a viewer stays away', () => {
    expect(liveViewSocketPath('env 1')).toBe('/live/env%201/ws');
    expect(LIVE_VIEW_FINAL_CLOSE_CODES.has(LIVE_VIEW_CLOSE.environmentClosed.code)).toBe(true);
    expect(LIVE_VIEW_FINAL_CLOSE_CODES.has(LIVE_VIEW_CLOSE.invalidMessage.code)).toBe(false);
    expect(LIVE_VIEW_FINAL_CLOSE_CODES.has(1006)).toBe(false);
  });
});
