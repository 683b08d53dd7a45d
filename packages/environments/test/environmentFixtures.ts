import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { commandLine, hasArgument, listPids, liveGroupMembers } from '../src/browser/processGroup';
import { chromiumPath } from '../src/browser/profile';
import type { CdpConnection } from '../src/cdp/connection';
import type { CapturedPageState } from '../src/recording';

/** The browser environments run (the headless shell when installed, else the system Chromium); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = chromiumPath();

/**
 * A user-data-dir prefix of the test file's own: test files run in parallel, and a sweep kills everything
 * under its prefix. `remove()` deletes the folder holding it.
 */
export function testPrefix(name: string): { prefix: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), `proctor-env-test-${name}-`));
  return { prefix: join(folder, 'browser-'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}

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

/** Whether any process of the group still runs (zombies waiting for PID 1 to reap them count as gone). */
export function groupRuns(pgid: number): boolean {
  return liveGroupMembers(pgid).length > 0;
}

export interface TestSite {
  url: string;
  close(): Promise<void>;
}

/** A tiny web server: each path answers with its handler. */
export async function serveSite(
  routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void>,
): Promise<TestSite> {
  const server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname];
    if (route) route(request, response);
    else response.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function html(body: string, title = 'Test page') {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${title}</title>${body}`);
  };
}

/** Main processes (not helpers: those have --type=) of the browsers running under a user-data-dir prefix. */
export function browserMainPids(prefix: string): number[] {
  return listPids().filter((pid) => {
    const args = commandLine(pid);
    return (
      args !== undefined && hasArgument(args, `--user-data-dir=${prefix}`) && !hasArgument(args, '--type=')
    );
  });
}

/**
 * The colour of a recorded screenshot's pixel, decoded by the browser behind `page`, each channel rounded to a
 * multiple of 5 (JPEG is lossy).
 */
export async function pixelAt(
  page: Page,
  state: CapturedPageState | null,
  x: number,
  y: number,
): Promise<number[]> {
  const data = state?.screenshot?.data.toString('base64');
  if (!data) throw new Error('no screenshot');
  // A string: this package's types have no DOM.
  const rgb: number[] = await page.evaluate(`(async () => {
    const image = new Image();
    image.src = 'data:image/jpeg;base64,${data}';
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context2d = canvas.getContext('2d');
    context2d.drawImage(image, 0, 0);
    return [...context2d.getImageData(${x}, ${y}, 1, 1).data.slice(0, 3)];
  })()`);
  return rgb.map((value) => Math.round(value / 5) * 5);
}

/** A page session's `document.readyState`, over a raw CDP connection. */
export async function readyStateOf(connection: CdpConnection, sessionId: string): Promise<string> {
  const { result } = await connection.send(
    'Runtime.evaluate',
    { expression: 'document.readyState', returnByValue: true },
    sessionId,
  );
  return result.value as string;
}
