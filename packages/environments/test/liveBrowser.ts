import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeLiveFrame,
  type LiveDialogMessage,
  type LiveFileChooserMessage,
  type LiveFrame,
  type LiveUploadResult,
  type LiveViewerMessage,
  LiveViewServerMessage,
  type LiveViewStatus,
} from '@proctor/contracts';
import WebSocket, { WebSocketServer } from 'ws';
import { PLAYWRIGHT_CHROMIUM_ARGS, SYSTEM_CHROMIUM_PATH } from '../src/browser/profile';
import { CdpConnection } from '../src/cdp/connection';

/** Polls `condition` until it holds or the deadline passes (then fails with `what`). */
export async function waitFor<T>(
  what: string,
  condition: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface TestBrowser {
  wsEndpoint: string;
  close(): void;
}

/** A headless Chromium of its own, in its own process group so that closing it leaves no helper behind. */
export async function launchChromium(): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'proctor-live-test-'));
  const child: ChildProcess = spawn(
    SYSTEM_CHROMIUM_PATH,
    [
      ...PLAYWRIGHT_CHROMIUM_ARGS,
      '--window-size=1280,720',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { detached: true, stdio: 'ignore' },
  );
  const close = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    const portFile = join(userDataDir, 'DevToolsActivePort');
    const port = await waitFor('DevToolsActivePort', () => {
      const lines = existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n') : [];
      return lines.length >= 2 && lines[0];
    });
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    return { wsEndpoint: version.webSocketDebuggerUrl, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** A tiny web server answering each path with its page. */
export async function serveSite(pages: Record<string, string>): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Evaluates in pages through a CDP connection of its own, as an agent would look at them. */
export class PageProbe {
  private constructor(private readonly connection: CdpConnection) {}

  static async connect(wsEndpoint: string): Promise<PageProbe> {
    return new PageProbe(await CdpConnection.connect(wsEndpoint));
  }

  async pages(): Promise<Array<{ targetId: string; url: string }>> {
    const { targetInfos } = await this.connection.send('Target.getTargets');
    return targetInfos.filter((info) => info.type === 'page');
  }

  async evaluate<T>(targetId: string, expression: string): Promise<T> {
    const { sessionId } = await this.connection.send('Target.attachToTarget', { targetId, flatten: true });
    try {
      const { result, exceptionDetails } = await this.connection.send(
        'Runtime.evaluate',
        { expression, returnByValue: true, awaitPromise: true },
        sessionId,
      );
      if (exceptionDetails) throw new Error(exceptionDetails.text);
      return result.value as T;
    } finally {
      // The expression may have closed the page, and the session with it.
      await this.connection.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  async navigate(targetId: string, url: string): Promise<void> {
    await this.evaluate(targetId, `location.href = ${JSON.stringify(url)}`);
  }

  close(): void {
    this.connection.close();
  }
}

/** Accepts viewer sockets and hands each to `onViewer`, as the server's live route does. */
export async function serveViewers(
  onViewer: (socket: WebSocket, request: IncomingMessage) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', onViewer);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A person's end of the live view, keeping what it received. */
export class TestViewer {
  readonly frames: LiveFrame[] = [];
  readonly statuses: LiveViewStatus[] = [];
  /** The dialog and file chooser messages, in order. */
  readonly prompts: Array<LiveDialogMessage | LiveFileChooserMessage | LiveUploadResult> = [];
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        const frame = decodeLiveFrame(new Uint8Array(data));
        if (!frame) throw new Error('A binary message that is not a frame');
        this.frames.push(frame);
      } else {
        const message = LiveViewServerMessage.parse(JSON.parse(data.toString()));
        if (message.type === 'status') this.statuses.push(message);
        else this.prompts.push(message);
      }
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static async connect(url: string): Promise<TestViewer> {
    // Listening before the socket opens: the first messages can come in the same packet as the handshake.
    const viewer = new TestViewer(new WebSocket(url, { perMessageDeflate: false }));
    await new Promise((resolve, reject) => {
      viewer.socket.once('open', resolve);
      viewer.socket.once('error', reject);
    });
    return viewer;
  }

  get lastFrame(): LiveFrame | undefined {
    return this.frames.at(-1);
  }

  get lastStatus(): LiveViewStatus | undefined {
    return this.statuses.at(-1);
  }

  send(message: LiveViewerMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }
}
