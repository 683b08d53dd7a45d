import type { IncomingMessage, ServerResponse } from 'node:http';
import { RECORDING, type RecordedRequest, RecordedStep, type UserAction } from '@proctor/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import {
  type CapturedPageState,
  type CapturedStep,
  type RecordingSink,
  type RrwebSource,
  redactHeaders,
  SessionRecorder,
  type SessionRecorderOptions,
} from '../src/recording';
import { withUntaintedElementCheck } from '../src/recording/pageScript';
import {
  CHROMIUM_PATH,
  html,
  pixelAt,
  serveSite,
  type TestSite,
  testPrefix,
  waitFor,
} from './environmentFixtures';

/** Secrets that must reach no sink: only ever in headers, never in page content or URLs. */
const BEARER_TOKEN = 'tok3n-9f8e7d6c';
const SESSION_COOKIE = 'sid-5a4b3c2d1e';

const HOME = html(
  `<style>
    body { margin: 0; font: 16px sans-serif; }
    #list { position: absolute; left: 400px; top: 20px; width: 200px; height: 120px; overflow: auto; }
    #list div { height: 2000px; }
  </style>
  <button id="go" onclick="this.textContent = 'Clicked'">Go <span>now</span></button>
  <form id="form" onsubmit="event.preventDefault(); document.getElementById('result').textContent = 'sent'">
    <label for="name">Your name</label> <input id="name"> <button id="send">Send</button>
  </form>
  <p id="result"></p>
  <div id="list"><div>A long list</div></div>
  <a id="next" href="/next">Next page</a>
  <a id="hash" href="#details">Details</a>
  <button id="open" onclick="window.open('/popup')">Open popup</button>
  <label for="status">Status</label>
  <select id="status"><option value="open">Open</option><option value="done">Done</option></select>
  <select id="tags" multiple aria-label="Tags"><option>red</option><option>green</option><option>blue</option></select>`,
  'Home',
);

/** The token is assembled by the page: its raw value appears in no document, only in the request header. */
const SECRET_PAGE = html(
  `<p id="state">loading</p><script>
    fetch('/api/data', { headers: { Authorization: 'Bearer ' + ['tok3n', '9f8e7d6c'].join('-') } })
      .then((response) => response.json())
      .then((data) => { document.getElementById('state').textContent = data.ok ? 'loaded' : 'failed'; });
  </script>`,
  'Secret',
);

/** Typed into password fields: no sink may see them, only as many masks as characters. */
const PASSWORD = 'hubbub-fern-26';
const SECOND_PASSWORD = 'quill-moss';
/** What a token endpoint answers: the server's, in no page. */
const ISSUED_TOKEN = 'issued-7c6b5a49';
/** In the URL a test visits, never in a page's content. */
const URL_TOKEN = 'url-3e2d1c0b';
const FRAGMENT_TOKEN = 'frag-9a8b7c6d';

const MASK = RECORDING.passwordMask;
const R = RECORDING.redacted;

const SIGN_IN = html(
  `<form id="signin" method="post" action="/signin">
    <label for="email">Email</label> <input id="email" name="email">
    <label for="password">Password</label> <input id="password" name="password" type="password">
    <button id="signin-button">Sign in</button>
  </form>`,
  'Sign in',
);

/**
 * Secrets in request headers, query strings, JSON and multipart bodies, each assembled by the script: the
 * joined values appear in no document, only in the requests. `X-Keyword`, `keyword` and `note` must stay.
 */
const CALLS_PAGE = html(
  `<p id="state">calling</p><script>
    const secret = (...parts) => parts.join('-');
    const multipart = new FormData();
    multipart.append('note', 'kept');
    multipart.append('password', secret('multipart', 'pass', '5f4e'));
    Promise.all([
      fetch('/api/echo?' + ['api_key=' + secret('query', 'key', '1a2b'), 'keyword=mugs', 'token=' + secret('query', 'token', '3c4d')].join('&'), {
        headers: {
          'X-Auth-Token': secret('header', 'auth', '6a7b'),
          'api-key': secret('header', 'key', '8c9d'),
          'X-Access-Token': secret('header', 'access', '0e1f'),
          'X-Keyword': 'mugs',
        },
      }),
      fetch('/api/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: { email: 'ada@example.test', password: secret('json', 'pass', '2a3b') }, keyword: 'mugs' }),
      }),
      fetch('/api/echo', { method: 'POST', body: multipart }),
      fetch('/api/token').then((response) => response.json()),
    ]).then(() => { document.getElementById('state').textContent = 'done'; });
  </script>`,
  'Calls',
);
/** The values CALLS_PAGE's script assembles. */
const CALL_SECRETS = [
  'query-key-1a2b',
  'query-token-3c4d',
  'header-auth-6a7b',
  'header-key-8c9d',
  'header-access-0e1f',
  'json-pass-2a3b',
  'multipart-pass-5f4e',
];

