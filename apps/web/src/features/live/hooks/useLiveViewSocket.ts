import {
  decodeLiveFrame,
  LIVE_VIEW,
  LIVE_VIEW_CLOSE,
  LIVE_VIEW_FINAL_CLOSE_CODES,
  type LiveFileChooserMessage,
  type LiveFrame,
  type LivePageDialog,
  type LiveUploadResult,
  type LiveViewerMessage,
  LiveViewServerMessage,
  type LiveViewStatus,
} from '@proctor/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type LiveConnection =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; retryAt: number }
  /** The server said so: the environment closed, or this viewer may not see it. No reconnecting. */
  | { state: 'ended'; reason: string };

/** Wait before reconnect attempt `attempt` (0-based): doubling from the first wait up to the cap. */
export function reconnectDelay(attempt: number): number {
  return Math.min(LIVE_VIEW.reconnectMaxMs, LIVE_VIEW.reconnectFirstMs * 2 ** attempt);
}

function endReason(code: number, reason: string): string {
  if (reason) return reason;
  const known = Object.values(LIVE_VIEW_CLOSE).find((close) => close.code === code);
  return known?.reason ?? 'Disconnected';
}

/**
 * The live view socket of one environment: reconnects with backoff after a drop, stays closed after a
 * final close code. Frames go to `onFrame` as they come, outside React's state (30 a second would re-render
 * for nothing); the connection state and the server's status are state.
 */
export function useLiveViewSocket(socketUrl: string, onFrame: (frame: LiveFrame) => void) {
  const [connection, setConnection] = useState<LiveConnection>({ state: 'connecting' });
  const [status, setStatus] = useState<LiveViewStatus | null>(null);
  /** The page's dialog and file chooser waiting for an answer. */
  const [dialog, setDialog] = useState<LivePageDialog | null>(null);
  const [fileChooser, setFileChooser] = useState<LiveFileChooserMessage['chooser']>(null);
  /** The server's word on this viewer's latest upload. */
  const [uploaded, setUploaded] = useState<LiveUploadResult | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(() => {
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const socket = new WebSocket(socketUrl);
      socket.binaryType = 'arraybuffer';
      socketRef.current = socket;
      socket.onopen = () => {
        if (stopped) return;
        attempt = 0;
        setConnection({ state: 'live' });
      };
      socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
        if (stopped) return;
        if (typeof event.data === 'string') {
          const parsed = LiveViewServerMessage.safeParse(safeJson(event.data));
          if (!parsed.success) return;
          const message = parsed.data;
          if (message.type === 'status') setStatus(message);
          else if (message.type === 'dialog') setDialog(message.dialog);
          else if (message.type === 'uploaded') setUploaded(message);
          else setFileChooser(message.chooser);
          return;
        }
        const frame = decodeLiveFrame(new Uint8Array(event.data));
        if (frame) onFrameRef.current(frame);
      };
      socket.onclose = (event) => {
        // A socket of an effect already cleaned up closes late: it must not touch the current one.
        if (stopped) return;
        socketRef.current = null;
        // The server tells a viewer who joins about what is still open.
        setDialog(null);
        setFileChooser(null);
        if (LIVE_VIEW_FINAL_CLOSE_CODES.has(event.code)) {
          setConnection({ state: 'ended', reason: endReason(event.code, event.reason) });
          return;
        }
        const delay = reconnectDelay(attempt++);
        setConnection({ state: 'reconnecting', retryAt: Date.now() + delay });
        retryTimer = setTimeout(() => {
          setConnection({ state: 'connecting' });
          connect();
        }, delay);
      };
    };

    setConnection({ state: 'connecting' });
    setStatus(null);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socketRef.current?.close(1000);
      socketRef.current = null;
    };
  }, [socketUrl]);

  const send = useCallback((message: LiveViewerMessage) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  return { connection, status, dialog, fileChooser, uploaded, send };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
