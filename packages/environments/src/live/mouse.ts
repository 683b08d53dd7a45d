import type { LiveMouseMessage } from '@proctor/contracts';
import type { CdpParams } from '../cdp/connection';
import { type FrameGeometry, frameToViewport } from './frameGeometry';

const EVENT_TYPES = {
  move: 'mouseMoved',
  down: 'mousePressed',
  up: 'mouseReleased',
  wheel: 'mouseWheel',
} as const;

/** The button a move drags with, as Chromium expects it on mouseMoved during a drag. */
function heldButton(buttons: number): 'none' | 'left' | 'right' | 'middle' {
  if (buttons & 1) return 'left';
  if (buttons & 2) return 'right';
  if (buttons & 4) return 'middle';
  return 'none';
}

/** A viewer's mouse message as `Input.dispatchMouseEvent` parameters, its point mapped through the frame. */
export function mouseEventParams(
  message: LiveMouseMessage,
  geometry: FrameGeometry,
): CdpParams<'Input.dispatchMouseEvent'> {
  const { x, y } = frameToViewport(message, geometry);
  const pressOrRelease = message.event === 'down' || message.event === 'up';
  return {
    type: EVENT_TYPES[message.event],
    x,
    y,
    modifiers: message.modifiers ?? 0,
    button: message.button ?? heldButton(message.buttons ?? 0),
    buttons: message.buttons ?? 0,
    clickCount: pressOrRelease ? (message.clickCount ?? 1) : 0,
    ...(message.event === 'wheel' ? { deltaX: message.deltaX ?? 0, deltaY: message.deltaY ?? 0 } : {}),
  };
}
