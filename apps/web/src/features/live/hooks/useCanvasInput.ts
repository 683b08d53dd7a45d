import { LIVE_VIEW, type LiveMouseMessage, type LiveViewerMessage } from '@proctor/contracts';
import { type RefObject, useEffect, useRef } from 'react';
import type { FrameRenderer } from '../frameRenderer';
import {
  buttonName,
  ClickCounter,
  compositionMessage,
  isLeaveShortcut,
  keyMessage,
  modifiersOf,
  textPieces,
  toFramePixels,
  wheelPixels,
} from '../viewerInput';

/**
 * Forwards a person's pointer and wheel on the canvas, and keys, input-method compositions and pastes on the
 * live view's keyboard (a hidden text area over it: a canvas gets no composition events), while `enabled`.
 * Moves go at most once per animation frame (the latest one); a press, a release or a wheel turn first sends
 * the move waiting, so the page sees the pointer where the press happens. Listeners are native: React's wheel
 * listener is passive and could not stop the dashboard from scrolling. Tab goes to the page; the leave
 * shortcut calls `onLeave`.
 */
export function useCanvasInput(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  keyboardRef: RefObject<HTMLTextAreaElement | null>,
  rendererRef: RefObject<FrameRenderer | null>,
  send: (message: LiveViewerMessage) => void,
  enabled: boolean,
  onLeave: () => void,
): void {
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const onLeaveRef = useRef(onLeave);
  onLeaveRef.current = onLeave;

  useEffect(() => {
    const canvas = canvasRef.current;
    const keyboard = keyboardRef.current;
    if (!canvas || !keyboard) return;
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
      // preventDefault below keeps the focus where it was: the keyboard takes it explicitly.
      keyboard.focus({ preventScroll: true });
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
      if (event.type === 'keydown' && isLeaveShortcut(event)) {
        event.preventDefault();
        onLeaveRef.current();
        return;
      }
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
    const onCompositionUpdate = (event: CompositionEvent) => {
      if (!active()) return;
      const message = compositionMessage(event.data);
      if (message) send(message);
    };
    const onCompositionEnd = (event: CompositionEvent) => {
      // The text area only hosts the composition; what it composed goes to the page.
      keyboard.value = '';
      if (!active()) return;
      if (!event.data) {
        send({ type: 'composition', text: '', selectionStart: 0, selectionEnd: 0 });
        return;
      }
      for (const piece of textPieces(event.data, LIVE_VIEW.maxTextChars)) send({ type: 'text', text: piece });
    };
    const onInput = (event: Event) => {
      // Text that came without a key press or a composition (an emoji picker, dictation).
      if ((event as InputEvent).isComposing || !keyboard.value) return;
      const text = keyboard.value;
      keyboard.value = '';
      if (!active()) return;
      for (const piece of textPieces(text, LIVE_VIEW.maxTextChars)) send({ type: 'text', text: piece });
    };
    // A click on the canvas must not move the focus off the keyboard (to the page's body).
    const onMouseDown = (event: MouseEvent) => event.preventDefault();
    const onContextMenu = (event: MouseEvent) => {
      // A right click opens the page's own menu, not the dashboard's.
      if (active()) event.preventDefault();
    };

    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', onPointerUp);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    keyboard.addEventListener('keydown', onKey);
    keyboard.addEventListener('keyup', onKey);
    keyboard.addEventListener('paste', onPaste);
    keyboard.addEventListener('compositionupdate', onCompositionUpdate);
    keyboard.addEventListener('compositionend', onCompositionEnd);
    keyboard.addEventListener('input', onInput);
    canvas.addEventListener('contextmenu', onContextMenu);
    canvas.addEventListener('mousedown', onMouseDown);
    return () => {
      if (moveFrame !== null) cancelAnimationFrame(moveFrame);
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('wheel', onWheel);
      keyboard.removeEventListener('keydown', onKey);
      keyboard.removeEventListener('keyup', onKey);
      keyboard.removeEventListener('paste', onPaste);
      keyboard.removeEventListener('compositionupdate', onCompositionUpdate);
      keyboard.removeEventListener('compositionend', onCompositionEnd);
      keyboard.removeEventListener('input', onInput);
      canvas.removeEventListener('contextmenu', onContextMenu);
      canvas.removeEventListener('mousedown', onMouseDown);
    };
  }, [canvasRef, keyboardRef, rendererRef, send]);
}
