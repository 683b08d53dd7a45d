import { Center, Paper, Stack, Text } from '@mantine/core';
import { LAYOUT, type LiveFrame } from '@proctor/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FrameRenderer } from '../frameRenderer';
import { useCanvasInput } from '../hooks/useCanvasInput';
import { useLiveViewSocket } from '../hooks/useLiveViewSocket';
import { LEAVE_SHORTCUT_LABEL } from '../viewerInput';
import { LiveFileChooserPanel } from './LiveFileChooserPanel';
import { LivePageDialogPanel } from './LivePageDialogPanel';
import classes from './LiveViewCanvas.module.css';
import { LiveViewStatusBar } from './LiveViewStatusBar';

const REFERENCE = LAYOUT.liveViewReference;
/** The canvas's shape until the first frame: the environment's usual viewport. */
const PLACEHOLDER = LAYOUT.keepaliveInterface;

/**
 * A running environment's page, live: frames drawn on a canvas at most `width` wide (the 1310x800
 * reference by default) and never above their natural size, and the person's pointer, wheel and keys sent
 * back while the live view has the keyboard (click it first, or tab to it; Tab then moves inside the page and
 * the leave shortcut gives the keyboard back to the dashboard). The page's dialogs and file choosers show
 * over it and wait for the person's answer.
 */
export function LiveViewCanvas({
  socketUrl,
  width = REFERENCE.width,
  bare = false,
}: {
  socketUrl: string;
  width?: number;
  /** The page alone, without the status bar and the keyboard hint (an embedded view: /viewer?hideNav). */
  bare?: boolean;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const keyboardRef = useRef<HTMLTextAreaElement>(null);
  const rendererRef = useRef<FrameRenderer | null>(null);
  const [hasKeyboard, setHasKeyboard] = useState(false);
  // Input waits for the first frame (a click on a blank canvas points at nothing), and so does the hint.
  const [drawn, setDrawn] = useState(false);
  const onFrame = useCallback((frame: LiveFrame) => rendererRef.current?.push(frame), []);
  const { connection, status, dialog, fileChooser, uploaded, send } = useLiveViewSocket(socketUrl, onFrame);
  const live = connection.state === 'live';
  const control = live && (status?.control ?? false);
  // The frame takes the focus: the next Tab goes to what follows the live view on the dashboard.
  const leave = useCallback(() => frameRef.current?.focus(), []);
  useCanvasInput(canvasRef, keyboardRef, rendererRef, send, control && !dialog && !fileChooser, leave);
  const refocus = () => keyboardRef.current?.focus({ preventScroll: true });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const renderer = new FrameRenderer(canvas, () => setDrawn(true));
    rendererRef.current = renderer;
    return () => {
      renderer.dispose();
      rendererRef.current = null;
    };
  }, []);

  const maxHeight = (width * REFERENCE.height) / REFERENCE.width;
  return (
    <Stack gap={4} maw={width}>
      <div ref={frameRef} className={classes.frame} tabIndex={-1}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          width={PLACEHOLDER.width}
          height={PLACEHOLDER.height}
          style={{ maxHeight }}
          aria-label="Live view of the environment's browser"
          data-inactive={live ? undefined : true}
        />
        {/* Takes the keys over the canvas: an input method composes only in an editable element. */}
        <textarea
          ref={keyboardRef}
          className={classes.keyboard}
          aria-label="Keyboard of the live view"
          aria-description={`Keys go to the page, Tab included. ${LEAVE_SHORTCUT_LABEL} leaves the live view.`}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          onFocus={() => setHasKeyboard(true)}
          onBlur={() => setHasKeyboard(false)}
        />
        {live && dialog && (
          <Center className={classes.panel}>
            <LivePageDialogPanel
              key={`${dialog.kind}:${dialog.message}`}
              dialog={dialog}
              control={control}
              onAnswer={(answer) => {
                send(answer);
                refocus();
              }}
            />
          </Center>
        )}
        {live && !dialog && fileChooser && (
          <Center className={classes.panel}>
            <LiveFileChooserPanel
              chooser={fileChooser}
              control={control}
              uploaded={uploaded}
              onUpload={send}
              onAnswer={(answer) => {
                send(answer);
                refocus();
              }}
            />
          </Center>
        )}
        {live && !drawn && (
          <Center className={classes.overlay}>
            <Text size="sm" c="dimmed">
              Waiting for the page…
            </Text>
          </Center>
        )}
        {connection.state === 'ended' && (
          <Center className={classes.overlay}>
            <Paper shadow="sm" radius="md" px="lg" py="sm">
              <Text fw={600}>{connection.reason}</Text>
            </Paper>
          </Center>
        )}
      </div>
      {control && drawn && !bare && (
        <Text size="xs" c="dimmed" px={4} aria-hidden>
          {hasKeyboard
            ? `Keys go to the page, Tab included · ${LEAVE_SHORTCUT_LABEL} leaves the live view`
            : 'Click the page to type into it'}
        </Text>
      )}
      {!bare && (
        <LiveViewStatusBar
          connection={connection}
          status={status}
          onNavigate={(action) => send({ type: 'navigate', action })}
        />
      )}
    </Stack>
  );
}
