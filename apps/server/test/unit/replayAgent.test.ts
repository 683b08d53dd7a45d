import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedStep } from '@proctor/contracts';
import { type LaunchedBrowser, launchBrowser } from '@proctor/environments';
import type { SimulatorInstance } from '@proctor/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayDriver, typedParts } from '../../src/agents/replay';
import type { RunDriverContext } from '../../src/agents/types';

/**
 * The replay agent against a page of its own: a form its script submits a moment after the click, which posts
 * slowly and comes back to the page it was on. The recording says "click Add, then the page navigated to /":
 * the replay must not take the URL it is already at for that navigation (Playwright's click does not wait for
 * a navigation that starts later), nor end before what its last click sent has been answered.
 */

const POST_DELAY_MS = 1_500;

let server: Server;
let origin: string;
let browser: LaunchedBrowser;
/** What the server did, in order. */
const log: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    const later = (done: () => void) => setTimeout(done, POST_DELAY_MS);
    if (request.method === 'POST') {
      log.push(`${path} received`);
      later(() => {
        log.push(`${path} answered`);
        if (path === '/add') response.writeHead(303, { location: '/' }).end();
        else response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(
      `<!doctype html><title>Cart</title>
       <form method="post" action="/add">
         <button id="add" type="button" onclick="setTimeout(() => this.form.submit(), 200)">Add</button>
       </form>
       <button id="save" onclick="fetch('/save', { method: 'POST' })">Save</button>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser({ userDataDirPrefix: '/tmp/proctor-test-replay-' });
  await browser.page.navigate(`${origin}/`);
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

let seq = 0;
function step(action: Record<string, unknown>): RecordedStep {
  seq += 1;
  return {
    idx: seq,
    action: {
      id: `a${seq}`,
      timestamp: Date.now(),
      is_simulator_action: false,
      metadata: { start_seq_id: seq, end_seq_id: seq },
      ...action,
    } as RecordedStep['action'],
    before_state: null,
    after_state: null,
    mutations: { before: 0, after: 0 },
  };
}

const click = (id: string) =>
  step({
    type: 'click',
    x: 1,
    y: 1,
    button: 'left',
    target: { id, selector: `#${id}`, tag: 'button', text: id, bbox: null },
  });

function replay(steps: RecordedStep[]) {
  const instance = { url: (path: string) => new URL(path, origin).href } as SimulatorInstance;
  return replayDriver(
    steps,
    'done',
  )({
    wsEndpoint: browser.wsEndpoint,
    instance,
    signal: new AbortController().signal,
  } as RunDriverContext);
}

describe('replay agent', () => {
  it('waits for the navigation a click made, even back to the page it was on, before its next action', async () => {
    log.length = 0;
    const answer = await replay([
      click('add'),
      step({ type: 'url_change', url: 'http://recorded.test/' }),
      click('save'),
    ]);
    expect(answer).toBe('done');
    expect(log).toEqual(['/add received', '/add answered', '/save received', '/save answered']);
  });

  it("ends only once its last click's request is answered", async () => {
    log.length = 0;
    await replay([click('save')]);
    expect(log).toEqual(['/save received', '/save answered']);
  });

  it('reads typed text with its keys in brackets', () => {
    expect(typedParts('hello[Backspace]o[Enter]')).toEqual([
      { text: 'hello' },
      { key: 'Backspace' },
      { text: 'o' },
      { key: 'Enter' },
    ]);
  });
});