/** Answers once the request's body has been read. */
function answerAfterBody(answer: (response: ServerResponse) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => answer(response));
  };
}

let browser: LaunchedBrowser;
let site: TestSite;
/** A second origin, and site: 127.0.0.1 and localhost are different sites, so its frames are out of process. */
let otherSite: TestSite;
let otherOrigin: string;
let playwright: Browser;
let context: BrowserContext;
let page: Page;
const { prefix, remove } = testPrefix('recorder');
const recorders: SessionRecorder[] = [];

class CollectingSink implements RecordingSink {
  readonly steps: CapturedStep[] = [];
  readonly rrwebBatches: Array<{ events: unknown[]; source: RrwebSource }> = [];
  readonly requests: RecordedRequest[] = [];

  step(step: CapturedStep): void {
    this.steps.push(step);
  }

  rrweb(events: unknown[], source: RrwebSource): void {
    this.rrwebBatches.push({ events, source });
  }

  request(request: RecordedRequest): void {
    this.requests.push(request);
  }

  get rrwebEvents(): Array<{ type: number; data?: unknown }> {
    return this.rrwebBatches.flatMap((batch) => batch.events as Array<{ type: number }>);
  }

  stepOf<T extends UserAction['type']>(
    type: T,
    matches: (action: Extract<UserAction, { type: T }>) => boolean = () => true,
  ): (CapturedStep & { action: Extract<UserAction, { type: T }> }) | undefined {
    return this.steps.find(
      (step): step is CapturedStep & { action: Extract<UserAction, { type: T }> } =>
        step.action.type === type && matches(step.action as Extract<UserAction, { type: T }>),
    );
  }
}

async function record(options: Partial<SessionRecorderOptions> = {}) {
  const sink = new CollectingSink();
  const errors: Error[] = [];
  const recorder = await SessionRecorder.attach(browser.wsEndpoint, {
    sink,
    onError: (error) => errors.push(error),
    ...options,
  });
  recorders.push(recorder);
  return { recorder, sink, errors };
}

function isJpeg(state: CapturedPageState | null): boolean {
  const data = state?.screenshot?.data;
  return data !== undefined && data[0] === 0xff && data[1] === 0xd8;
}

/** The colour of a screenshot's pixel, rounded to the nearest 5 (JPEG shifts flat colours by a few units). */
beforeAll(async () => {
  [browser, site, otherSite] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({
      '/': HOME,
      '/next': html('<h1>Next</h1>', 'Next'),
      // Counts the iframes anything adds to the document, from before any recording starts.
      '/watched': html(
        `<script>
          window.iframesAdded = 0;
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.addedNodes) if (node.nodeName === 'IFRAME') window.iframesAdded += 1;
          }).observe(document, { childList: true, subtree: true });
        </script>
        <h1>Watched</h1>`,
        'Watched',
      ),
      '/styled': html('<link rel="stylesheet" href="/style.css"><h1 class="styled">Styled</h1>', 'Styled'),
      '/style.css': (_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/css' });
        response.end('.styled { color: rgb(0, 128, 0) }');
      },
      '/paint': html(
        `<style>html, body { margin: 0; height: 100%; background: rgb(255, 255, 255); }</style>
        <button id="paint" onclick="document.body.style.background = 'rgb(255, 0, 0)'">Paint it red</button>`,
        'Paint',
      ),
      '/popup': html(
        '<button id="inside" onclick="this.textContent = \'Done\'">Inside the popup</button>',
        'Popup',
      ),
      '/secret': (request: IncomingMessage, response: ServerResponse) => {
        response.setHeader('set-cookie', `sid=${SESSION_COOKIE}; HttpOnly; Path=/`);
        SECRET_PAGE(request, response);
      },
      '/api/data': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      },
      '/signin': (request, response) =>
        request.method === 'POST'
          ? answerAfterBody((answer) => html('<h1>Signed in</h1>', 'Signed in')(request, answer))(
              request,
              response,
            )
          : SIGN_IN(request, response),
      '/calls': CALLS_PAGE,
      '/api/echo': answerAfterBody((response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }),
      '/api/token': (_request, response) => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: ISSUED_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      },
      '/inner': html(
        '<button id="inner-button" onclick="this.textContent = \'Pressed\'">Inner</button>',
        'Inner',
      ),
      '/same-origin-frame': html('<h1>Outer</h1><iframe id="inner" src="/inner"></iframe>', 'Outer'),
      '/framed': (request, response) =>
        html(
          `<h1>Parent</h1><iframe id="child" src="${otherOrigin}/child" style="width: 400px; height: 200px"></iframe>`,
          'Framed',
        )(request, response),
    }),
    serveSite({
      '/child': html('<p>Inside the child frame</p><button id="child-button">Child button</button>', 'Child'),
    }),
  ]);
  otherOrigin = otherSite.url.replace('127.0.0.1', 'localhost');
  playwright = await chromium.connectOverCDP(browser.wsEndpoint);
  context = playwright.contexts()[0]!;
  page = context.pages()[0] ?? (await context.newPage());
});

