import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { runInChild } from './child';

/**
 * The agent of the recording benchmark, run in a child process (an agent runs elsewhere than Proctor, and
 * Playwright in the server's event loop would slow what it measures). Its cycle of four timed actions, and why
 * targets take turns in shuffled order: bench/README.md.
 */
export const SHOP_PRODUCT_PATH = '/products/harbor-stoneware-mug';
const COLOURS = ['Sage', 'Blue'] as const;
const TYPED = 'linen';

export const ACTION_KINDS = ['navigate', 'toggle', 'type'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** Two navigations, a toggle and a typing. */
export const ACTIONS_PER_CYCLE = 4;

export interface ShopAgentTarget {
  name: string;
  /** A browser-level CDP endpoint: a launched browser's, or an environment's CDP URL. */
  cdpUrl: string;
  /** The product page on the target's simulator instance, where every cycle starts and ends. */
  productUrl: string;
  /**
   * Traced by Playwright as a developer turns it on (screenshots and DOM snapshots), from before the first
   * page load to the end, the trace written here.
   */
  tracePath?: string;
}

export interface ShopAgentSpec {
  targets: ShopAgentTarget[];
  /** Timed cycles on each target. */
  cycles: number;
  /** Untimed cycles on each target first. */
  warmupCycles: number;
  /** The pause after each cycle (lets what a cycle left behind finish before the next target's turn). */
  pauseMs: number;
  /** The pause after each action, untimed: an agent that thinks between steps (0: back to back). */
  thinkMs?: number;
}

/** Milliseconds and kind of one timed action. */
export interface TimedAction {
  kind: ActionKind;
  ms: number;
}

/** What `tracing.stop` took and wrote. */
export interface TraceFigures {
  bytes: number;
  stopMs: number;
  /** This process's CPU time while it stopped (the trace zipped). */
  stopCpuMs: number;
}

export interface TargetResult {
  /** The timed actions, in order. */
  actions: TimedAction[];
  /**
   * Every turn the target had, warm-up included, from its first action to the end of the pause after it, in
   * ms since the epoch (sub-millisecond): the parent reads what its own processes spent within them.
   */
  turns: Array<[number, number]>;
  /** Actions within those turns. */
  turnActions: number;
  /** This process's CPU time within those turns: the agent's work, Playwright's tracing included. */
  agentCpuMs: number;
  trace?: TraceFigures;
}

/** By target name. */
export type ShopAgentResult = Record<string, TargetResult>;

/** Wall-clock ms since the epoch with performance.now()'s resolution, comparable across processes. */
export const epochMs = () => performance.timeOrigin + performance.now();
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timed(run: () => Promise<void>, thinkMs: number): Promise<number> {
  const started = performance.now();
  await run();
  const elapsed = performance.now() - started;
  if (thinkMs > 0) await sleep(thinkMs);
  return elapsed;
}

/** Clicks a link and waits for the page it leads to to fire its load event. */
async function follow(page: Page, selector: string, pathname: string): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'load' }),
    page.click(selector),
  ]);
}

async function cycle(page: Page, round: number, thinkMs: number): Promise<TimedAction[]> {
  const colour = COLOURS[round % COLOURS.length] as string;
  const home = await timed(() => follow(page, 'nav.crumbs a[href="/"]', '/'), thinkMs);
  const product = await timed(
    () => follow(page, `a[href="${SHOP_PRODUCT_PATH}"]`, SHOP_PRODUCT_PATH),
    thinkMs,
  );
  const toggle = await timed(async () => {
    await page.click(`label:has(> input[name="color"][value="${colour}"])`);
    const checked = await page.evaluate(
      () => document.querySelector<HTMLInputElement>('input[name="color"]:checked')?.value,
    );
    if (checked !== colour) throw new Error(`The swatch did not change: ${checked} instead of ${colour}`);
  }, thinkMs);
  const type = await timed(async () => {
    await page.click('input[name="q"]');
    await page.keyboard.type(TYPED);
    const value = await page.evaluate(
      () => document.querySelector<HTMLInputElement>('input[name="q"]')?.value,
    );
    if (value !== TYPED) throw new Error(`The search field holds ${JSON.stringify(value)}`);
  }, thinkMs);
  return [
    { kind: 'navigate', ms: home },
    { kind: 'navigate', ms: product },
    { kind: 'toggle', ms: toggle },
    { kind: 'type', ms: type },
  ];
}

const SHUFFLE_SEED = 20261123;

/** mulberry32: a small seeded generator, so that every run takes the targets in the same orders. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0..count-1 in a random order (Fisher–Yates). */
function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** The child's work. */
export async function runShopAgent(spec: ShopAgentSpec): Promise<ShopAgentResult> {
  const browsers: Browser[] = [];
  try {
    const pages: Page[] = [];
    const contexts: BrowserContext[] = [];
    for (const target of spec.targets) {
      const browser = await chromium.connectOverCDP(target.cdpUrl);
      browsers.push(browser);
      const context = browser.contexts()[0];
      const page = context?.pages()[0];
      if (!context || !page) throw new Error(`${target.name} has no page`);
      if (target.tracePath) await context.tracing.start({ screenshots: true, snapshots: true });
      await page.goto(target.productUrl);
      pages.push(page);
      contexts.push(context);
    }
    const results: TargetResult[] = spec.targets.map(() => ({
      actions: [],
      turns: [],
      turnActions: 0,
      agentCpuMs: 0,
    }));
    const random = seededRandom(SHUFFLE_SEED);
    for (let round = 0; round < spec.warmupCycles + spec.cycles; round++) {
      for (const i of shuffled(spec.targets.length, random)) {
        const result = results[i] as TargetResult;
        const [started, cpuBefore] = [epochMs(), cpuMs()];
        const actions = await cycle(pages[i] as Page, round, spec.thinkMs ?? 0);
        if (spec.pauseMs > 0) await sleep(spec.pauseMs);
        result.agentCpuMs += cpuMs() - cpuBefore;
        result.turns.push([started, epochMs()]);
        result.turnActions += actions.length;
        if (round >= spec.warmupCycles) result.actions.push(...actions);
      }
    }
    for (const [i, target] of spec.targets.entries()) {
      if (!target.tracePath) continue;
      const [started, cpuBefore] = [performance.now(), cpuMs()];
      await (contexts[i] as BrowserContext).tracing.stop({ path: target.tracePath });
      (results[i] as TargetResult).trace = {
        bytes: statSync(target.tracePath).size,
        stopMs: performance.now() - started,
        stopCpuMs: cpuMs() - cpuBefore,
      };
    }
    return Object.fromEntries(spec.targets.map((target, i) => [target.name, results[i] as TargetResult]));
  } finally {
    // Disconnects only: the browsers belong to the benchmark (or to Proctor).
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
  }
}

/** Runs `script --agent <spec>` in a child Node (same flags as this one) and reads its result from stdout. */
export function runShopAgentInChild(script: string, spec: ShopAgentSpec): Promise<ShopAgentResult> {
  return runInChild<ShopAgentResult>(script, '--agent', spec);
}
