import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { launchChromium } from '@proctor/simulators/testing';
import type { Browser } from 'playwright-core';
import { childProcessGroups } from './processes';

/**
 * Bare Playwright, the baseline of every figure: the Chromium that Proctor's environments run (CHROMIUM_PATH,
 * else the headless shell when installed, else the system Chromium) with the flags NOTES.md found necessary
 * (the launch profile's Playwright switches), and that Chromium on its own DevTools port.
 */
const BARE_CHROMIUM_PATH = chromiumPath();

export interface BareBrowser {
  browser: Browser;
  /** The process group of the browser (Playwright starts it as a group leader but does not tell its pid). */
  pgid: number | undefined;
}

export const launchBare = () => launchChromium(BARE_CHROMIUM_PATH);

/** Every profile Playwright makes for a launch is named so. */
const PLAYWRIGHT_PROFILE = 'playwright_chromiumdev_profile-';

/** A bare launch whose process group is known, for memory figures. One at a time: found by what is new. */
export async function launchBareTracked(): Promise<BareBrowser> {
  const before = childProcessGroups(PLAYWRIGHT_PROFILE);
  const browser = await launchBare();
  const found = [...childProcessGroups(PLAYWRIGHT_PROFILE)].filter((pgid) => !before.has(pgid));
  return { browser, pgid: found.length === 1 ? found[0] : undefined };
}

export interface DevToolsChromium {
  pgid: number;
  /** Chromium's own DevTools WebSocket endpoint (`--remote-debugging-port`), as an unproxied agent would use. */
  wsEndpoint: string;
  close(): Promise<void>;
}

/** A Chromium listening on its own DevTools port: the direct `connectOverCDP` target without Proctor in between. */
export async function spawnDevToolsChromium(): Promise<DevToolsChromium> {
  const folder = mkdtempSync(join(tmpdir(), 'proctor-bench-devtools-'));
  const child = spawn(
    BARE_CHROMIUM_PATH,
    [...PLAYWRIGHT_CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${folder}`, 'about:blank'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const wsEndpoint = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`No DevTools endpoint within 15 s:\n${output}`)),
        15_000,
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
      child.once('exit', () => reject(new Error(`Chromium exited before listening:\n${output}`)));
    });
    // Keep draining stderr so that a full pipe never blocks Chromium.
    child.stderr?.removeAllListeners('data');
    child.stderr?.resume();
    return { pgid: child.pid as number, wsEndpoint, close };
  } catch (error) {
    await close();
    throw error;
  }
}
