import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium, type Page } from 'playwright-core';
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

/** Milliseconds of each timed action, by target, in order, with its kind. */
export type ShopAgentResult = Record<string, Array<{ kind: ActionKind; ms: number }>>;

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

async function cycle(
  page: Page,
  round: number,
  thinkMs: number,
): Promise<Array<{ kind: ActionKind; ms: number }>> {
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
    for (const target of spec.targets) {
      const browser = await chromium.connectOverCDP(target.cdpUrl);
      browsers.push(browser);
      const page = browser.contexts()[0]?.pages()[0];
      if (!page) throw new Error(`${target.name} has no page`);
      await page.goto(target.productUrl);
      pages.push(page);
    }
    const result: ShopAgentResult = Object.fromEntries(spec.targets.map((target) => [target.name, []]));
    const random = seededRandom(SHUFFLE_SEED);
    for (let round = 0; round < spec.warmupCycles + spec.cycles; round++) {
      for (const i of shuffled(spec.targets.length, random)) {
        const actions = await cycle(pages[i] as Page, round, spec.thinkMs ?? 0);
        if (round >= spec.warmupCycles) result[(spec.targets[i] as ShopAgentTarget).name]?.push(...actions);
        if (spec.pauseMs > 0) await sleep(spec.pauseMs);
      }
    }
    return result;
  } finally {
    // Disconnects only: the browsers belong to the benchmark (or to Proctor).
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
  }
}

/** Runs `script --agent <spec>` in a child Node (same flags as this one) and reads its result from stdout. */
export function runShopAgentInChild(script: string, spec: ShopAgentSpec): Promise<ShopAgentResult> {
  return runInChild<ShopAgentResult>(script, '--agent', spec);
}