afterEach(async () => {
  await Promise.all(recorders.splice(0).map((recorder) => recorder.close()));
  for (const extra of context.pages().slice(1)) await extra.close();
  page = context.pages()[0]!;
});

afterAll(async () => {
  await playwright?.close();
  await browser?.close();
  await site?.close();
  await otherSite?.close();
  remove();
});

describe('withUntaintedElementCheck', () => {
  it("should check Element's querySelector methods as methods, and refuse a bundle without the known text", () => {
    const bundle =
      'const dt={ShadowRoot:["host","styleSheets"],Element:["shadowRoot","querySelector","querySelectorAll"],MutationObserver:[]},ht={Node:["contains","getRootNode"],ShadowRoot:["getSelection"],Element:[],MutationObserver:["constructor"]};';
    expect(withUntaintedElementCheck(bundle)).toBe(
      'const dt={ShadowRoot:["host","styleSheets"],Element:["shadowRoot"],MutationObserver:[]},ht={Node:["contains","getRootNode"],ShadowRoot:["getSelection"],Element:["querySelector","querySelectorAll"],MutationObserver:["constructor"]};',
    );
    expect(() => withUntaintedElementCheck('const dt={Element:["shadowRoot"]}')).toThrow(/no longer holds/);
  });
});

describe('redactHeaders', () => {
  it('should replace the values of secret headers, whatever their case, and lower-case every name', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer x',
        cookie: 'a=b',
        'Set-Cookie': 'a=b\nc=d',
        'X-Api-Key': 'k',
        'Proxy-Authorization': 'p',
        'X-Auth-Token': 't',
        'api-key': 'k',
        'X-Access-Token': 'a',
        'X-CSRF-Token': 'c',
        Accept: 'text/html',
        'X-Keyword': 'mugs',
      }),
    ).toEqual({
      authorization: RECORDING.redacted,
      cookie: RECORDING.redacted,
      'set-cookie': RECORDING.redacted,
      'x-api-key': RECORDING.redacted,
      'proxy-authorization': RECORDING.redacted,
      'x-auth-token': RECORDING.redacted,
      'api-key': RECORDING.redacted,
      'x-access-token': RECORDING.redacted,
      'x-csrf-token': RECORDING.redacted,
      accept: 'text/html',
      'x-keyword': 'mugs',
    });
  });
});

