import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageControl } from '../src/browser/control';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { CdpConnection } from '../src/cdp/connection';
import { CHROMIUM_PATH, html, serveSite, type TestSite, testPrefix } from './environmentFixtures';

const { prefix, remove } = testPrefix('control');
let browser: LaunchedBrowser;
let site: TestSite;
let control: PageControl;
/** Image requests held open until the test ends: a page that never finishes loading. */
const held: ServerResponse[] = [];
let releaseSlowImage: () => void = () => {};

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({
      '/start': html('<h1>Start</h1>', 'Start'),
      '/slow': html('<img src="/slow.png">', 'Slow'),
      '/slow.png': (_request, response) => {
        // Answered only once the test has seen navigate() still waiting.
        releaseSlowImage = () => response.writeHead(200, { 'content-type': 'image/png' }).end();
      },
      '/never': html('<img src="/never.png">', 'Never'),
      '/never.png': (_request, response) => held.push(response),
    }),
  ]);
  control = await PageControl.connect(browser.wsEndpoint);
});

afterAll(async () => {
  control?.close();
  for (const response of held) response.destroy();
  await site?.close();
  await browser?.close();
  remove();
});

async function readyState(): Promise<string> {
  const probe = await CdpConnection.connect(browser.wsEndpoint);
  try {
    const { targetInfos } = await probe.send('Target.getTargets');
    const targetId = targetInfos.find((info) => info.type === 'page')!.targetId;
    const { sessionId } = await probe.send('Target.attachToTarget', { targetId, flatten: true });
    const { result } = await probe.send(
      'Runtime.evaluate',
      { expression: 'document.readyState', returnByValue: true },
      sessionId,
    );
    return result.value as string;
  } finally {
    probe.close();
  }
}

describe('PageControl', () => {
  it('should open a URL in the page and tell where the page is', async () => {
    await control.navigate(`${site.url}/start`);
    expect(await control.currentUrl()).toBe(`${site.url}/start`);
    await control.navigate(`${site.url}/start#details`);
    expect(await control.currentUrl()).toBe(`${site.url}/start#details`);
  });

  it('should wait for the load event, not only for the navigation to commit', async () => {
    let settled = false;
    const navigation = control.navigate(`${site.url}/slow`).then(() => {
      settled = true;
    });
    await expect.poll(() => readyState()).toBe('interactive');
    expect(settled).toBe(false);
    releaseSlowImage();
    await navigation;
    expect(await readyState()).toBe('complete');
  });

  it('should fail with the network error of a page that cannot be reached', async () => {
    const closed = await serveSite({});
    await closed.close();
    await expect(control.navigate(`${closed.url}/`)).rejects.toThrow(
      /Could not open .*ERR_CONNECTION_REFUSED/,
    );
  });

  it('should give up on a page that never finishes loading', async () => {
    await expect(control.navigate(`${site.url}/never`, 500)).rejects.toThrow(/did not load within 500 ms/);
  });

  it('should open a new page when the agent closed them all', async () => {
    const agent = await CdpConnection.connect(browser.wsEndpoint);
    const { targetInfos } = await agent.send('Target.getTargets');
    for (const info of targetInfos.filter((target) => target.type === 'page'))
      await agent.send('Target.closeTarget', { targetId: info.targetId });
    agent.close();
    await control.navigate(`${site.url}/start`);
    expect(await control.currentUrl()).toBe(`${site.url}/start`);
  });
});
