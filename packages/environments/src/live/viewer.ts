import {
  LIVE_VIEW,
  LIVE_VIEW_CLOSE,
  LiveViewerMessage,
  type LiveViewServerMessage,
} from '@proctor/contracts';
import WebSocket, { type RawData } from 'ws';

export interface LiveViewerOptions {
  /** Whether the viewer's input is forwarded to the page; a watch-only viewer's is ignored. */
  control: boolean;
  /** Above this many bytes waiting in the socket, the viewer is slow and is kept to the latest frame. */
  maxBufferedBytes: number;
  onMessage(viewer: LiveViewer, message: LiveViewerMessage): void;
  onClose(viewer: LiveViewer): void;
}

export interface LiveViewerStats {
  control: boolean;
  framesSent: number;
  /** Frames replaced by a newer one before the viewer could take them. */
  framesSkipped: number;
  bufferedAmount: number;
}

function asBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? Buffer.from(data) : data;
}

/** A viewer's message, or why it closes the socket: too large, binary, not JSON of a known message. */
function parseViewerMessage(
  data: RawData,
  isBinary: boolean,
): { message: LiveViewerMessage } | { code: number; reason: string } {
  const bytes = asBuffer(data);
  if (bytes.length > LIVE_VIEW.maxViewerMessageBytes) return LIVE_VIEW_CLOSE.messageTooLarge;
  if (isBinary) return LIVE_VIEW_CLOSE.binaryMessage;
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return LIVE_VIEW_CLOSE.invalidMessage;
  }
  const parsed = LiveViewerMessage.safeParse(json);
  return parsed.success ? { message: parsed.data } : LIVE_VIEW_CLOSE.invalidMessage;
}

/**
 * One person watching, on a `ws` WebSocket. Frames go out as they come while the socket keeps up; once more
 * than `maxBufferedBytes` wait in it, the viewer holds one pending frame, replaced by each newer one and sent
 * when the socket drains. A slow viewer so sees fewer frames, never older ones, and costs at most one frame
 * of memory beyond the threshold.
 */
export class LiveViewer {
  readonly control: boolean;
  readonly #socket: WebSocket;
  readonly #options: LiveViewerOptions;
  #pending: Uint8Array | undefined;
  #framesSent = 0;
  #framesSkipped = 0;
  #closed = false;
  #serial: Promise<unknown> = Promise.resolve();

  constructor(socket: WebSocket, options: LiveViewerOptions) {
    this.#socket = socket;
    this.#options = options;
    this.control = options.control;
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    socket.on('close', () => this.#closedBySocket());
    // The socket closes after an error; without a listener the error would be thrown.
    socket.on('error', () => socket.terminate());
    if (socket.readyState !== WebSocket.OPEN) this.#closedBySocket();
  }

  get closed(): boolean {
    return this.#closed;
  }

  stats(): LiveViewerStats {
    return {
      control: this.control,
      framesSent: this.#framesSent,
      framesSkipped: this.#framesSkipped,
      bufferedAmount: this.#socket.bufferedAmount,
    };
  }

  sendFrame(frame: Uint8Array): void {
    if (this.#closed) return;
    if (this.#socket.bufferedAmount > this.#options.maxBufferedBytes) {
      if (this.#pending) this.#framesSkipped++;
      this.#pending = frame;
      return;
    }
    this.#write(frame);
  }

  send(message: LiveViewServerMessage): void {
    if (this.#closed) return;
    this.#socket.send(JSON.stringify(message), (error) => this.#sent(error));
  }

  /** Runs `task` after this viewer's earlier ones (its upload pieces, written in the order they came). */
  serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#serial.then(task);
    this.#serial = run.catch(() => undefined);
    return run;
  }

  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = undefined;
    this.#socket.close(code, reason);
    this.#options.onClose(this);
  }

  #write(frame: Uint8Array): void {
    this.#framesSent++;
    this.#socket.send(frame, { binary: true }, (error) => this.#sent(error));
  }

  /** A message left the process: if a frame waits and the socket has room again, it goes now. */
  #sent(error: Error | undefined): void {
    if (error || this.#closed || !this.#pending) return;
    if (this.#socket.bufferedAmount > this.#options.maxBufferedBytes) return;
    const frame = this.#pending;
    this.#pending = undefined;
    this.#write(frame);
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (this.#closed) return;
    const message = parseViewerMessage(data, isBinary);
    if ('code' in message) this.close(message.code, message.reason);
    else if (this.control) this.#options.onMessage(this, message.message);
  }

  #closedBySocket(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = undefined;
    this.#options.onClose(this);
  }
}
