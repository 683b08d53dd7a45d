import { LIVE_VIEW, type LiveMouseMessage, type LiveViewerMessage } from '@proctor/contracts';
import { type RefObject, useEffect, useRef } from 'react';
import type { FrameRenderer } from '../frameRenderer';
import {
  buttonName,
  ClickCounter,
  keyMessage,
  modifiersOf,
  textPieces,
  toFramePixels,
  wheelPixels,
} from '../viewerInput';

/**
 * Forwards a person's pointer, wheel, keys and pastes on the canvas while `enabled`. Moves go at most once
 * per animation frame (the latest one); a press, a release or a wheel turn first sends the move waiting, so
 * the page sees the pointer where the press happens. Listeners are native: React's wheel listener is
 * passive and could not stop the dashboard from scrolling.
 */
export function useCanvasInput(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  rendererRef: RefObject<FrameRenderer | null>,
  send: (message: LiveViewerMessage) => void,
  enabled: boolean,
): void {
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const clicks = new ClickCounter();
    let waitingMove: LiveMouseMessage | null = null;
    let moveFrame: number | null = null;

    const active = () => enabledRef.current && (rendererRef.current?.drawn ?? false);
    const point = (event: MouseEvent) =>
      toFramePixels(event.clientX, event.clientY, canvas.getBoundingClientRect(), canvas);
    const flushMove = () => {
      if (moveFrame !== null) cancelAnimationFrame(moveFrame);
      moveFrame = null;
      if (waitingMove) send(waitingMove);
      waitingMove = null;
    };

    const onPointerDown = (event: PointerEvent) => {
      canvas.focus();
      if (!active()) return;
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      flushMove();
      const at = point(event);
      send({
        type: 'mouse',
        event: 'down',
        ...at,
        button: buttonName(event.button),
        buttons: event.buttons,
        clickCount: clicks.press(event.button, at.x, at.y, event.timeStamp),
        modifiers: modifiersOf(event),
      });
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!active()) return;
      waitingMove = {
        type: 'mouse',
        event: 'move',
        ...point(event),
        buttons: event.buttons,
        modifiers: modifiersOf(event),
      };
      moveFrame ??= requestAnimationFrame(flushMove);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!active()) return;
      flushMove();
      const at = point(event);
      send({
        type: 'mouse',
        event: 'up',
        ...at,
        button: buttonName(event.button),
        buttons: event.buttons,
        clickCount: clicks.count,
        modifiers: modifiersOf(event),
      });
    };
    const onWheel = (event: WheelEvent) => {
      if (!active()) return;
      event.preventDefault();
      flushMove();
      send({
        type: 'mouse',
        event: 'wheel',
        ...point(event),
        ...wheelPixels(event, canvas.getBoundingClientRect().height),
        modifiers: modifiersOf(event),
      });
    };
    const onKey = (event: KeyboardEvent) => {
      if (!active()) return;
      const message = keyMessage(event.type === 'keydown' ? 'down' : 'up', event);
      if (!message) return;
      // Tab, Backspace, arrows and shortcuts belong to the page in the live view, not to the dashboard.
      event.preventDefault();
      send(message);
    };
    const onPaste = (event: ClipboardEvent) => {
      if (!active()) return;
      event.preventDefault();
      const text = event.clipboardData?.getData('text/plain') ?? '';
      for (const piece of textPieces(text, LIVE_VIEW.maxTextChars)) send({ type: 'text', text: piece });
    };
    const onContextMenu = (event: MouseEvent) => {
      // A right click opens the page's own menu, not the dashboard's.
      if (active()) event.preventDefault();
    };

    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', onPointerUp);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('keydown', onKey);
    canvas.addEventListener('keyup', onKey);
    canvas.addEventListener('paste', onPaste);
    canvas.addEventListener('contextmenu', onContextMenu);
    return () => {
      if (moveFrame !== null) cancelAnimationFrame(moveFrame);
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('keyup', onKey);
      canvas.removeEventListener('paste', onPaste);
      canvas.removeEventListener('contextmenu', onContextMenu);
    };
  }, [canvasRef, rendererRef, send]);
}
