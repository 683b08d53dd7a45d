import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { CdpConnection } from '../src/cdp/connection';
import { type CdpMessage, CdpMultiplexer } from '../src/cdp/multiplexer';
import type { PipeTransport } from '../src/cdp/pipeTransport';
import {
  CHROMIUM_PATH,
  html,
  readyStateOf,
  serveSite,
  type TestSite,
  testPrefix,
  waitFor,
} from './environmentFixtures';

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
      const state = () => readyStateOf(other, sessionId);

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

/**
 * Chromium's messages are relayed as read at their ends (`frameOf`): what each client receives must be what
 * parsing and serialising the whole message gave, whatever a page put in a result.
 */
describe("the multiplexer's relay of Chromium's messages", () => {
  /** A multiplexer over a pipe of which the test is the browser: it reads the commands and writes the messages. */
  function fakeBrowser() {
    const sent: CdpMessage[] = [];
    const transport = {
      onMessage: (_text: string) => {},
      onClose: (_reason: string) => {},
      send: (text: string) => sent.push(JSON.parse(text)),
      close: () => {},
    };
    const multiplexer = new CdpMultiplexer(transport as unknown as PipeTransport);
    return { multiplexer, sent, write: (text: string) => transport.onMessage(text) };
  }

  /** A channel of the fake browser whose root is ROOT, and what it receives, parsed. */
  async function channelOf(browser: ReturnType<typeof fakeBrowser>) {
    const opening = browser.multiplexer.openChannel();
    browser.write(`{"id":${browser.sent.at(-1)!.id},"result":{"sessionId":"ROOT"}}`);
    const channel = await opening;
    const received: string[] = [];
    channel.listen(
      (text) => received.push(text),
      () => {},
    );
    return { channel, received: () => received.map((text) => JSON.parse(text)) };
  }

  it('should deliver answers and events as parsing them whole would, reading only their ends', async () => {
    const browser = fakeBrowser();
    const { channel, received } = await channelOf(browser);
    // A child session of the client's own, through Target.attachedToTarget (parsed whole: it changes ownership).
    browser.write(
      '{"method":"Target.attachedToTarget","params":{"sessionId":"CHILD","targetInfo":{"targetId":"T"},"waitingForDebugger":false},"sessionId":"ROOT"}',
    );
    const command = (clientId: number, sessionId?: string) => {
      channel.sendMessage({
        id: clientId,
        method: 'Runtime.evaluate',
        params: {},
        ...(sessionId ? { sessionId } : {}),
      });
      return browser.sent.at(-1)!.id!;
    };
    const before = { ...browser.multiplexer.stats };
    const answers: Array<[string, unknown]> = [];
    // Answers on the root (its session id dropped) and on the child (kept), with results a page could fill:
    // a nested sessionId, an escaped quote before a made-up member at the end, and characters beyond ASCII.
    let id = command(7);
    browser.write(`{"id":${id},"result":{"result":{"type":"number","value":42}},"sessionId":"ROOT"}`);
    answers.push(['root', { id: 7, result: { result: { type: 'number', value: 42 } } }]);
    id = command(8, 'CHILD');
    browser.write(`{"id":${id},"result":{"value":{"sessionId":"ROOT"}},"sessionId":"CHILD"}`);
    answers.push(['child', { id: 8, result: { value: { sessionId: 'ROOT' } }, sessionId: 'CHILD' }]);
    id = command(9, 'CHILD');
    const tricky = 'a\\",\\"sessionId\\":\\"ROOT';
    browser.write(`{"id":${id},"result":{"value":"${tricky}"},"sessionId":"CHILD"}`);
    answers.push(['escaped', { id: 9, result: { value: 'a","sessionId":"ROOT' }, sessionId: 'CHILD' }]);
    id = command(10);
    browser.write(`{"id":${id},"result":{"value":"é 漢 😀 \\u2028"}}`);
    answers.push(['no session', { id: 10, result: { value: 'é 漢 😀 \u2028' } }]);
    id = command(11, 'CHILD');
    browser.write(`{"id":${id},"error":{"code":-32000,"message":"Cannot find context"},"sessionId":"CHILD"}`);
    answers.push([
      'error',
      { id: 11, error: { code: -32000, message: 'Cannot find context' }, sessionId: 'CHILD' },
    ]);
    // Events: on the child as they came, on the root without its session id; another session's not at all.
    browser.write('{"method":"Page.loadEventFired","params":{"timestamp":1.5},"sessionId":"CHILD"}');
    answers.push([
      'child event',
      { method: 'Page.loadEventFired', params: { timestamp: 1.5 }, sessionId: 'CHILD' },
    ]);
    browser.write(
      '{"method":"Runtime.consoleAPICalled","params":{"args":[{"value":"}"}]},"sessionId":"ROOT"}',
    );
    answers.push(['root event', { method: 'Runtime.consoleAPICalled', params: { args: [{ value: '}' }] } }]);
    browser.write('{"method":"Page.loadEventFired","params":{},"sessionId":"SOMEONE_ELSES"}');
    // Another shape (spaces): parsed whole, delivered all the same.
    id = command(12);
    browser.write(`{ "id": ${id}, "result": {} }`);
    answers.push(['spaced', { id: 12, result: {} }]);

    const got = received().slice(-answers.length);
    expect(got.map((message, i) => [answers[i]![0], message])).toEqual(answers);
    expect(browser.multiplexer.stats.relayed - before.relayed).toBe(8);
    expect(browser.multiplexer.stats.parsed - before.parsed).toBe(1);
  });

  it("should read a real browser's answers at their ends, parsing none of them", async () => {
    const connection = await browser.connect();
    try {
      // The browser's own page, loaded long ago: a page still loading sends Target events (its URL, its title),
      // which the multiplexer rightly parses whole.
      const { targetInfos } = await connection.send('Target.getTargets');
      const targetId = targetInfos.find((target) => target.type === 'page')!.targetId;
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      await waitFor(
        'the page to be loaded',
        async () => (await readyStateOf(connection, sessionId)) === 'complete',
      );
      const before = browser.cdpMessages;
      for (let i = 0; i < 10; i++) {
        const { result } = await connection.send(
          'Runtime.evaluate',
          { expression: `'"sessionId":' + ${i}`, returnByValue: true },
          sessionId,
        );
        expect(result.value).toBe(`"sessionId":${i}`);
      }
      const { data } = await connection.send('Page.captureScreenshot', { format: 'png' }, sessionId);
      expect(Buffer.from(data, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const after = browser.cdpMessages;
      // Every answer relayed. What was parsed meanwhile is other clients' (the earlier tests' connections closing,
      // their detach answered to the multiplexer's own call), never as many as the answers.
      expect(after.relayed - before.relayed).toBeGreaterThanOrEqual(11);
      expect(after.parsed - before.parsed).toBeLessThan(11);
    } finally {
      connection.close();
    }
  });
});
