import { FAST_MODE } from '@proctor/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { type CapturedPageState, type CapturedStep, SessionRecorder } from '../src/recording';
import { CHROMIUM_PATH, html, serveSite, type TestSite, testPrefix, waitFor } from './environmentFixtures';

const VIEWPORT = { width: 800, height: 600 };
/**
 * White for the first 2000 px, then blue with a button: scrolled down to the button, a screenshot of the whole
 * viewport is blue, one clipped at the top of the document would be white.
 */
const TALL_PAGE = html(
  `<style>
    body { margin: 0; }
    #top { height: 2000px; background: rgb(255, 255, 255); }
    #bottom { height: 2000px; background: rgb(0, 0, 255); position: relative; }
    #done { position: absolute; left: 100px; top: 600px; width: 120px; height: 40px; }
  </style>
  <div id="top"></div>
  <div id="bottom"><button id="done" onclick="this.textContent = 'Done'">Mark done</button></div>`,
  'Tall',
);

let browser: LaunchedBrowser;
let site: TestSite;
let playwright: Browser;
let page: Page;
const { prefix, remove } = testPrefix('fast-mode');

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({ '/tall': TALL_PAGE }),
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
async function pixelAt(state: CapturedPageState | null, x: number, y: number): Promise<number[]> {
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

/** Records a click on the button of the tall page, scrolled down to it, at the given screenshot scale. */
async function recordClick(screenshotScale?: number): Promise<CapturedStep> {
  const steps: CapturedStep[] = [];
  const errors: Error[] = [];
  const recorder = await SessionRecorder.attach(browser.wsEndpoint, {
    sink: { step: (step) => steps.push(step), rrweb: () => {}, request: () => {} },
    onError: (error) => errors.push(error),
    screenshotScale,
  });
  try {
    await page.goto(`${site.url}/tall`);
    await waitFor('the page, settled and captured', () => recorder.stats().screenshots > 0 || undefined);
    await page.evaluate('document.getElementById("done").scrollIntoView({ block: "center" })');
    await page.click('#done');
    await waitFor('the button to act', async () => (await page.textContent('#done')) === 'Done');
    const click = await waitFor('the click step', () => steps.find((step) => step.action.type === 'click'));
    expect(errors).toEqual([]);
    return click;
  } finally {
    await recorder.close();
  }
}

describe('Fast Mode screenshots', () => {
  it('should take full-size screenshots of the viewport without a scale', async () => {
    const click = await recordClick();
    expect(click.after_state?.screenshot).toMatchObject(VIEWPORT);
    expect(await pixelAt(click.after_state, VIEWPORT.width / 2, 10)).toEqual([0, 0, 255]);
    expect(click.after_state?.metadata.bboxes).toEqual([
      expect.objectContaining({ width: 120, height: 40, x: 100 }),
    ]);
  });

  it('should take scaled screenshots of the scrolled viewport, its bboxes scaled with them', async () => {
    const scale = FAST_MODE.screenshotScale;
    const full = await recordClick();
    const fast = await recordClick(scale);
    expect(fast.after_state?.screenshot).toMatchObject({
      width: VIEWPORT.width * scale,
      height: VIEWPORT.height * scale,
    });
    expect(fast.before_state?.screenshot).toMatchObject({ width: VIEWPORT.width * scale });
    // What the viewport showed (blue, scrolled to the button), not the top of the document.
    expect(await pixelAt(fast.after_state, (VIEWPORT.width * scale) / 2, 5)).toEqual([0, 0, 255]);
    const [box] = full.after_state?.metadata.bboxes ?? [];
    expect(fast.after_state?.metadata.bboxes).toEqual([
      { x: box!.x * scale, y: box!.y * scale, width: box!.width * scale, height: box!.height * scale },
    ]);
    expect(fast.after_state!.screenshot!.data.byteLength).toBeLessThan(
      full.after_state!.screenshot!.data.byteLength,
    );
  });
});
