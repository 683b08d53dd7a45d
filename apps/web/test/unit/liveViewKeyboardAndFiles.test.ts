import { formatByteSize, LIVE_VIEW, LiveViewerMessage } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  compositionMessage,
  isLeaveShortcut,
  type KeyEventFields,
  keyMessage,
  uploadPieces,
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

describe('live view keyboard', () => {
  it('should send Tab and Escape to the page, and keep Ctrl+] for leaving the live view', () => {
    expect(keyMessage('down', key({ key: 'Tab', code: 'Tab', keyCode: 9 }))).toMatchObject({ key: 'Tab' });
    expect(keyMessage('down', key({ key: 'Escape', code: 'Escape', keyCode: 27 }))).toMatchObject({
      key: 'Escape',
    });
    const leave = key({ key: ']', code: 'BracketRight', ctrlKey: true });
    expect(isLeaveShortcut(leave)).toBe(true);
    expect(keyMessage('down', leave)).toBeNull();
    // A layout where the key in that place types something else still leaves.
    expect(isLeaveShortcut(key({ key: '+', code: 'BracketRight', ctrlKey: true }))).toBe(true);
    expect(isLeaveShortcut(key({ key: ']', code: 'BracketRight' }))).toBe(false);
    expect(isLeaveShortcut(key({ key: 'Tab', code: 'Tab', ctrlKey: true }))).toBe(false);
  });

  it('should leave dead keys and composing keys to the input method', () => {
    expect(keyMessage('down', key({ key: 'Dead', code: 'Quote' }))).toBeNull();
    expect(keyMessage('down', key({ key: 'Process', code: 'KeyN' }))).toBeNull();
    expect(keyMessage('down', key({ key: 'n', code: 'KeyN', isComposing: true }))).toBeNull();
  });

  it('should send the composed text with the caret at its end, unless too long to carry', () => {
    const message = compositionMessage('にほん');
    expect(message).toEqual({ type: 'composition', text: 'にほん', selectionStart: 3, selectionEnd: 3 });
    expect(LiveViewerMessage.safeParse(message).success).toBe(true);
    expect(compositionMessage('x'.repeat(LIVE_VIEW.maxTextChars + 1))).toBeNull();
  });
});

describe('live view uploads', () => {
  it('should cut a file into ordered pieces that the server accepts and that add up to the file', () => {
    const bytes = new Uint8Array(LIVE_VIEW.uploadChunkBytes * 2 + 5).map((_, i) => (i * 7) % 256);
    const pieces = uploadPieces('photo.jpg', bytes);
    expect(pieces.map((piece) => [piece.first, piece.last])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    for (const piece of pieces) {
      expect(LiveViewerMessage.safeParse(piece).success).toBe(true);
      expect(JSON.stringify(piece).length).toBeLessThanOrEqual(LIVE_VIEW.maxViewerMessageBytes);
    }
    const joined = pieces.flatMap((piece) => [...atob(piece.data)].map((char) => char.charCodeAt(0)));
    expect(joined).toEqual([...bytes]);
  });

  it('should send an empty file as one piece', () => {
    expect(uploadPieces('empty.txt', new Uint8Array())).toEqual([
      { type: 'upload', name: 'empty.txt', first: true, last: true, data: '' },
    ]);
  });

  it('should show sizes in bytes, KB and MB', () => {
    expect(formatByteSize(512)).toBe('512 B');
    expect(formatByteSize(2048)).toBe('2.0 KB');
    expect(formatByteSize(LIVE_VIEW.maxUploadBytes)).toBe('20.0 MB');
  });
});
