import { Center, Paper, Stack, Text } from '@mantine/core';
import { LAYOUT, type LiveFrame } from '@proctor/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { FrameRenderer } from '../frameRenderer';
import { useCanvasInput } from '../hooks/useCanvasInput';
import { useLiveViewSocket } from '../hooks/useLiveViewSocket';
import classes from './LiveViewCanvas.module.css';
import { LiveViewStatusBar } from './LiveViewStatusBar';

const REFERENCE = LAYOUT.liveViewReference;
/** The canvas's shape until the first frame: the environment's usual viewport. */
const PLACEHOLDER = LAYOUT.keepaliveInterface;

/**
 * A running environment's page, live: frames drawn on a canvas at most `width` wide (the 1310x800
 * reference by default) and never above their natural size, and the person's pointer, wheel and keys sent
 * back while the canvas has focus (click it first, or tab to it).
 */
export function LiveViewCanvas({
  socketUrl,
  width = REFERENCE.width,
}: {
  socketUrl: string;
  width?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<FrameRenderer | null>(null);
  const onFrame = useCallback((frame: LiveFrame) => rendererRef.current?.push(frame), []);
  const { connection, status, send } = useLiveViewSocket(socketUrl, onFrame);
  const live = connection.state === 'live';
  useCanvasInput(canvasRef, rendererRef, send, live && (status?.control ?? false));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const renderer = new FrameRenderer(canvas);
    rendererRef.current = renderer;
    return () => {
      renderer.dispose();
      rendererRef.current = null;
    };
  }, []);

  const maxHeight = (width * REFERENCE.height) / REFERENCE.width;
  return (
    <Stack gap={4} maw={width}>
      <div className={classes.frame}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          width={PLACEHOLDER.width}
          height={PLACEHOLDER.height}
          style={{ maxHeight }}
          tabIndex={0}
          aria-label="Live view of the environment's browser"
          data-inactive={live ? undefined : true}
        />
        {connection.state === 'ended' && (
          <Center className={classes.overlay}>
            <Paper shadow="sm" radius="md" px="lg" py="sm">
              <Text fw={600}>{connection.reason}</Text>
            </Paper>
          </Center>
        )}
      </div>
      <LiveViewStatusBar
        connection={connection}
        status={status}
        onNavigate={(action) => send({ type: 'navigate', action })}
      />
    </Stack>
  );
}
