import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { type CapturedStep, SessionRecorder } from '../src/recording';
import {
  CHROMIUM_PATH,
  html,
  pixelAt,
  serveSite,
  type TestSite,
  testPrefix,
  waitFor,
} from './environmentFixtures';

const VIEWPORT = { width: 800, height: 600 };
/** Text over a blue page, and a button that turns it red: detail for JPEG quality to matter, a colour to check. */
const PAGE = html(
  `<style>
    html, body { margin: 0; height: 100%; background: rgb(0, 0, 255); color: white; font: 14px sans-serif; }
    #paint { position: absolute; left: 100px; top: 400px; width: 120px; height: 40px; }
  </style>
  <p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(60)}</p>
  <button id="paint" onclick="document.body.style.background = 'rgb(255, 0, 0)'">Paint it red</button>`,
  'Paint',
);

let browser: LaunchedBrowser;
let site: TestSite;
let playwright: Browser;
let page: Page;
const { prefix, remove } = testPrefix('fast-mode');

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({ '/paint': PAGE }),
  ]);
  playwright = await chromium.connectOverCDP(browser.wsEndpoint);
  const context = playwright.contexts()[0]!;
  page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize(VIEWPORT);
});

afterAll(async () => {
  await playwright?.close();
  await browser?.close();
  await site?.close();
  remove();
});

/** The colour of a screenshot's pixel, rounded to the nearest 5 (JPEG shifts flat colours by a few units). */
interface Recorded {
  steps: CapturedStep[];
  rrweb: Array<{ type?: number; data?: { source?: number } }>;
}

/** Records a person's pointer crossing the page and a click on the button, with or without Fast Mode. */
async function recordClick(fastMode?: boolean): Promise<Recorded> {
  const recorded: Recorded = { steps: [], rrweb: [] };
  const errors: Error[] = [];
  const recorder = await SessionRecorder.attach(browser.wsEndpoint, {
    sink: {
      step: (step) => recorded.steps.push(step),
      rrweb: (events) => recorded.rrweb.push(...(events as Recorded['rrweb'])),
      request: () => {},
    },
    onError: (error) => errors.push(error),
    fastMode,
  });
  try {
    await page.goto(`${site.url}/paint`);
    await waitFor('the page, settled and captured', () => recorder.stats().screenshots > 0 || undefined);
    await page.mouse.move(700, 100);
    await page.mouse.move(160, 420, { steps: 20 });
    await page.mouse.down();
    await page.mouse.up();
    await waitFor('the click step', () => recorded.steps.find((step) => step.action.type === 'click'));
    await recorder.flush();
    expect(errors).toEqual([]);
    return recorded;
  } finally {
    await recorder.close();
  }
}

const clickOf = ({ steps }: Recorded) => steps.find((step) => step.action.type === 'click')!;
const kinds = ({ steps }: Recorded) => steps.map((step) => step.action.type);
/** rrweb's incremental MouseMove events. */
const mouseTrail = ({ rrweb }: Recorded) =>
  rrweb.filter((event) => event.type === 3 && event.data?.source === 1);

describe('Fast Mode', () => {
  it('should record pointer movement and screenshots at full quality without it', async () => {
    const full = await recordClick();
    expect(kinds(full)).toContain('mouse_move');
    expect(mouseTrail(full).length).toBeGreaterThan(0);
    expect(clickOf(full).after_state?.screenshot).toMatchObject(VIEWPORT);
    expect(await pixelAt(page, clickOf(full).after_state, 700, 570)).toEqual([255, 0, 0]);
  });

  it('should leave out pointer movement and keep smaller screenshots of the same pages', async () => {
    const full = await recordClick();
    const fast = await recordClick(true);
    expect(kinds(fast)).toEqual(kinds(full).filter((kind) => kind !== 'mouse_move'));
    expect(mouseTrail(fast)).toEqual([]);
    // Clicks still reach the DOM replay (rrweb's MouseInteraction).
    expect(fast.rrweb.some((event) => event.type === 3 && event.data?.source === 2)).toBe(true);
    const [fastClick, fullClick] = [clickOf(fast), clickOf(full)];
    expect(fastClick.after_state?.screenshot).toMatchObject(VIEWPORT);
    expect(fastClick.after_state?.metadata.bboxes).toEqual(fullClick.after_state?.metadata.bboxes);
    expect(await pixelAt(page, fastClick.before_state, 700, 570)).toEqual([0, 0, 255]);
    expect(await pixelAt(page, fastClick.after_state, 700, 570)).toEqual([255, 0, 0]);
    expect(fastClick.after_state!.screenshot!.data.byteLength).toBeLessThan(
      fullClick.after_state!.screenshot!.data.byteLength,
    );
  });
});
