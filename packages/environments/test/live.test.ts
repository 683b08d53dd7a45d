import { KEY_MODIFIERS, LIVE_VIEW_CLOSE, type LiveKeyMessage } from '@proctor/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LiveView, type LiveViewOptions } from '../src/live';
import {
  launchChromium,
  PageProbe,
  serveSite,
  serveViewers,
  type TestBrowser,
  TestViewer,
  waitFor,
} from './liveBrowser';

const HOME = `<!doctype html><title>Home</title>
<style>
  body { margin: 0; font: 16px sans-serif; }
  #spinner { position: absolute; left: 0; top: 0; width: 40px; height: 40px; background: #c00;
    animation: slide 0.5s linear infinite alternate; }
  @keyframes slide { to { transform: translateX(600px); } }
  input { position: absolute; left: 100px; width: 300px; height: 30px; }
  button, a { position: absolute; width: 200px; height: 60px; }
</style>
<div id="spinner"></div>
<form id="form" onsubmit="event.preventDefault(); document.body.dataset.submitted = 'yes'">
  <input id="name" style="top: 100px">
  <input id="city" style="top: 160px">
  <button id="send" style="left: 100px; top: 220px">Send</button>
</form>
<button id="go" style="left: 500px; top: 300px" onclick="this.textContent = 'clicked'">Go</button>
<button id="open" style="left: 800px; top: 300px" onclick="window.open('/popup')">Open</button>
<a id="next" href="/second" style="left: 500px; top: 400px">Second page</a>`;

const POPUP = `<!doctype html><title>Popup</title>
<style>#box { width: 50px; height: 50px; background: blue; animation: slide 0.5s infinite alternate; }
@keyframes slide { to { transform: translateX(400px); } }</style><div id="box"></div>`;

/** Fresh random pixels every frame: JPEGs that do not compress, to fill a slow viewer's socket fast. */
const NOISE = `<!doctype html><title>Noise</title><body style="margin:0"><canvas id="c"></canvas><script>
  const canvas = document.getElementById('c');
  canvas.width = innerWidth; canvas.height = innerHeight;
  const context = canvas.getContext('2d');
  const image = context.createImageData(canvas.width, canvas.height);
  const words = new Uint32Array(image.data.buffer);
  (function paint() {
    for (let i = 0; i < words.length; i++) words[i] = (Math.random() * 0xffffffff) | 0xff000000;
    context.putImageData(image, 0, 0);
    requestAnimationFrame(paint);
  })();
</script>`;

let browser: TestBrowser;
let site: { url: string; close(): void };
let probe: PageProbe;
let homeId: string;
const opened: Array<{ close(): unknown }> = [];

async function openLiveView(options: LiveViewOptions = {}) {
  const live = await LiveView.connect(browser.wsEndpoint, options);
  const sockets: WebSocket[] = [];
  const server = await serveViewers((socket, request) => {
    sockets.push(socket);
    live.addViewer(socket, { control: !request.url?.includes('watch-only') });
  });
  opened.push({ close: () => live.close() }, server);
  const viewer = async (options: { watchOnly?: boolean } = {}) => {
    const test = await TestViewer.connect(`${server.url}/${options.watchOnly ? 'watch-only' : ''}`);
    opened.push(test);
    return test;
  };
  return { live, viewer, sockets };
}

async function showPage(path: string): Promise<void> {
  await probe.navigate(homeId, `${site.url}${path}`);
  await waitFor(`${path} loaded`, async () => {
    // Evaluating while the page navigates fails; the next poll asks again.
    const ready = await probe
      .evaluate<string>(homeId, 'location.pathname + document.readyState')
      .catch(() => undefined);
    return ready === `${path}complete`;
  });
}

/** Centre of an element in the page's CSS pixels. */
function centreOf(targetId: string, selector: string): Promise<{ x: number; y: number }> {
  return probe.evaluate(
    targetId,
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
  );
}

/** Clicks like a person in the live view: at the element's place in the last frame the viewer got. */
async function clickAt(viewer: TestViewer, targetId: string, selector: string): Promise<void> {
  const frame = await waitFor('a frame', () => viewer.lastFrame);
  const { width, metadata } = frame.header;
  const scale = width / metadata.deviceWidth;
  const centre = await centreOf(targetId, selector);
  const point = { x: centre.x * scale, y: centre.y * scale };
  viewer.send({ type: 'mouse', event: 'move', ...point });
  viewer.send({ type: 'mouse', event: 'down', ...point, button: 'left', buttons: 1, clickCount: 1 });
  viewer.send({ type: 'mouse', event: 'up', ...point, button: 'left', buttons: 0, clickCount: 1 });
}

function press(viewer: TestViewer, key: string, code: string, modifiers = 0): void {
  const message: Omit<LiveKeyMessage, 'event'> = { type: 'key', key, code, modifiers };
  viewer.send({ ...message, event: 'down' });
  viewer.send({ ...message, event: 'up' });
}