describe('SessionRecorder', () => {
  it('should record a click with the button box and JPEG screenshots before and after', async () => {
    const { sink, errors } = await record({ mutationCount: () => 7 });
    await page.goto(`${site.url}/`);
    const box = await page.locator('#go').boundingBox();
    await page.click('#go');
    expect(await page.textContent('#go')).toBe('Clicked');

    const step = await waitFor('the click step', () => sink.stepOf('click'));
    expect(step.action.target).toMatchObject({ id: 'go', selector: '#go', tag: 'button', text: 'Go now' });
    const bbox = step.action.target?.bbox;
    expect(bbox?.x).toBeCloseTo(box!.x, 0);
    expect(bbox?.y).toBeCloseTo(box!.y, 0);
    expect(bbox?.width).toBeCloseTo(box!.width, 0);
    expect(bbox?.height).toBeCloseTo(box!.height, 0);
    expect(step.action.x).toBeGreaterThanOrEqual(box!.x);
    expect(step.action.x).toBeLessThanOrEqual(box!.x + box!.width);
    expect(isJpeg(step.before_state)).toBe(true);
    expect(isJpeg(step.after_state)).toBe(true);
    expect(step.after_state?.screenshot).toMatchObject({ mime: 'image/jpeg', width: 1280 });
    expect(step.before_state?.metadata.bboxes).toEqual([bbox]);
    expect(step.after_state?.current_url).toBe(`${site.url}/`);
    expect(step.mutations).toEqual({ before: 7, after: 7 });
    // The contract's shape, with a blob reference where the bytes are.
    const stored = {
      ...step,
      before_state: { ...step.before_state, screenshot: null },
      after_state: { ...step.after_state, screenshot: null },
    };
    expect(RecordedStep.safeParse(stored).success).toBe(true);
    expect(errors).toEqual([]);
  });

  it('should show the page as it was before the step and as it became after it', async () => {
    const { sink, recorder, errors } = await record();
    await page.goto(`${site.url}/paint`);
    // Settled and captured: that capture is the click's before-state.
    await waitFor('the navigation step, settled', () =>
      sink.stepOf('url_change', (action) => action.url.endsWith('/paint')),
    );
    await page.click('#paint');
    const step = await waitFor('the click step', () => sink.stepOf('click'));
    await recorder.close();
    // Mid-page, away from the button: white before the click, red after it.
    expect(await pixelAt(page, step.before_state, 640, 500)).toEqual([255, 255, 255]);
    expect(await pixelAt(page, step.after_state, 640, 500)).toEqual([255, 0, 0]);
    expect(errors).toEqual([]);
  });

  it('should begin a step taken as soon as the page loaded from the page as it loaded', async () => {
    const { sink, recorder, errors } = await record();
    await page.goto(`${site.url}/paint`);
    // Once the recorder has taken its look at load (on a busy machine it may hear of the load after an agent
    // acting at once has clicked), that look is the click's before-state and the navigation's after-state.
    await waitFor('the look at load', () => recorder.stats().screenshots > 0 || undefined);
    await page.click('#paint');
    const step = await waitFor('the click step', () => sink.stepOf('click'));
    await recorder.close();
    const navigation = sink.stepOf('url_change', (action) => action.url.endsWith('/paint'));
    expect(await pixelAt(page, navigation?.after_state ?? null, 640, 500)).toEqual([255, 255, 255]);
    expect(await pixelAt(page, step.before_state, 640, 500)).toEqual([255, 255, 255]);
    expect(await pixelAt(page, step.after_state, 640, 500)).toEqual([255, 0, 0]);
    expect(errors).toEqual([]);
  });

  it('should number steps from 0 in order, the page navigation first', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#go');
    await waitFor('the click step', () => sink.stepOf('click'));
    await recorder.flush();
    expect(sink.steps.map((step) => step.idx)).toEqual(sink.steps.map((_step, index) => index));
    expect(sink.steps[0]?.action).toMatchObject({ type: 'url_change', url: `${site.url}/` });
    // mouse_move steps carry no page states.
    const move = sink.stepOf('mouse_move');
    expect(move?.before_state).toBeNull();
    expect(move?.after_state).toBeNull();
    // Screenshot time is counted over the steps with page states, which a burst's steps share.
    const stats = recorder.stats();
    expect(stats.stepsWithStates).toBe(sink.steps.filter((step) => step.before_state).length);
    expect(stats.screenshots).toBeGreaterThan(0);
    expect(stats.screenshotMsPerStep).toBeCloseTo(
      (stats.screenshotMeanMs * stats.screenshots) / stats.stepsWithStates,
      6,
    );
  });

  it('should make one type action "hello[Enter]" of typing hello then Enter, then a submit', async () => {
    const { sink, errors } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#name');
    await page.keyboard.type('hello');
    await page.keyboard.press('Enter');
    await waitFor('the form handled', async () => (await page.textContent('#result')) === 'sent');

    const submit = await waitFor('the submit step', () => sink.stepOf('submit'));
    const typed = sink.steps.filter((step) => step.action.type === 'type');
    expect(typed.map((step) => step.action.type === 'type' && step.action.text)).toEqual(['hello[Enter]']);
    expect(typed[0]?.action).toMatchObject({ target: { id: 'name', selector: '#name', text: 'Your name' } });
    expect(submit.action.target).toMatchObject({ id: 'form', tag: 'form' });
    expect(submit.idx).toBeGreaterThan(typed[0]!.idx);
    // Enter's implicit click on the submit button is the browser's, not an action of its own.
    expect(sink.stepOf('click', (action) => action.target?.id === 'send')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('should record text an agent inserts right after a key press, as well as the key', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#name');
    // A key, and at once the text a fill inserts: sent together, the insertion runs before any timer has.
    const cdp = await context.newCDPSession(page);
    await Promise.all([
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'a', code: 'KeyA', text: 'a' }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'a', code: 'KeyA' }),
      cdp.send('Input.insertText', { text: 'da' }),
    ]);
    await cdp.detach();
    expect(await page.inputValue('#name')).toBe('ada');
    const typed = await waitFor('the type step', async () => {
      await recorder.flush();
      return sink.stepOf('type');
    });
    expect(typed.action.text).toBe('ada');
  });

  it('should record text filled in without key presses as typing', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.fill('#name', 'Ada Lovelace');
    const typed = await waitFor('the type step', async () => {
      await recorder.flush();
      return sink.stepOf('type');
    });
    expect(typed.action).toMatchObject({ text: 'Ada Lovelace', target: { id: 'name' } });
  });

  it('should record a choice in a list as a select step with the values and labels chosen', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.selectOption('#status', 'done');
    await page.selectOption('#tags', ['red', 'blue']);
    const [single, multiple] = await waitFor('two select steps', async () => {
      await recorder.flush();
      const steps = sink.steps.filter((step) => step.action.type === 'select');
      return steps.length === 2 ? steps : undefined;
    });
    expect(single!.action).toMatchObject({
      values: ['done'],
      labels: ['Done'],
      target: { id: 'status', selector: '#status', tag: 'select', text: 'Status' },
    });
    expect(multiple!.action).toMatchObject({ values: ['red', 'blue'], labels: ['red', 'blue'] });
  });

  it("should record an agent's choice made right after its click, and not a page's own change during a click", async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    const box = (await page.locator('#go').boundingBox())!;
    const at = {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      button: 'left' as const,
      clickCount: 1,
    };
    // A real click, and at once, in a task of its own, a script's choice (as Playwright's selectOption makes
    // it): sent together, the choice runs before the page has run any timer since the click.
    const cdp = await context.newCDPSession(page);
    await Promise.all([
      cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at }),
      cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at }),
      cdp.send('Runtime.evaluate', {
        expression: `(() => {
          const list = document.getElementById('status');
          list.value = 'done';
          list.dispatchEvent(new Event('change', { bubbles: true }));
        })()`,
      }),
    ]);
    // A page script that changes the list itself while handling a real click: the page's doing.
    await page.evaluate(`document.getElementById('go').addEventListener('click', () => {
      const list = document.getElementById('status');
      list.value = 'open';
      list.dispatchEvent(new Event('change', { bubbles: true }));
    })`);
    await page.click('#go');
    await cdp.detach();
    const steps = await waitFor('two clicks', async () => {
      await recorder.flush();
      return sink.steps.filter((step) => step.action.type === 'click').length === 2 ? sink.steps : undefined;
    });
    const choices = steps.flatMap((step) => (step.action.type === 'select' ? [step.action.values] : []));
    expect(choices).toEqual([['done']]);
  });

  it('should record wheel scrolling of an element as one scroll per gesture with its direction', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.hover('#list');
    await page.mouse.wheel(0, 200);
    await page.mouse.wheel(0, 100);
    await waitFor('the list scrolled', () =>
      page.evaluate<boolean>("document.getElementById('list').scrollTop >= 300"),
    );
    await page.click('#go');
    await page.hover('#list');
    await page.mouse.wheel(0, -120);
    // The page's report of the wheel may come after Playwright's answer: flush until it is in.
    await waitFor('two scroll steps', async () => {
      await recorder.flush();
      return sink.steps.filter((step) => step.action.type === 'scroll').length === 2;
    });

    const scrolls = sink.steps.filter((step) => step.action.type === 'scroll').map((step) => step.action);
    expect(scrolls).toMatchObject([
      { direction: 'down', dx: 0, dy: 300, target: { id: 'list', selector: '#list' } },
      { direction: 'up', dy: -120 },
    ]);
    const first = sink.stepOf('scroll');
    expect(first?.after_state?.metadata.bboxes).toEqual([first?.action.target?.bbox]);
  });

  it('should record url changes of links and of in-page navigation', async () => {
    const { sink } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#hash');
    await page.waitForURL('**/#details');
    await page.click('#next');
    await page.waitForURL('**/next');

    const hash = await waitFor('the hash change', () =>
      sink.stepOf('url_change', (action) => action.url === `${site.url}/#details`),
    );
    const next = await waitFor('the navigation', () =>
      sink.stepOf('url_change', (action) => action.url === `${site.url}/next`),
    );
    expect(hash.action.is_simulator_action).toBe(false);
    expect(next.after_state?.current_url).toBe(`${site.url}/next`);
    expect(isJpeg(next.after_state)).toBe(true);
    const click = sink.stepOf('click', (action) => action.target?.id === 'next');
    expect(click?.idx).toBeLessThan(next.idx);
  });

  it('should record rrweb events with a full snapshot of the page', async () => {
    const { sink } = await record();
    await page.goto(`${site.url}/`);
    const home = `${site.url}/`;
    const snapshot = await waitFor('a full snapshot of the page', () =>
      sink.rrwebBatches.find(
        (batch) =>
          batch.source.url === home && batch.events.some((event) => (event as { type: number }).type === 2),
      ),
    );
    expect(JSON.stringify(snapshot.events)).toContain('A long list');
    expect(new Set(sink.rrwebBatches.map((batch) => batch.source.pageId))).toEqual(
      new Set([snapshot.source.pageId]),
    );
  });

  it('should record linked stylesheets by reference, for the server to put their text back', async () => {
    const { sink } = await record();
    await page.goto(`${site.url}/styled`);
    const snapshot = await waitFor('a full snapshot of the page', () =>
      sink.rrwebEvents.find((event) => event.type === 2 && JSON.stringify(event).includes('Styled')),
    );
    const recorded = JSON.stringify(snapshot);
    expect(recorded).toContain(`"href":"${site.url}/style.css"`);
    expect(recorded).not.toContain('_cssText');
    expect(recorded).not.toContain('rgb(0, 128, 0)');
  });

  it("should record a page's DOM without adding a frame to it, and hear its changes", async () => {
    const { sink } = await record();
    await page.goto(`${site.url}/watched`);
    await waitFor('a full snapshot of the page', () =>
      sink.rrwebEvents.some((event) => event.type === 2 && JSON.stringify(event).includes('Watched')),
    );
    await page.evaluate("document.body.append('changed after the snapshot')");
    await waitFor('the change recorded', () =>
      JSON.stringify(sink.rrwebEvents).includes('changed after the snapshot'),
    );
    // rrweb's own check for a clean Element prototype used to fail on every page and take one from a new iframe.
    expect(await page.evaluate('window.iframesAdded')).toBe(0);
  });

  it('should record requests with secret headers redacted and no raw secret anywhere', async () => {
    const { sink, recorder, errors } = await record({ recordNetwork: true });
    // Twice, each time until its fetch is done: the second visit sends the cookie the first one set.
    for (let visit = 1; visit <= 2; visit++) {
      await page.goto(`${site.url}/secret`);
      await waitFor('the fetch done', async () => (await page.textContent('#state')) === 'loaded');
    }
    await waitFor('both API requests recorded', () =>
      sink.requests.filter((request) => request.url === `${site.url}/api/data`).length === 2
        ? true
        : undefined,
    );
    await recorder.flush();

    const secretPage = sink.requests.find((request) => request.url === `${site.url}/secret`);
    expect(secretPage).toMatchObject({ method: 'GET', status: 200, resource_type: 'Document', failed: null });
    expect(secretPage?.response_headers['set-cookie']).toBe(RECORDING.redacted);
    expect(secretPage?.content_type).toContain('text/html');

    const api = sink.requests.filter((request) => request.url === `${site.url}/api/data`).at(-1)!;
    expect(api).toMatchObject({ method: 'GET', status: 200, resource_type: 'Fetch', truncated: false });
    expect(api.request_headers.authorization).toBe(RECORDING.redacted);
    expect(api.request_headers.cookie).toBe(RECORDING.redacted);
    expect(Buffer.from(api.response_body ?? '', 'base64').toString()).toBe('{"ok":true}');
    expect(api.duration_ms).toBeGreaterThanOrEqual(0);
    expect(api.started_at).toBeGreaterThan(Date.now() - 60_000);

    const everything = JSON.stringify({
      steps: sink.steps,
      rrweb: sink.rrwebBatches,
      requests: sink.requests,
    });
    expect(everything).not.toContain(BEARER_TOKEN);
    expect(everything).not.toContain(SESSION_COOKIE);
    expect(errors).toEqual([]);
  });

  it('should record secrets in headers, query strings and bodies redacted, and what is not secret as sent', async () => {
    const { sink, recorder, errors } = await record({ recordNetwork: true });
    await page.goto(`${site.url}/calls`);
    await waitFor('the calls done', async () => (await page.textContent('#state')) === 'done');
    const posts = () => sink.requests.filter((request) => request.method === 'POST');
    await waitFor('every call recorded', () =>
      posts().length === 2 && sink.requests.some((request) => request.url.endsWith('/api/token'))
        ? true
        : undefined,
    );
    await recorder.flush();

    const get = sink.requests.find(
      (request) => request.method === 'GET' && request.url.includes('/api/echo'),
    );
    expect(get?.url).toBe(`${site.url}/api/echo?api_key=${R}&keyword=mugs&token=${R}`);
    expect(get?.request_headers).toMatchObject({
      'x-auth-token': R,
      'api-key': R,
      'x-access-token': R,
      'x-keyword': 'mugs',
    });
    const json = posts().find((request) => request.request_headers['content-type'] === 'application/json');
    expect(JSON.parse(json?.request_body ?? 'null')).toEqual({
      user: { email: 'ada@example.test', password: R },
      keyword: 'mugs',
    });
    const multipart = posts().find((request) =>
      request.request_headers['content-type']?.startsWith('multipart/'),
    );
    expect(multipart?.request_body).toMatch(/name="note"\r\n\r\nkept\r\n/);
    expect(multipart?.request_body).toContain(`name="password"\r\n\r\n${R}\r\n`);
    const token = sink.requests.find((request) => request.url.endsWith('/api/token'));
    expect(JSON.parse(Buffer.from(token?.response_body ?? '', 'base64').toString())).toEqual({
      access_token: R,
      token_type: 'Bearer',
      expires_in: 3600,
    });

    const everything = JSON.stringify({
      steps: sink.steps,
      rrweb: sink.rrwebBatches,
      requests: sink.requests,
    });
    for (const secret of [...CALL_SECRETS, ISSUED_TOKEN]) expect(everything).not.toContain(secret);
    expect(errors).toEqual([]);
  });

  it("should record a sign-in form's password redacted in the request and masked in steps and rrweb", async () => {
    const { sink, recorder, errors } = await record({ recordNetwork: true });
    await page.goto(`${site.url}/signin`);
    await waitFor('rrweb recording', () => sink.rrwebEvents.some((event) => event.type === 2) || undefined);
    await page.click('#email');
    await page.keyboard.type('ada@example.test');
    await page.click('#password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await page.fill('#password', SECOND_PASSWORD);
    // A show-password toggle: the field, a password when rrweb saw it, stays masked as text.
    await page.evaluate("document.getElementById('password').type = 'text'");
    await page.type('#password', 'z');
    await page.click('#signin-button');
    await page.getByText('Signed in').waitFor();
    const signIn = await waitFor('the sign-in request', () =>
      sink.requests.find((request) => request.method === 'POST' && request.url === `${site.url}/signin`),
    );
    await recorder.flush();

    const typedIntoPassword = sink.steps
      .flatMap((step) =>
        step.action.type === 'type' && step.action.target?.id === 'password' ? [step.action.text] : [],
      )
      .join('');
    expect(typedIntoPassword).toBe(
      `${MASK.repeat(PASSWORD.length)}[Backspace][Tab]${MASK.repeat(SECOND_PASSWORD.length)}${MASK}`,
    );
    expect(sink.stepOf('type', (action) => action.target?.id === 'email')?.action.text).toBe(
      'ada@example.test',
    );
    expect(signIn.request_body).toBe(`email=ada%40example.test&password=${R}`);
    // rrweb's input events for the field say something was typed, as many characters, masked.
    const inputs = sink.rrwebEvents.flatMap((event) => {
      const data = event.data as { source?: number; text?: unknown } | undefined;
      return event.type === 3 && data?.source === 5 && typeof data.text === 'string' ? [data.text] : [];
    });
    expect(inputs).toContain('*'.repeat(PASSWORD.length));
    expect(inputs).toContain('*'.repeat(SECOND_PASSWORD.length + 1));

    const everything = JSON.stringify({
      steps: sink.steps,
      rrweb: sink.rrwebBatches,
      requests: sink.requests,
    });
    for (const secret of [PASSWORD, PASSWORD.slice(0, -1), SECOND_PASSWORD])
      expect(everything).not.toContain(secret);
    expect(errors).toEqual([]);
  });

  it('should record URLs with their secret parameters redacted: url changes, page states, rrweb and requests', async () => {
    const { sink, recorder, errors } = await record({ recordNetwork: true });
    const visited = `${site.url}/next?page=2&token=${URL_TOKEN}#access_token=${FRAGMENT_TOKEN}`;
    const recorded = `${site.url}/next?page=2&token=${R}#access_token=${R}`;
    await page.goto(visited);
    await page.click('h1');
    await waitFor('the click step', () => sink.stepOf('click'));
    await waitFor('the page request', () =>
      sink.requests.find((request) => request.url.startsWith(`${site.url}/next`)),
    );
    await recorder.flush();

    expect(sink.stepOf('url_change', (action) => action.url.startsWith(`${site.url}/next`))?.action.url).toBe(
      recorded,
    );
    const click = sink.stepOf('click')!;
    expect(click.before_state?.current_url).toBe(recorded);
    expect(click.action.metadata.frame_url).toBe(recorded);
    // The page the previous test left may be snapshotted first: the meta event of the visited page is the one asked.
    const meta = sink.rrwebEvents.find(
      (event) => event.type === 4 && (event.data as { href?: string }).href?.startsWith(`${site.url}/next`),
    );
    expect((meta?.data as { href?: string } | undefined)?.href).toBe(recorded);
    expect(sink.rrwebBatches.map((batch) => batch.source.url)).toContain(recorded);
    expect(sink.requests.find((request) => request.url.startsWith(`${site.url}/next`))?.url).toBe(recorded);

    const everything = JSON.stringify({
      steps: sink.steps,
      rrweb: sink.rrwebBatches,
      requests: sink.requests,
    });
    expect(everything).not.toContain(URL_TOKEN);
    expect(everything).not.toContain(FRAGMENT_TOKEN);
    expect(errors).toEqual([]);
  });

  it('should tie each request to the step in progress when it started', async () => {
    const { sink } = await record({ recordNetwork: true });
    await page.goto(`${site.url}/`);
    await page.evaluate("document.getElementById('go').onclick = () => fetch('/api/data')");
    await page.click('#go');
    const click = await waitFor('the click step', () => sink.stepOf('click'));
    const api = await waitFor('the API request', () =>
      sink.requests.find((request) => request.url.endsWith('/api/data')),
    );
    expect(api.step_idx).toBe(click.idx);
    const home = sink.requests.find((request) => request.url === `${site.url}/`);
    expect(home?.step_idx).toBeNull();
  });

  it('should restart at idx 0 with a new full snapshot after startNewSession', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#go');
    await waitFor('the click step', () => sink.stepOf('click'));

    const eventsBefore = sink.rrwebEvents.length;
    const stepsBefore = sink.steps.length;
    await recorder.startNewSession();
    await waitFor('a new full snapshot', () =>
      sink.rrwebEvents.slice(eventsBefore).some((event) => event.type === 2),
    );

    await page.goto(`${site.url}/next`);
    await page.click('h1');
    const clickAfter = await waitFor('a click in the new session', () =>
      sink.steps.slice(stepsBefore).find((step) => step.action.type === 'click'),
    );
    const newSession = sink.steps.slice(stepsBefore);
    expect(newSession[0]).toMatchObject({
      idx: 0,
      action: { type: 'url_change', url: `${site.url}/next`, is_simulator_action: true },
    });
    expect(newSession.map((step) => step.idx)).toEqual(newSession.map((_step, index) => index));
    expect(clickAfter.action.is_simulator_action).toBe(false);
    // The old session's last page is the new session's first before-state.
    expect(isJpeg(newSession[0]!.before_state)).toBe(true);
  });

  it('should let a page with a cross-site iframe load, and record inside the frame', async () => {
    const { sink, errors } = await record({ recordNetwork: true });
    await page.goto(`${site.url}/framed`, { timeout: 10_000 });
    expect(await page.evaluate('document.readyState')).toBe('complete');

    const child = page.frameLocator('#child');
    await child.locator('#child-button').click({ timeout: 10_000 });
    const click = await waitFor('the click in the frame', () =>
      sink.stepOf('click', (action) => action.target?.id === 'child-button'),
    );
    expect(click.action.metadata.frame_url).toBe(`${otherOrigin}/child`);
    expect(isJpeg(click.after_state)).toBe(true);
    expect(click.after_state?.current_url).toBe(`${site.url}/framed`);
    // The frame's content is in the page's rrweb stream, through its parent.
    await waitFor('the frame in rrweb', () =>
      JSON.stringify(sink.rrwebEvents).includes('Inside the child frame'),
    );
    expect(new Set(sink.rrwebBatches.map((batch) => batch.source.pageId)).size).toBe(1);
    expect(errors).toEqual([]);
  });

  it('should record inside a same-origin iframe, whose document reuses the window of its about:blank', async () => {
    const { sink, errors } = await record();
    await page.goto(`${site.url}/same-origin-frame`);
    const inner = page.frameLocator('#inner').locator('#inner-button');
    await inner.click();
    expect(await inner.textContent()).toBe('Pressed');
    const click = await waitFor('the click in the frame', () =>
      sink.stepOf('click', (action) => action.target?.id === 'inner-button'),
    );
    expect(click.action.metadata.frame_url).toBe(`${site.url}/inner`);
    expect(errors).toEqual([]);
  });

  it('should follow a popup the page opens and record in it', async () => {
    const { sink, errors } = await record();
    await page.goto(`${site.url}/`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#open')]);
    await popup.waitForLoadState('load');
    await popup.click('#inside');
    expect(await popup.textContent('#inside')).toBe('Done');

    const click = await waitFor('the click in the popup', () =>
      sink.stepOf('click', (action) => action.target?.id === 'inside'),
    );
    expect(click.after_state?.current_url).toBe(`${site.url}/popup`);
    expect(isJpeg(click.after_state)).toBe(true);
    expect(sink.stepOf('url_change', (action) => action.url === `${site.url}/popup`)).toBeDefined();
    const pages = new Set(sink.rrwebBatches.map((batch) => batch.source.pageId));
    expect(pages.size).toBe(2);
    // Each step names the tab it acted in as the rrweb streams name theirs, so the replay can follow it.
    const opener = sink.stepOf('click', (action) => action.target?.id === 'open');
    expect(opener?.page).toBeDefined();
    expect(click.page).not.toBe(opener?.page);
    expect(pages).toEqual(new Set([opener?.page, click.page]));
    expect(errors).toEqual([]);
  });

  it('should leave the browser working for other clients once closed, and close only once', async () => {
    const { sink, recorder } = await record();
    await page.goto(`${site.url}/`);
    await page.click('#name');
    await page.keyboard.type('pending');
    // rrweb's record of the input leaves the page after the keys did, through the same binding.
    await waitFor('the keys reported', () => JSON.stringify(sink.rrwebEvents).includes('"text":"pending"'));
    await Promise.all([recorder.close(), recorder.close()]);
    // The action still being typed was flushed on close.
    expect(sink.stepOf('type')?.action).toMatchObject({ text: 'pending' });
    const count = sink.steps.length;

    await page.goto(`${site.url}/next`);
    const fresh = await context.newPage();
    await fresh.goto(`${site.url}/`, { timeout: 10_000 });
    await fresh.click('#go');
    expect(await fresh.textContent('#go')).toBe('Clicked');
    expect(sink.steps.length).toBe(count);

    // A later recorder instruments a document an earlier one left.
    const again = await record();
    await fresh.click('#go');
    await waitFor('a click seen by the new recorder', () => again.sink.stepOf('click'));
  });
});
