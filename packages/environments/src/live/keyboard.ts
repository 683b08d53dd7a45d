import { KEY_MODIFIERS, type LiveKeyMessage } from '@proctor/contracts';
import type { CdpParams } from '../cdp/connection';

/** Windows virtual key codes of named keys: Chromium runs editing commands (Backspace, Enter, Tab, arrows) off these. */
const NAMED_KEY_CODES: Record<string, number> = {
  Backspace: 8,
  Tab: 9,
  Enter: 13,
  Shift: 16,
  Control: 17,
  Alt: 18,
  Pause: 19,
  CapsLock: 20,
  Escape: 27,
  ' ': 32,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
  PrintScreen: 44,
  Insert: 45,
  Delete: 46,
  Meta: 91,
  ContextMenu: 93,
  NumLock: 144,
  ScrollLock: 145,
};

/** Keys whose code, not their character, fixes the key code (punctuation differs between layouts). */
const CODE_KEY_CODES: Record<string, number> = {
  Semicolon: 186,
  Equal: 187,
  Comma: 188,
  Minus: 189,
  Period: 190,
  Slash: 191,
  Backquote: 192,
  BracketLeft: 219,
  Backslash: 220,
  BracketRight: 221,
  Quote: 222,
  NumpadMultiply: 106,
  NumpadAdd: 107,
  NumpadSubtract: 109,
  NumpadDecimal: 110,
  NumpadDivide: 111,
  NumpadEnter: 13,
};

/** The Windows virtual key code of a key, as a browser would compute it on a US layout. */
export function windowsKeyCode(key: string, code: string): number {
  const named = NAMED_KEY_CODES[key];
  if (named !== undefined) return named;
  if (/^[a-zA-Z0-9]$/.test(key)) return key.toUpperCase().charCodeAt(0);
  const numpadDigit = /^Numpad([0-9])$/.exec(code);
  if (numpadDigit) return 96 + Number(numpadDigit[1]);
  const functionKey = /^F([1-9]|1[0-9]|2[0-4])$/.exec(key);
  if (functionKey) return 111 + Number(functionKey[1]);
  const byCode = CODE_KEY_CODES[code];
  if (byCode !== undefined) return byCode;
  // A letter or digit key that typed another character (a layout's é, a shifted !): its physical key.
  const physical = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(code);
  if (physical) return (physical[1] ?? physical[2])!.charCodeAt(0);
  return 0;
}

/**
 * What a key press types: its character, unless Ctrl or Meta make it a shortcut (Ctrl with Alt is AltGr on
 * Windows, which types), and a carriage return for Enter, which is what submits a form.
 */
export function typedText(key: string, modifiers: number): string | undefined {
  if (key === 'Enter') return '\r';
  if ([...key].length !== 1) return undefined;
  const ctrl = (modifiers & KEY_MODIFIERS.ctrl) !== 0;
  const alt = (modifiers & KEY_MODIFIERS.alt) !== 0;
  const meta = (modifiers & KEY_MODIFIERS.meta) !== 0;
  if (meta || (ctrl && !alt)) return undefined;
  return key;
}

/** A viewer's key message as `Input.dispatchKeyEvent` parameters. */
export function keyEventParams(message: LiveKeyMessage): CdpParams<'Input.dispatchKeyEvent'> {
  const modifiers = message.modifiers ?? 0;
  const keyCode = message.keyCode || windowsKeyCode(message.key, message.code);
  const common = {
    modifiers,
    key: message.key,
    code: message.code,
    windowsVirtualKeyCode: keyCode,
    nativeVirtualKeyCode: keyCode,
    location: message.location,
    isKeypad: message.location === 3,
    autoRepeat: message.repeat ?? false,
  };
  if (message.event === 'up') return { type: 'keyUp', ...common };
  if (message.event === 'char') {
    const text = message.text ?? message.key;
    return { type: 'char', ...common, text, unmodifiedText: text };
  }
  const text = message.text ?? typedText(message.key, modifiers);
  // keyDown with text also sends the char event (keypress, input); rawKeyDown is a bare key press.
  return text === undefined
    ? { type: 'rawKeyDown', ...common }
    : { type: 'keyDown', ...common, text, unmodifiedText: text };
}
