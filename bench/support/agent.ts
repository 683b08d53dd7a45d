import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchBareTracked } from './bareChromium';
import { runInChild } from './child';
import { COUNTER_PAGE } from './pages';
import { groupCpuMs, groupMemory, processCpuMs } from './processes';
import { type Latency, latency } from './stats';

/**
 * The agents' side of the concurrency figure, run in a child process: agents run elsewhere than Proctor, and
 * Playwright clients in the server's own event loop would slow the server they measure. The child drives
 * either Proctor environments (their CDP URLs) or bare browsers it launches itself, the same way.
 */
export type AgentSpec = {
  concurrency: readonly number[];
  actionsPerPage: number;
  warmup: number;
  /** The pause of the paced run between one action's end and the next one's start. */
  thinkMs: number;
} & (
  | {
      kind: 'proctor';
      cdpUrls: string[];
      /** The process groups of the environments' browsers, for their CPU figures. */
      browserGroups: number[];
    }
  /** `count` browsers, each with a page on `startUrl` while their memory is read. */
  | { kind: 'bare'; count: number; startUrl: string }
);

export interface AgentResult {
  /** Per-action latency by how many pages acted at once, each page acting back to back. */
  actions: Record<number, Latency>;
  /** The same with a pause between actions, as an agent that thinks between steps. */
  pacedActions: Record<number, Latency>;
  /** CPU time per action of each side, by how many pages acted at once back to back. */
  cpu: Record<number, ActionCpu>;
  /** Bare only: PSS of a browser with one page on the start page, and of one more context with such a page. */
  pssPerBrowserBytes?: number;
  pssPerExtraContextBytes?: number;
  /** Bare only: the browsers' process groups, to check that none is left. */
  processGroups?: number[];
}

/** Milliseconds of CPU time per action (warm-up included) that each side of one run used. */
export interface ActionCpu {
  /** The browsers acted on, every process of each. */
  browser: number;
  /** Proctor's server, this process's parent (proctor kind only: bare browsers are driven without it). */
  server: number;
  /** This process: Playwright. */
  agent: number;
}

/** Time for pages to settle after loading before memory is read. */
const SETTLE_MS = 1500;

/**
 * One action: `mouse.click` at the centre of the counter button (move, down, up: three CDP commands), then
 * `evaluate` of its label (one more), checked to have counted the click. `waitForFunction` would poll instead.
 */
async function clickLatencies(pages: readonly Page[], spec: AgentSpec, thinkMs: number): Promise<number[]> {
  const times: number[] = [];
  const label = (page: Page) => page.evaluate(() => document.getElementById('counter')?.textContent ?? '');
  await Promise.all(
    pages.map(async (page) => {
      const viewport = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
      let clicks = Number(await label(page));
      for (let i = 0; i < spec.actionsPerPage + spec.warmup; i++) {
        const started = performance.now();
        await page.mouse.click(viewport.width / 2, viewport.height / 2);
        const text = await label(page);
        const elapsed = performance.now() - started;
        clicks += 1;
        if (text !== String(clicks)) throw new Error(`The click did not register: ${text} after ${clicks}`);
        if (i >= spec.warmup) times.push(elapsed);
        if (thinkMs > 0) await sleep(thinkMs);
      }
    }),
  );
  return times;
}

type ActionFigures = Pick<AgentResult, 'actions' | 'pacedActions' | 'cpu'>;

/** How many actions a concurrency run makes, warm-up included: what CPU figures per action divide by. */
export function actionCount(spec: Pick<AgentSpec, 'concurrency' | 'actionsPerPage' | 'warmup'>): number {
  return 2 * (spec.actionsPerPage + spec.warmup) * spec.concurrency.reduce((sum, count) => sum + count, 0);
}

async function concurrencyFigures(
  pages: readonly Page[],
  browserGroups: readonly number[],
  spec: AgentSpec,
): Promise<ActionFigures> {
  for (const page of pages) await page.goto(COUNTER_PAGE);
  const figures: ActionFigures = { actions: {}, pacedActions: {}, cpu: {} };
  const server = spec.kind === 'proctor' ? process.ppid : undefined;
  const used = (): ActionCpu => {
    const agent = process.cpuUsage();
    return {
      browser: browserGroups.reduce((sum, pgid) => sum + groupCpuMs(pgid), 0),
      server: server === undefined ? 0 : processCpuMs(server),
      agent: (agent.user + agent.system) / 1000,
    };
  };
  for (const count of spec.concurrency) {
    const acting = pages.slice(0, count);
    const before = used();
    figures.actions[count] = latency(await clickLatencies(acting, spec, 0));
    const after = used();
    const actions = count * (spec.actionsPerPage + spec.warmup);
    figures.cpu[count] = {
      browser: (after.browser - before.browser) / actions,
      server: (after.server - before.server) / actions,
      agent: (after.agent - before.agent) / actions,
    };
    figures.pacedActions[count] = latency(await clickLatencies(acting, spec, spec.thinkMs));
  }
  return figures;
}

/** The child's work. */
export async function runAgent(spec: AgentSpec): Promise<AgentResult> {
  const browsers: Browser[] = [];
  try {
    if (spec.kind === 'proctor') {
      const pages: Page[] = [];
      for (const url of spec.cdpUrls) {
        const browser = await chromium.connectOverCDP(url);
        browsers.push(browser);
        const page = browser.contexts()[0]?.pages()[0];
        if (!page) throw new Error('The environment has no page');
        pages.push(page);
      }
      return await concurrencyFigures(pages, spec.browserGroups, spec);
    }

    const groups: number[] = [];
    const pages: Page[] = [];
    for (let i = 0; i < spec.count; i++) {
      const { browser, pgid } = await launchBareTracked();
      browsers.push(browser);
      if (pgid !== undefined) groups.push(pgid);
      const page = await browser.newPage();
      await page.goto(spec.startUrl);
      pages.push(page);
    }
    await sleep(SETTLE_MS);
    const memories = groups.map(groupMemory);
    const pssPerBrowserBytes = memories.reduce((sum, each) => sum + each.pssBytes, 0) / memories.length;
    let pssPerExtraContextBytes = Number.NaN;
    const [first] = groups;
    if (first !== undefined) {
      const before = groupMemory(first).pssBytes;
      const extra = await (browsers[0] as Browser).newPage();
      await extra.goto(spec.startUrl);
      await sleep(SETTLE_MS);
      pssPerExtraContextBytes = groupMemory(first).pssBytes - before;
      await extra.context().close();
    }
    const figures = await concurrencyFigures(pages, groups, spec);
    return { ...figures, pssPerBrowserBytes, pssPerExtraContextBytes, processGroups: groups };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
  }
}

/** Runs `script --agent <spec>` in a child Node (same flags as this one) and reads its result from stdout. */
export function runAgentInChild(script: string, spec: AgentSpec): Promise<AgentResult> {
  return runInChild<AgentResult>(script, '--agent', spec);
}
