import {
  SessionDetailResponse,
  SessionListResponse,
  SessionRrwebEventsResponse,
  SessionScoresResponse,
  User,
} from '@proctor/contracts';
import { newPublicId, sessionSteps, sessions, testCases } from '@proctor/db';
import { Proctor } from '@proctor/sdk';
import { builtInSimulators, type SolveContext } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KIND, insertSessionEvents } from '../apps/server/src/repositories/recordings';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * The session pages over a real recording: an agent carries out a built-in test case over CDP (the SDK
 * starts the environment, with network recording on), and the person who owns it watches it live, then
 * steps through what was recorded, reads its network requests, finds it on the test case, and archives it.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
/** HTMLMediaElement.HAVE_METADATA: the duration is known. */
const HAVE_METADATA = 1;
const duvet = shop.testCases.find((testCase) => testCase.key === 'duvet-cover-fallback-colour')!;

describe('session pages', () => {
  let e2e: E2E;
  let page: Page;
  let sdk: Proctor;
  let accessToken: string;
  let testCasePublicId: string;
  let sessionId: string;

  const api = async (path: string): Promise<unknown> => {
    const response = await fetch(`${e2e.baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return response.json();
  };
  const sessionsOfTestCase = async () =>
    SessionListResponse.parse(await api(`/api/session/?testCaseIds=${encodeURIComponent(testCasePublicId)}`))
      .sessions;
  const sessionDetail = async () =>
    SessionDetailResponse.parse(await api(`/api/session/${encodeURIComponent(sessionId)}`));
  /** A session's first tab's DOM events: the replay reads them apart from the session when it opens. */
  const domEvents = async (id: string) =>
    SessionRrwebEventsResponse.parse(await api(`/api/session/${encodeURIComponent(id)}/rrweb-events`)).events;

  beforeAll(async () => {
    e2e = await startE2E({ env: { BROWSER_POOL_SIZE: '1' } });
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Session Reviewer'), {
      name: 'Replay Lab',
      purpose: 'Review what our agent did',
    });
    accessToken = tokens.access_token;
    const me = User.parse(await api('/api/user/from-session'));
    sdk = new Proctor({ baseUrl: e2e.baseUrl, apiKey: me.organization!.apiKey! });
    const [row] = await e2e.proctor.ctx.db
      .select({ publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${duvet.key}`));
    testCasePublicId = row!.publicId;
  });
  afterAll(() => e2e?.close());

  it('should show the live view while the session runs and its steps once it has ended', async () => {
    const environment = await sdk.environments.make('shop', { record_network_requests: true });
    try {
      await environment.waitForReady();
      const reset = await environment.reset(testCasePublicId);
      await expect
        .poll(
          async () => (await sessionsOfTestCase()).find((s) => s.status === 'run_setup_completed')?.sessionId,
        )
        .toBeDefined();
      sessionId = (await sessionsOfTestCase()).find((s) => s.status === 'run_setup_completed')!.sessionId;

      await page.goto(`/sessions/${sessionId}`);
      await page.getByRole('heading', { name: sessionId }).waitFor();
      await page.getByLabel("Live view of the environment's browser").waitFor();

      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const remote = browser.contexts()[0]!.pages()[0]!;
        remote.setDefaultTimeout(15_000);
        const origin = new URL(reset.start_url).origin;
        const context: SolveContext = {
          origin,
          url: (path) => new URL(path, origin).href,
          auth: { user: shop.auth.user, password: shop.auth.password },
        };
        const output = await duvet.solve(remote, context);
        await remote.waitForLoadState('load');
        // The answer (the colour it picked) is part of the session, judged with its changes when it ends.
        expect((await environment.evaluate(output)).passed).toBe(true);
      } finally {
        await browser.close();
      }
    } finally {
      await environment.close();
    }

    // Ended, then judged by its test case (the reference solution passes).
    await expect.poll(async () => (await sessionDetail()).session.status).toBe('scoring_completed');
    expect((await sessionDetail()).session.scoringBadge).toBe('pass');
    await page.reload();
    const steps = (await sessionDetail()).snapshot.snapshots.length;
    expect(steps).toBeGreaterThan(1);
    await page.getByTestId('step-counter').getByText(`step 1 / ${steps}`).waitFor();
    expect(await page.getByLabel("Live view of the environment's browser").count()).toBe(0);
  });

  it('should list the session and open it from its side panel', async () => {
    await page.goto('/sessions');
    const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
    await row.getByText('Completed').waitFor();
    await row.getByText('Pass', { exact: true }).waitFor();
    await row.getByText(duvet.name).waitFor();

    await row.click();
    const panel = page.getByTestId('session-panel');
    await panel.getByRole('link', { name: duvet.name }).waitFor();
    await row.click();
    await expect.poll(() => panel.count()).toBe(0);

    await row.click();
    await panel.getByRole('link', { name: 'Open session' }).click();
    await page.waitForURL(`**/sessions/${sessionId}`);
    await page.getByRole('heading', { name: sessionId }).waitFor();
  });

  it('should list the score records on the session page and open one in its details', async () => {
    const records = SessionScoresResponse.parse(
      await api(`/api/evals/scoring/${encodeURIComponent(sessionId)}`),
    );
    const match = records.find((record) => record.config.type === 'state_mutation_match');
    expect(match?.result).toMatchObject({ correct: true, similarity: 1 });

    await page.goto(`/sessions/${sessionId}`);
    const scores = page.getByTestId('session-scores');
    const rows = scores.getByTestId('score-record');
    await expect.poll(() => rows.count()).toBe(records.length);
    const row = scores.locator(`[data-testid="score-record"][data-score-id="${match!.id}"]`);
    await row.getByText('State mutation match', { exact: true }).waitFor();
    expect(await row.getByTestId('score-verdict').textContent()).toBe('Pass');
    expect(await row.getByTestId('score-similarity').textContent()).toBe('1.00');

    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Score details' });
    await dialog.getByTestId('score-reason').getByText(match!.result.reason, { exact: true }).waitFor();
    expect(await dialog.getByTestId('score-similarity').textContent()).toBe('1.00');
    expect(await dialog.getByTestId('score-correct').textContent()).toBe('Yes');
    expect(await dialog.getByTestId('mutation-diff').count()).toBe(match!.result.diffs?.length ?? 0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('should step through the recording with its screenshot, the acted-on element and a sandboxed DOM replay', async () => {
    const detail = await sessionDetail();
    const steps = detail.snapshot.snapshots;
    const click = steps.findIndex(
      (step) => step.action.type === 'click' && (step.after_state ?? step.before_state)?.screenshot_url,
    );
    expect(click).toBeGreaterThanOrEqual(0);

    const domEventReads: string[] = [];
    const countDomEventReads = (request: { url(): string }) => {
      if (request.url().includes('/rrweb-events')) domEventReads.push(request.url());
    };
    page.on('request', countDomEventReads);
    await page.goto(`/sessions/${sessionId}`);
    await expect.poll(() => page.getByTestId('step-tile').count()).toBe(steps.length);
    await page.getByRole('listitem', { name: new RegExp(`^Step ${click + 1}: Click`) }).click();
    await page
      .getByTestId('step-counter')
      .getByText(`step ${click + 1} / ${steps.length}`)
      .waitFor();
    // The page as the click found it, with the box where the element was then.
    const shown = steps[click]!.before_state?.screenshot_url
      ? steps[click]!.before_state
      : steps[click]!.after_state;
    expect(await page.getByLabel('Address').inputValue()).toBe(shown!.current_url);
    const screenshot = page.getByRole('img', { name: 'Screenshot of the step' });
    await expect
      .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // The red box sits where the element was, scaled from the screenshot's pixels to the picture shown.
    const box = shown!.metadata.bboxes[0]!;
    const drawn = await page.getByTestId('action-bbox').first().boundingBox();
    const picture = await screenshot.boundingBox();
    const natural = await screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth);
    const scale = picture!.width / natural;
    expect(Math.abs(drawn!.x - (picture!.x + box.x * scale))).toBeLessThan(2);
    expect(Math.abs(drawn!.width - box.width * scale)).toBeLessThan(2);

    if (click + 1 < steps.length) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page
        .getByTestId('step-counter')
        .getByText(`step ${click + 2} / ${steps.length}`)
        .waitFor();
      await page.getByRole('button', { name: 'Previous' }).click();
      await page
        .getByTestId('step-counter')
        .getByText(`step ${click + 1} / ${steps.length}`)
        .waitFor();
    }
    // Two clicks before the page has rendered the first (here in one task; a fast hand on a busy machine) move
    // two steps: Previous and Next step from the latest selection, not from the step shown.
    expect(steps.length).toBeGreaterThanOrEqual(3);
    const counter = page.getByTestId('step-counter');
    await page.getByRole('listitem', { name: /^Step 1: / }).click();
    await counter.getByText(`step 1 / ${steps.length}`).waitFor();
    const clickTwice = (name: string) =>
      page.getByRole('button', { name }).evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await clickTwice('Next');
    await counter.getByText(`step 3 / ${steps.length}`).waitFor();
    await clickTwice('Previous');
    await counter.getByText(`step 1 / ${steps.length}`).waitFor();

    // The session's answer leaves the DOM events out; the replay reads them when its tab is opened.
    expect(detail.rrweb_events).toEqual([]);
    expect(detail.recorded.rrweb).toBe(true);
    expect((await domEvents(sessionId)).length).toBeGreaterThan(1);
    // Nothing read them while the screenshots were shown; opening the replay does.
    expect(domEventReads).toEqual([]);
    const eventsRead = page.waitForResponse((response) => response.url().includes('/rrweb-events'));
    await page.getByRole('tab', { name: 'DOM replay' }).click();
    expect((await eventsRead).status()).toBe(200);
    page.off('request', countDomEventReads);
    const replay = page.getByTestId('dom-replay').locator('iframe');
    await replay.waitFor({ state: 'attached' });
    expect(await replay.getAttribute('sandbox')).toBe('allow-same-origin');
    await expect
      .poll(() => page.frameLocator('[data-testid="dom-replay"] iframe').locator('body').textContent())
      .not.toBe('');
    // Styled by the shop's own stylesheet (its paper background), put back by the server from the shop's files.
    await expect
      .poll(() =>
        page
          .frameLocator('[data-testid="dom-replay"] iframe')
          .locator('body')
          .evaluate((body) => getComputedStyle(body).backgroundColor),
      )
      .toBe('rgb(250, 247, 241)');
    await page.getByRole('button', { name: 'Play replay' }).click();
    await page.getByRole('button', { name: 'Pause replay' }).click();
  });

  it('should line up the state mutations and network requests with the steps that made them', async () => {
    const detail = await sessionDetail();
    const steps = detail.snapshot.snapshots;
    const writer = steps.findIndex((step) => step.mutation_range[1] > step.mutation_range[0]);
    expect(writer).toBeGreaterThanOrEqual(0);
    const [from, to] = steps[writer]!.mutation_range;
    expect(detail.state_mutations.slice(from, to).some((m) => m.table_name === 'cart_items')).toBe(true);
    await page.goto(`/sessions/${sessionId}`);
    const counter = (index: number) =>
      page.getByTestId('step-counter').getByText(`step ${index + 1} / ${steps.length}`);
    await counter(0).waitFor();
    await page
      .getByRole('button', {
        name: `${to - from} state mutation${to - from === 1 ? '' : 's'} during step ${writer + 1}`,
      })
      .click();
    await counter(writer).waitFor();

    const request = detail.network_summary.find((r) => r.step_idx !== null && r.step_idx !== writer);
    expect(request).toBeDefined();
    // Requests crowd the lane (a page load's dozen land on the same pixel): the mark is chosen by its label.
    await page
      .getByTestId('timeline-request')
      .and(page.locator(`[aria-label^="${request!.method} ${request!.url} "]`))
      .first()
      .dispatchEvent('click');
    await counter(request!.step_idx!).waitFor();
  });

  it("should show the session's network requests and filter them by URL and request body", async () => {
    const requests = (await sessionDetail()).network_summary;
    expect(requests.length).toBeGreaterThan(0);
    await page.goto(`/sessions/${sessionId}`);
    await page.getByRole('link', { name: 'View Network Requests' }).click();
    await page.waitForURL(`**/network-requests?sessionId=${sessionId}`);
    const rows = page.getByTestId('network-request-row');
    await expect.poll(() => rows.count()).toBe(requests.length);

    const first = requests[0]!;
    const path = new URL(first.url).pathname;
    await page.getByLabel('URL', { exact: true }).fill(path);
    await expect
      .poll(() => rows.count())
      .toBe(requests.filter((request) => request.url.toLowerCase().includes(path.toLowerCase())).length);
    await rows.first().click();
    await page.getByTestId('network-request-detail').getByText(first.url, { exact: true }).waitFor();

    await page.getByLabel('Request body', { exact: true }).fill('{"field": "(unclosed"}');
    await page.getByText(/^The pattern for "field" is not a valid regular expression/).waitFor();
  });

  it('should list the session on the Sessions tab of its test case', async () => {
    await page.goto(`/tests/${testCasePublicId}?section=sessions`);
    const row = page.locator(`[data-testid="test-case-session-row"][data-session-id="${sessionId}"]`);
    await row.getByText('Completed').waitFor();
    // Nobody scored it yet: no human verdict, and the human score filter's None lists it.
    expect(await row.getByTestId('human-consensus').textContent()).toBe('—');
    const total = (await sessionsOfTestCase()).length;
    await page
      .getByTestId('test-case-sessions-total')
      .getByText(`Showing 1–${total} of ${total} ${total === 1 ? 'session' : 'sessions'}`)
      .waitFor();
    await page.getByTestId('test-case-sessions').getByLabel('Human score', { exact: true }).click();
    await page.getByRole('option', { name: 'Correct', exact: true }).click();
    await page.getByText('No sessions of this test case match these filters').waitFor();
  });

  it('should replay a recorded page carrying scripts, handlers and javascript: links without running any', async () => {
    const environment = await sdk.environments.make('shop');
    let hostileSessionId = '';
    try {
      await environment.waitForReady();
      hostileSessionId = (await environment.reset()).session_id;
      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const remote = browser.contexts()[0]!.pages()[0]!;
        // What a hostile page (or an agent with CDP) can put in the DOM. Each payload counts on the top
        // window it runs in: in the environment that is the shop's own page; in a replay it would be the
        // dashboard's, which must never happen.
        await remote.evaluate(() => {
          const pwn = 'window.top.__pwned = (window.top.__pwned || 0) + 1';
          document.body.insertAdjacentHTML(
            'beforeend',
            `<section id="hostile"><h2>Hostile payloads</h2>` +
              `<img id="hostile-img" src="/no-such-image.png" onerror="${pwn}">` +
              `<a id="hostile-link" href="javascript:${pwn}">run</a>` +
              `<svg onload="${pwn}"><circle r="4"></circle></svg></section>`,
          );
          const script = document.createElement('script');
          script.textContent = pwn;
          document.body.appendChild(script);
        });
        await expect
          .poll(() => remote.evaluate(() => (window as { __pwned?: number }).__pwned ?? 0))
          .toBeGreaterThan(0);
        await remote.getByRole('heading', { name: 'Hostile payloads' }).click();
      } finally {
        await browser.close();
      }
    } finally {
      await environment.close();
    }
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await expect
      .poll(async () => {
        return JSON.stringify(await domEvents(hostileSessionId)).includes('hostile-link');
      })
      .toBe(true);
    await page.goto(`/sessions/${hostileSessionId}`);
    await page.getByRole('tab', { name: 'DOM replay' }).click();
    await page.getByRole('button', { name: 'Play replay' }).click();
    const frame = page.frameLocator('[data-testid="dom-replay"] iframe');
    // The replay rebuilt the hostile elements (so their payloads had every chance to run)…
    await frame.locator('#hostile-link').waitFor({ state: 'attached', timeout: 30_000 });
    await frame.locator('#hostile-img').waitFor({ state: 'attached' });
    expect(await page.getByTestId('dom-replay').locator('iframe').getAttribute('sandbox')).toBe(
      'allow-same-origin',
    );
    // …and none ran: not in the dashboard's window, not in the replay's.
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const inReplay = await page
      .locator('[data-testid="dom-replay"] iframe')
      .evaluate(
        (iframe: HTMLIFrameElement) => (iframe.contentWindow as { __pwned?: number } | null)?.__pwned,
      );
    expect(inReplay).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('should replay the tab each step happened in, and let a person switch tabs by hand', async () => {
    // A two-tab session as the recorder stores it: each step names its tab (CDP target id) as the DOM
    // events' chunks do; the second tab holds another page.
    const tabs = ['TAB-FIRST', 'TAB-SECOND'];
    const row = await storedSession('tabs', {
      ago: 60_000,
      pages: tabs.map((tab, idx) => ({ tab, at: 1_000 * (idx + 1), heading: `Page of tab ${idx + 1}` })),
      steps: tabs.map((tab, idx) => ({ tab, at: 1_000 * (idx + 1) })),
    });

    const replayed = await openReplay(row.publicId);
    await expect.poll(replayed).toBe('Page of tab 1');
    await expect.poll(() => page.getByTestId('replay-tab').textContent()).toBe('Tab 1 of 2');
    // The second step happened in the second tab: selecting it replays that tab's page.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('replay-tab').textContent()).toBe('Tab 2 of 2');
    await expect.poll(replayed).toBe('Page of tab 2');
    // By hand, the first tab again.
    await page.getByTestId('replay-tabs').getByText('Tab 1', { exact: true }).click();
    await expect.poll(replayed).toBe('Page of tab 1');
  });

  it("should read a tab's later ranges only while it is shown", async () => {
    // The first tab loads a second page at 5 min, read ranges after its first; the second tab is shown between.
    const row = await storedSession('hidden', {
      ago: 10 * 60_000,
      endedAfter: 6 * 60_000,
      pages: [
        { tab: 'TAB-ONE', at: 1_000, heading: 'Tab one, first page' },
        { tab: 'TAB-TWO', at: 2_000, heading: 'Tab two' },
        { tab: 'TAB-ONE', at: 300_000, heading: 'Tab one, later page' },
      ],
      steps: [
        { tab: 'TAB-ONE', at: 1_000 },
        { tab: 'TAB-TWO', at: 2_000 },
        { tab: 'TAB-ONE', at: 301_000 },
      ],
    });
    // The first tab's reads (no `page`), and when the second tab stopped being shown.
    const log: string[] = [];
    const logReads = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/rrweb-events') && !url.searchParams.has('page'))
        log.push(`from ${url.searchParams.get('from')}`);
    };
    page.on('request', logReads);
    const { release, stop } = await holdLaterRanges();
    try {
      const replayed = await openReplay(row.publicId);
      await expect.poll(replayed).toBe('Tab one, first page');
      await expect.poll(() => log).toEqual(['from null', 'from 30000']);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(replayed).toBe('Tab two');
      // The first tab's second range arrives while the second tab is shown: its reading stops there.
      const second = page.waitForResponse((response) => response.url().includes('from=30000'));
      release();
      await (await second).finished();
      // Marked before the click: the click shows the first tab, whose next read may reach this process before the
      // click's own promise resolves (it did on a busy machine).
      log.push('first tab shown again');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(replayed).toBe('Tab one, later page');
    } finally {
      await stop();
      page.off('request', logReads);
    }
    expect(log.slice(0, 3)).toEqual(['from null', 'from 30000', 'first tab shown again']);
    expect(log.length).toBeGreaterThan(3);
  });

  /** Opens a session's DOM replay; the heading its replayed page shows now. */
  async function openReplay(publicId: string): Promise<() => Promise<string | null>> {
    await page.goto(`/sessions/${publicId}`);
    await page.getByRole('tab', { name: 'DOM replay' }).click();
    return () =>
      page.frameLocator('[data-testid="dom-replay"] iframe').locator('h1').textContent({ timeout: 2_000 });
  }

  /**
   * Holds the DOM replay's ranges after its first: `release` lets them go, `stop` (in a finally) lets them go and
   * stops holding.
   */
  async function holdLaterRanges(): Promise<{ release: () => void; stop: () => Promise<void> }> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const laterRanges = /\/rrweb-events\?.*from=/;
    await page.route(laterRanges, async (route) => {
      await released;
      await route.continue();
    });
    return {
      release,
      stop: async () => {
        release();
        await page.unroute(laterRanges);
      },
    };
  }

  /**
   * A session stored as the recorder stores it, begun `ago` ms before now: a page `http://{name}.test/{n}` loaded in
   * the tab and at the time (ms from its start) `pages` give, and a step in a tab at each time `steps` give (each
   * step's URL the page of its index); ended `endedAfter` ms after its start when given.
   */
  async function storedSession(
    name: string,
    {
      ago,
      endedAfter,
      pages,
      steps,
    }: {
      ago: number;
      endedAfter?: number;
      pages: { tab: string; at: number; heading: string }[];
      steps: { tab: string; at: number }[];
    },
  ) {
    const me = User.parse(await api('/api/user/from-session'));
    const startedAt = Date.now() - ago;
    const url = (idx: number) => `http://${name}.test/${idx}`;
    const [row] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: me.organizationId,
        createdAt: new Date(startedAt),
        startedAt: new Date(startedAt),
        ...(endedAfter === undefined ? {} : { endedAt: new Date(startedAt + endedAfter) }),
      })
      .returning();
    await e2e.proctor.ctx.db.insert(sessionSteps).values(
      steps.map((step, idx) => ({
        sessionId: row!.id,
        idx,
        action: {
          type: 'url_change' as const,
          id: `${name}-step-${idx}`,
          timestamp: startedAt + step.at,
          is_simulator_action: false,
          metadata: { start_seq_id: 0, end_seq_id: 0 },
          url: url(idx),
        },
        page: step.tab,
        formatVersion: 2,
      })),
    );
    await insertSessionEvents(
      e2e.proctor.ctx.db,
      row!.id,
      pages.map((loaded, idx) => ({
        kind: EVENT_KIND.rrweb,
        seq: idx,
        payload: {
          page: loaded.tab,
          url: url(idx),
          events: rrwebPage(url(idx), startedAt + loaded.at, loaded.heading),
        },
      })),
    );
    return row!;
  }

  /** One tab's pages loaded at `loads`, headed "{Name} page {n}". */
  const pagesOf = (name: string, loads: number[]) =>
    loads.map((at, idx) => ({
      tab: `TAB-${name.toUpperCase()}`,
      at,
      heading: `${name[0]!.toUpperCase()}${name.slice(1)} page ${idx + 1}`,
    }));

  it('should replay a long tab to its end, reading it range by range, and wait at a step past what has arrived', async () => {
    // Ten minutes in one tab: a page at the start, one at 5 min, one at 10 min, a step a second after each.
    const loads = [1_000, 300_000, 600_000];
    const row = await storedSession('long', {
      ago: 15 * 60_000,
      endedAfter: 11 * 60_000,
      pages: pagesOf('long', loads),
      steps: loads.map((offset) => ({ tab: 'TAB-LONG', at: offset + 1_000 })),
    });

    const reads: URL[] = [];
    const countReads = (request: { url(): string }) => {
      if (request.url().includes('/rrweb-events')) reads.push(new URL(request.url()));
    };
    page.on('request', countReads);
    // The ranges after the first are held until the replay has shown it waits for them.
    const { release, stop } = await holdLaterRanges();
    try {
      const replayed = await openReplay(row.publicId);
      // Playing from the first range alone.
      await expect.poll(replayed).toBe('Long page 1');
      expect(reads[0]!.searchParams.get('to')).not.toBeNull();
      expect(reads[0]!.searchParams.get('from')).toBeNull();
      // The last step is 10 min in: shown once the ranges up to it arrive.
      await page.getByRole('listitem', { name: /^Step 3: / }).click();
      await page.getByTestId('dom-replay-awaiting').waitFor();
      release();
      await expect.poll(replayed).toBe('Long page 3');
      await page.getByTestId('dom-replay-awaiting').waitFor({ state: 'detached' });
      await page.getByRole('listitem', { name: /^Step 2: / }).click();
      await expect.poll(replayed).toBe('Long page 2');
    } finally {
      await stop();
      page.off('request', countReads);
    }
    // Every read was a range, none the whole tab, each starting where the one before ended.
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.every((url) => url.searchParams.get('to') !== null)).toBe(true);
    // Each continues the one before: the server sends nothing before its start again.
    for (const [i, url] of reads.entries())
      if (i > 0) {
        expect(url.searchParams.get('from')).toBe(reads[i - 1]!.searchParams.get('to'));
        expect(url.searchParams.get('continues')).toBe('true');
      }
  });

  it('should play on past the end of what has arrived once the next range comes', async () => {
    // A page at the start and another at 31 s, in the second range; the first step is at 28 s.
    const row = await storedSession('played', {
      ago: 5 * 60_000,
      endedAfter: 60_000,
      pages: pagesOf('played', [0, 31_000]),
      steps: [28_000, 32_000].map((at) => ({ tab: 'TAB-PLAYED', at })),
    });

    const { release, stop } = await holdLaterRanges();
    try {
      const replayed = await openReplay(row.publicId);
      await expect.poll(replayed).toBe('Played page 1');
      // Playing from 28 s soon runs out of what has arrived: it waits, still playing.
      await page.getByRole('button', { name: 'Play replay' }).click();
      await page.getByTestId('dom-replay-awaiting').waitFor();
      await page.getByRole('button', { name: 'Pause replay' }).waitFor();
      release();
      // …and plays on into the second range: the page loaded at 31 s, a few seconds of playing later.
      await expect.poll(replayed, { timeout: 20_000 }).toBe('Played page 2');
      await page.getByTestId('dom-replay-awaiting').waitFor({ state: 'detached' });
      await page.getByTestId('step-counter').getByText('step 1 / 2').waitFor();
    } finally {
      await stop();
    }
  });

  it("should play the session's video, made from its screenshots, as long as the session ran", async () => {
    const seconds = (await sessionDetail()).session.sessionDuration! * 3600;
    await page.goto(`/sessions/${sessionId}`);
    await page.getByRole('tab', { name: 'Video' }).click();
    // Rendered by a job on the server once asked for: the page asks again until it is ready.
    const video = page.getByTestId('session-video');
    await video.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(HAVE_METADATA);
    const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
    expect(Math.abs(duration - seconds)).toBeLessThan(1);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
  });

  it('should archive the session after confirming and leave it out of the list', async () => {
    await page.goto(`/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive session' });
    await confirm.getByText('Are you sure you want to archive this session?').waitFor();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.waitForURL((url) => url.pathname === '/sessions');
    await page.getByTestId('sessions-summary').waitFor();
    expect(await page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`).count()).toBe(0);
    expect((await sessionsOfTestCase()).map((session) => session.sessionId)).not.toContain(sessionId);
  });

  it("should judge the reference solution's wrong variant Fail and show the typed diff", async () => {
    const environment = await sdk.environments.make('shop');
    let wrongId: string;
    try {
      await environment.waitForReady();
      const reset = await environment.reset(testCasePublicId);
      wrongId = reset.session_id;
      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const remote = browser.contexts()[0]!.pages()[0]!;
        remote.setDefaultTimeout(15_000);
        const origin = new URL(reset.start_url).origin;
        await duvet.wrong(remote, {
          origin,
          url: (path) => new URL(path, origin).href,
          auth: { user: shop.auth.user, password: shop.auth.password },
        });
        await remote.waitForLoadState('load');
      } finally {
        await browser.close();
      }
    } finally {
      await environment.close();
    }
    const detail = async () =>
      SessionDetailResponse.parse(await api(`/api/session/${encodeURIComponent(wrongId)}`));
    await expect.poll(async () => (await detail()).session.status).toBe('scoring_completed');
    expect((await detail()).session.scoringBadge).toBe('fail');
    const records = SessionScoresResponse.parse(
      await api(`/api/evals/scoring/${encodeURIComponent(wrongId)}`),
    );
    const match = records.find((record) => record.config.type === 'state_mutation_match')!;
    expect(match.result.correct).toBe(false);
    const diffTypes = (match.result.diffs as { type: string }[]).map((diff) => diff.type);
    expect(diffTypes.some((type) => type !== 'correct_mutation_match')).toBe(true);

    await page.goto(`/sessions/${wrongId}`);
    const row = page.locator(`[data-testid="score-record"][data-score-id="${match.id}"]`);
    expect(await row.getByTestId('score-verdict').textContent()).toBe('Fail');
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Score details' });
    await dialog.getByTestId('score-correct').getByText('No', { exact: true }).waitFor();
    const shown = dialog.locator('[data-testid="mutation-diff"]');
    await expect.poll(() => shown.count()).toBe(diffTypes.length);
    expect(
      await dialog.locator('[data-testid="mutation-diff"][data-diff-type="correct_mutation_match"]').count(),
    ).toBe(diffTypes.filter((type) => type === 'correct_mutation_match').length);
  });
});

/** rrweb's events for a page whose body is one heading: its Meta event and full snapshot (enough to replay). */
function rrwebPage(href: string, timestamp: number, heading: string): unknown[] {
  const element = (id: number, tagName: string, childNodes: unknown[]) => ({
    type: 2,
    id,
    tagName,
    attributes: {},
    childNodes,
  });
  const node = {
    type: 0,
    id: 1,
    childNodes: [
      { type: 1, id: 2, name: 'html', publicId: '', systemId: '' },
      element(3, 'html', [
        element(4, 'head', []),
        element(5, 'body', [element(6, 'h1', [{ type: 3, id: 7, textContent: heading }])]),
      ]),
    ],
  };
  return [
    { type: 4, timestamp, data: { href, width: 800, height: 600 } },
    { type: 2, timestamp: timestamp + 1, data: { node, initialOffset: { top: 0, left: 0 } } },
  ];
}