beforeAll(async () => {
  browser = await launchChromium();
  site = await serveSite({ '/': HOME, '/popup': POPUP, '/noise': NOISE, '/second': '<title>Second</title>' });
  probe = await PageProbe.connect(browser.wsEndpoint);
  homeId = (await waitFor('the first tab', async () => (await probe.pages())[0]))!.targetId;
}, 30_000);

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

afterAll(() => {
  probe?.close();
  site?.close();
  browser?.close();
});

describe('live view', () => {
  it('should send a viewer JPEG frames with their geometry, and the followed tab', async () => {
    await showPage('/');
    const { viewer } = await openLiveView();
    const watcher = await viewer();

    await waitFor('three frames', () => watcher.frames.length >= 3);
    const { header, jpeg } = watcher.frames[0]!;
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(header.width).toBeGreaterThan(0);
    expect(header.height).toBeGreaterThan(0);
    expect(header.metadata.deviceWidth).toBeGreaterThan(0);
    expect(header.metadata.pageScaleFactor).toBe(1);
    expect(watcher.frames[1]!.header.seq).toBeGreaterThan(header.seq);
    await waitFor('the status', () => watcher.lastStatus?.tab?.title === 'Home');
    expect(watcher.lastStatus).toMatchObject({
      type: 'status',
      state: 'live',
      tab: { url: `${site.url}/` },
      viewers: 1,
      control: true,
    });
  });

  it('should send one screencast to two viewers, and stop it when the last leaves', async () => {
    await showPage('/');
    const { live, viewer } = await openLiveView();
    const first = await viewer();
    const second = await viewer();

    await waitFor('frames for both', () => first.frames.length >= 5 && second.frames.length >= 5);
    await waitFor('both counted', () => second.lastStatus?.viewers === 2);
    expect(live.stats().viewers).toHaveLength(2);

    first.close();
    second.close();
    await waitFor('the screencast stopped', () => live.viewerCount === 0 && !live.stats().streaming);
    const third = await viewer();
    await waitFor('frames after a restart', () => third.frames.length >= 2);
  });

  it('should keep a slow viewer to the latest frame instead of queueing frames for it', async () => {
    await showPage('/noise');
    const maxBufferedBytes = 64 * 1024;
    const { live, viewer } = await openLiveView({ jpegQuality: 100, maxBufferedBytes });
    const fast = await viewer();
    const slow = await viewer();
    await waitFor('frames for the slow viewer', () => slow.frames.length >= 1);
    // The slow viewer stops reading: its socket, then its kernel buffers, fill up.
    slow.socket.pause();

    const slowStats = () => live.stats().viewers[1]!;
    await waitFor('frames skipped for the slow viewer', () => slowStats().framesSkipped >= 10, 15_000);
    const largestFrame = Math.max(...fast.frames.map((frame) => frame.jpeg.length + 512));
    expect(slowStats().bufferedAmount).toBeLessThanOrEqual(maxBufferedBytes + largestFrame);
    const sentWhilePaused = slowStats().framesSent;
    const fastBefore = fast.frames.length;
    await waitFor('more frames for the fast viewer', () => fast.frames.length >= fastBefore + 10);
    expect(slowStats().framesSent).toBeLessThanOrEqual(sentWhilePaused + 1);

    const latestAtResume = fast.lastFrame!.header.seq;
    slow.socket.resume();
    await waitFor('the latest frame for the slow viewer', () => {
      const last = slow.lastFrame;
      return last && last.header.seq >= latestAtResume;
    });
    expect(slow.frames.length).toBeLessThan(fast.frames.length);
  });

  it('should type into the page: characters, Shift, Backspace, Tab and Enter', async () => {
    await showPage('/');
    const { viewer } = await openLiveView();
    const person = await viewer();
    await clickAt(person, homeId, '#name');
    await waitFor(
      'the input focused',
      async () => (await probe.evaluate(homeId, 'document.activeElement.id')) === 'name',
    );

    for (const letter of 'Helo')
      press(person, letter, `Key${letter.toUpperCase()}`, letter === 'H' ? KEY_MODIFIERS.shift : 0);
    press(person, 'Backspace', 'Backspace');
    press(person, 'p', 'KeyP');
    press(person, '!', 'Digit1', KEY_MODIFIERS.shift);
    press(person, 'Tab', 'Tab');
    press(person, 'x', 'KeyX');
    press(person, 'Enter', 'Enter');

    await waitFor(
      'the form submitted',
      async () => (await probe.evaluate(homeId, 'document.body.dataset.submitted')) === 'yes',
    );
    expect(await probe.evaluate(homeId, 'document.getElementById("name").value')).toBe('Help!');
    expect(await probe.evaluate(homeId, 'document.getElementById("city").value')).toBe('x');
  });

  it('should click a button at its place in a scaled-down frame', async () => {
    await showPage('/');
    // Frames at half the viewport: frame pixels are not CSS pixels.
    const { viewer } = await openLiveView({ viewport: { width: 640, height: 360 } });
    const person = await viewer();
    const frame = await waitFor('a frame', () => person.lastFrame);
    expect(frame.header.width).toBeLessThanOrEqual(640);
    expect(frame.header.width).toBeLessThan(frame.header.metadata.deviceWidth);

    await clickAt(person, homeId, '#go');
    await waitFor(
      'the button clicked',
      async () => (await probe.evaluate(homeId, 'document.getElementById("go").textContent')) === 'clicked',
    );
  });

  it('should follow a popup, then go back to its opener when it closes', async () => {
    await showPage('/');
    const { live, viewer } = await openLiveView();
    const person = await viewer();
    await waitFor('the home tab followed', () => live.stats().followedTargetId === homeId);

    await clickAt(person, homeId, '#open');
    const popupStatus = await waitFor(
      'the popup followed',
      () => person.lastStatus?.tab?.title === 'Popup' && person.lastStatus,
    );
    expect(popupStatus.tab?.url).toBe(`${site.url}/popup`);
    const popupId = live.stats().followedTargetId!;
    expect(popupId).not.toBe(homeId);
    const framesAtSwitch = person.frames.length;
    await waitFor('frames of the popup', () => person.frames.length >= framesAtSwitch + 3);

    await probe.evaluate(popupId, 'window.close()');
    await waitFor(
      'the opener followed again',
      () => person.lastStatus?.tab?.title === 'Home' && live.stats().followedTargetId === homeId,
    );
    const framesAtReturn = person.frames.length;
    await waitFor('frames of the opener', () => person.frames.length >= framesAtReturn + 3);
  });

  it('should keep streaming when the tab navigates to another site (another renderer process)', async () => {
    await showPage('/');
    const { viewer } = await openLiveView();
    const person = await viewer();
    await waitFor('frames', () => person.frames.length >= 3);

    const otherSite = `${site.url.replace('127.0.0.1', 'localhost')}/popup`;
    await probe.navigate(homeId, otherSite);
    await waitFor('the other site', () => person.lastStatus?.tab?.url === otherSite);
    const framesThere = person.frames.length;
    await waitFor('frames of the other site', () => person.frames.length >= framesThere + 3);
  });

  it('should ignore the input of a watch-only viewer', async () => {
    await showPage('/');
    const { live, viewer } = await openLiveView();
    const watcher = await viewer({ watchOnly: true });
    await waitFor('the status', () => watcher.lastStatus);
    expect(watcher.lastStatus?.control).toBe(false);

    await clickAt(watcher, homeId, '#go');
    // Messages of one socket are read in order: once garbage after the click closes it, the click was read.
    watcher.socket.send('garbage');
    await waitFor('the watcher closed', () => watcher.closed);
    expect(live.stats().inputEvents).toBe(0);
    expect(await probe.evaluate(homeId, 'document.getElementById("go").textContent')).toBe('Go');
  });

  it("should go back and forward through the followed tab's history", async () => {
    await showPage('/');
    const { viewer } = await openLiveView();
    const person = await viewer();
    await clickAt(person, homeId, '#next');
    await waitFor(
      'the second page',
      () => person.lastStatus?.tab?.title === 'Second' && person.lastStatus.tab.canGoBack,
    );

    person.send({ type: 'navigate', action: 'back' });
    await waitFor(
      'back home',
      () => person.lastStatus?.tab?.title === 'Home' && person.lastStatus.tab.canGoForward,
    );
    person.send({ type: 'navigate', action: 'forward' });
    await waitFor('forward again', () => person.lastStatus?.tab?.title === 'Second');
  });

  it('should close a viewer that sends something other than its messages', async () => {
    await showPage('/');
    const { live, viewer } = await openLiveView();
    const cases: Array<[string | Buffer, number]> = [
      ['not json', LIVE_VIEW_CLOSE.invalidMessage.code],
      [JSON.stringify({ type: 'mouse', event: 'teleport', x: 1, y: 1 }), LIVE_VIEW_CLOSE.invalidMessage.code],
      [JSON.stringify({ type: 'text', text: 'x'.repeat(9000) }), LIVE_VIEW_CLOSE.messageTooLarge.code],
      [Buffer.from([1, 2, 3]), LIVE_VIEW_CLOSE.binaryMessage.code],
    ];
    for (const [message, code] of cases) {
      const person = await viewer();
      person.socket.send(message);
      const closed = await waitFor('the viewer closed', () => person.closed);
      expect(closed.code).toBe(code);
    }
    await waitFor('no viewers left', () => live.viewerCount === 0);
  });

  it('should close every viewer with "environment closed" when it closes', async () => {
    await showPage('/');
    const { live, viewer } = await openLiveView();
    const first = await viewer();
    const second = await viewer();
    await waitFor('frames', () => first.frames.length > 0 && second.frames.length > 0);

    await live.close();
    for (const person of [first, second]) {
      const closed = await waitFor('the viewer closed', () => person.closed);
      expect(closed).toEqual(LIVE_VIEW_CLOSE.environmentClosed);
      expect(person.lastStatus?.state).toBe('closed');
    }
    const late = await viewer();
    expect((await waitFor('the late viewer closed', () => late.closed)).code).toBe(
      LIVE_VIEW_CLOSE.environmentClosed.code,
    );
  });
});
