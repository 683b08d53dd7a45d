import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { CdpConnection } from '../src/cdp/connection';
import { CHROMIUM_PATH, html, serveSite, type TestSite, testPrefix, waitFor } from './environmentFixtures';

const { prefix, remove } = testPrefix('multiplexer');
let browser: LaunchedBrowser;
let site: TestSite;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({ '/': html('<p>page</p>', 'Page') }),
  ]);
});

afterAll(async () => {
  await site?.close();
  await browser?.close();
  remove();
});

/** Each connection to the endpoint is a client of its own, as with Chromium's own DevTools port. */
describe('the DevTools endpoint over the pipe', () => {
  it("should keep one client's auto-attach its own, and resume the pages it held when it leaves", async () => {
    const holder = await CdpConnection.connect(browser.wsEndpoint);
    const other = await CdpConnection.connect(browser.wsEndpoint);
    try {
      const attachedToHolder: string[] = [];
      const attachedToOther: string[] = [];
      const waiting: boolean[] = [];
      holder.onEvent('Target.attachedToTarget', ({ targetInfo, waitingForDebugger }) => {
        attachedToHolder.push(targetInfo.targetId);
        waiting.push(waitingForDebugger);
      });
      other.onEvent('Target.attachedToTarget', ({ targetInfo }) => attachedToOther.push(targetInfo.targetId));
      // The holder never resumes what it auto-attaches: a new page then waits (NOTES.md).
      await holder.send('Target.setAutoAttach', {
        autoAttach: true,
        waitForDebuggerOnStart: true,
        flatten: true,
      });

      const { targetId } = await other.send('Target.createTarget', { url: `${site.url}/` });
      await waitFor('the holder to attach to the new page', () => attachedToHolder.includes(targetId));
      expect(waiting.at(-1)).toBe(true);
      expect(attachedToOther).toEqual([]);
      const { sessionId } = await other.send('Target.attachToTarget', { targetId, flatten: true });
      const state = () =>
        other
          .send('Runtime.evaluate', { expression: 'document.readyState', returnByValue: true }, sessionId)
          .then(({ result }) => result.value as string);

      holder.close();
      await waitFor('the page to load once the holder left', async () => (await state()) === 'complete');
    } finally {
      holder.close();
      other.close();
    }
  });

  it('should end a page client when its page closes', async () => {
    const admin = await CdpConnection.connect(browser.wsEndpoint);
    try {
      const { targetId } = await admin.send('Target.createTarget', { url: 'about:blank' });
      const pageClient = await CdpConnection.connect(browser.pageWsEndpoint(targetId));
      const ended = new Promise<string>((resolve) => pageClient.once('close', resolve));
      const { result } = await pageClient.send('Runtime.evaluate', {
        expression: '6 * 7',
        returnByValue: true,
      });
      expect(result.value).toBe(42);
      await admin.send('Target.closeTarget', { targetId });
      await ended;
      expect(pageClient.closed).toBe(true);
    } finally {
      admin.close();
    }
  });
});
