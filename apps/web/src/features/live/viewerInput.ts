import {
  KEY_MODIFIERS,
  LIVE_VIEW,
  type LiveCompositionMessage,
  type LiveKeyMessage,
  type LiveMouseMessage,
  type LiveUploadMessage,
} from '@proctor/contracts';

/**
 * Turning a person's pointer, wheel and keys on the live view canvas into the live view's messages. Pure,
 * over the few fields of DOM events that matter, so it is tested without a browser.
 */

export interface Size {
  width: number;
  height: number;
}

export interface CanvasBox extends Size {
  left: number;
  top: number;
}

/**
 * A point on the canvas as displayed (client pixels, the canvas scaled down to fit) in frame pixels: the
 * canvas's own pixel size is the frame's.
 */
export function toFramePixels(clientX: number, clientY: number, box: CanvasBox, frame: Size) {
  return {
    x: ((clientX - box.left) * frame.width) / box.width,
    y: ((clientY - box.top) * frame.height) / box.height,
  };
}

export function modifiersOf(event: {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}) {
  return (
    (event.altKey ? KEY_MODIFIERS.alt : 0) |
    (event.ctrlKey ? KEY_MODIFIERS.ctrl : 0) |
    (event.metaKey ? KEY_MODIFIERS.meta : 0) |
    (event.shiftKey ? KEY_MODIFIERS.shift : 0)
  );
}

const BUTTONS: ReadonlyArray<NonNullable<LiveMouseMessage['button']>> = [
  'left',
  'middle',
  'right',
  'back',
  'forward',
];

/** DOM `MouseEvent.button` (0 left, 1 middle, 2 right, 3 back, 4 forward) by name. */
export function buttonName(button: number): NonNullable<LiveMouseMessage['button']> {
  return BUTTONS[button] ?? 'none';
}

const LINE_PIXELS = 16;

/** Wheel deltas in pixels: Firefox counts lines (deltaMode 1) or pages (2) where Chromium counts pixels. */
export function wheelPixels(
  event: { deltaX: number; deltaY: number; deltaMode: number },
  pageHeight: number,
): { deltaX: number; deltaY: number } {
  const unit = event.deltaMode === 1 ? LINE_PIXELS : event.deltaMode === 2 ? pageHeight : 1;
  return { deltaX: event.deltaX * unit, deltaY: event.deltaY * unit };
}

const MULTI_CLICK_MS = 500;
const MULTI_CLICK_DISTANCE = 4;
/** Pages tell single, double and triple clicks apart (word and line selection); a fourth starts over. */
const MAX_CLICK_COUNT = 3;

/**
 * Counts presses into clicks, double clicks and triple clicks as an operating system does: the same button
 * again soon and close by. (Pointer events carry no click count of their own.)
 */
export class ClickCounter {
  #last: { button: number; x: number; y: number; time: number; count: number } | undefined;

  press(button: number, x: number, y: number, time: number): number {
    const last = this.#last;
    const again =
      last !== undefined &&
      last.button === button &&
      time - last.time <= MULTI_CLICK_MS &&
      Math.hypot(x - last.x, y - last.y) <= MULTI_CLICK_DISTANCE;
    const count = again ? (last.count % MAX_CLICK_COUNT) + 1 : 1;
    this.#last = { button, x, y, time, count };
    return count;
  }

  /** The count of the latest press, which its release repeats. */
  get count(): number {
    return this.#last?.count ?? 1;
  }
}

export interface KeyEventFields {
  key: string;
  code: string;
  keyCode: number;
  location: number;
  repeat: boolean;
  isComposing: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** Ctrl+V or Cmd+V: left to the browser, whose paste event brings the clipboard's text along. */
export function isPasteShortcut(event: KeyEventFields): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'v';
}

/**
 * Ctrl+] leaves the live view's keyboard (Tab and Escape belong to the page). Matched by the key or by its
 * place, for layouts where `]` needs another modifier.
 */
export function isLeaveShortcut(event: KeyEventFields): boolean {
  return (
    event.ctrlKey && !event.altKey && !event.metaKey && (event.key === ']' || event.code === 'BracketRight')
  );
}

export const LEAVE_SHORTCUT_LABEL = 'Ctrl+]';

/**
 * A key press or release as a message, or null for what is not forwarded: the paste shortcut, the leave
 * shortcut, and keys of an input method's composition (dead keys start one). The server derives the typed
 * text and missing key codes.
 */
export function keyMessage(event: 'down' | 'up', fields: KeyEventFields): LiveKeyMessage | null {
  if (fields.isComposing || fields.key === 'Process' || fields.key === 'Dead') return null;
  if (isPasteShortcut(fields) || isLeaveShortcut(fields)) return null;
  if (fields.key.length > 32 || fields.code.length > 32) return null;
  return {
    type: 'key',
    event,
    key: fields.key,
    code: fields.code,
    ...(fields.keyCode > 0 && fields.keyCode < 256 ? { keyCode: fields.keyCode } : {}),
    location: fields.location,
    repeat: fields.repeat,
    modifiers: modifiersOf(fields),
  };
}

/** Pasted text in pieces a message can carry, never splitting a character made of two UTF-16 units. */
export function textPieces(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of text) {
    if (piece.length + char.length > maxChars) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The input method's text being composed, caret at its end; null when too long to carry (it still commits). */
export function compositionMessage(text: string): LiveCompositionMessage | null {
  if (text.length > LIVE_VIEW.maxTextChars) return null;
  return { type: 'composition', text, selectionStart: text.length, selectionEnd: text.length };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A file's bytes as the upload messages that put it into the environment's uploads folder, in order. */
export function uploadPieces(name: string, bytes: Uint8Array): LiveUploadMessage[] {
  const pieces: LiveUploadMessage[] = [];
  const size = LIVE_VIEW.uploadChunkBytes;
  for (let start = 0; start === 0 || start < bytes.length; start += size) {
    pieces.push({
      type: 'upload',
      name,
      first: start === 0,
      last: start + size >= bytes.length,
      data: base64(bytes.subarray(start, start + size)),
    });
  }
  return pieces;
}
