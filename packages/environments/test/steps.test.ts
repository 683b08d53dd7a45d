import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import type { UserAction } from '@proctor/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionChange } from '../src/recording/actions';
import { BURST_CAPTURE_MS, StepTracker } from '../src/recording/steps';
import type { CapturedStep } from '../src/recording/types';

/**
 * The step tracker against a real event loop: a process kept busy past a step's settle time (150 ms) runs its
 * due timers before it reads what arrived meanwhile. The browser's news that the page started loading (and the
 * write that loading makes) must still count for the step whose action caused it.
 */

const PAGE = 'page-1';

const click: UserAction = {
  type: 'click',
  id: 'click-1',
  timestamp: Date.now(),
  is_simulator_action: false,
  metadata: { start_seq_id: 1, end_seq_id: 1 },
  x: 10,
  y: 10,
  button: 'left',
  target: null,
};

function change(kind: ActionChange['kind'], action: UserAction = click, pageId = PAGE): ActionChange {
  return { kind, action, context: { pageId, frameUrl: 'http://app.test/' }, bbox: null };
}

/** The n-th action of a burst: a click with its own id. */
const nth = (n: number): UserAction => ({ ...click, id: `click-${n}` });

const navigation = {
  type: 'url_change',
  id: 'nav-1',
  url: 'http://app.test/next',
  timestamp: Date.now(),
  is_simulator_action: false,
  metadata: { start_seq_id: 1, end_seq_id: 1 },
} as UserAction;

/** A tracker whose captures are numbered (the n-th capture's URL ends in #n), with the steps it emitted. */
function numberedTracker(now?: () => number) {
  const captures: string[] = [];
  const emitted: CapturedStep[] = [];
  const tracker = new StepTracker({
    capture: async (pageId) => {
      captures.push(pageId);
      return { url: `http://app.test/#${captures.length}`, screenshot: null };
    },
    currentUrl: () => 'http://app.test/',
    isLoading: () => false,
    mutationCount: () => 0,
    emit: (step) => emitted.push(step),
    ...(now ? { now } : {}),
  });
  // Each state by the capture it shows: '#n', or '-' for none.
  const look = (url: string | undefined) => (url?.includes('#') ? url.slice(url.indexOf('#')) : '-');
  const looks = () =>
    emitted.map((step) => [look(step.before_state?.current_url), look(step.after_state?.current_url)]);
  /** The action started and finished at once, as a click is. */
  const act = (action: UserAction, pageId = PAGE) => {
    tracker.apply(change('started', action, pageId));
    tracker.apply(change('finished', action, pageId));
  };
  /** The page loaded and settled: its look (#1) is what the next step begins from. */
  const settled = async () => {
    tracker.watchUntilSettled(PAGE);
    await expect.poll(() => captures.length).toBe(1);
  };
  return { tracker, captures, emitted, looks, act, settled };
}

/** A connected pair of sockets in this process: what one writes, the other reads on a later turn of the loop. */
async function socketPair(): Promise<{ sender: Socket; receiver: Socket; close(): void }> {
  const server = createServer();
  const accepted = new Promise<Socket>((resolve) => {
    server.once('connection', resolve);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const receiver = tcpConnect(port, '127.0.0.1');
  const sender = await accepted;
  await new Promise<void>((resolve) => (receiver.connecting ? receiver.once('connect', resolve) : resolve()));
  return {
    sender,
    receiver,
    close() {
      sender.destroy();
      receiver.destroy();
      server.close();
    },
  };
}

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The process is busy: nothing else runs.
  }
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('StepTracker', () => {
  it('should hear the events that arrived while the process was busy before it settles a step', async () => {
    const pair = await socketPair();
    cleanup = pair.close;
    let loading = false;
    let mutations = 0;
    const emitted: CapturedStep[] = [];
    const tracker = new StepTracker({
      capture: async () => ({ url: 'http://app.test/', screenshot: null }),
      currentUrl: () => 'http://app.test/',
      isLoading: () => loading,
      mutationCount: () => mutations,
      emit: (step) => emitted.push(step),
    });
    // The browser's messages: the page started loading (its request made a write), then finished loading.
    pair.receiver.on('data', (data) => {
      if (data.includes('started')) {
        loading = true;
        mutations += 1;
      }
      if (data.includes('stopped')) loading = false;
      tracker.activity(PAGE);
    });

    tracker.apply(change('started'));
    tracker.apply(change('finished'));
    // Soon after the action the browser says "started loading", while the process is busy for longer than the
    // step's settle time: on the next turn of the loop the settle timer is due before the message is read.
    setTimeout(() => {
      setImmediate(() => {
        pair.sender.write('started');
        busyFor(400);
      });
    }, 20);
    // The load ends later.
    setTimeout(() => pair.sender.write('stopped'), 700);

    await expect.poll(() => emitted.length, { timeout: 10_000 }).toBe(1);
    expect(emitted[0]!.mutations).toEqual({ before: 0, after: 1 });
    tracker.close();
  });

  it('should begin a step with the writes made before its action was taken, not before it was heard of', async () => {
    const emitted: CapturedStep[] = [];
    // The click's request wrote mutation 4 before the recorder heard of the click.
    const tracker = new StepTracker({
      capture: async () => ({ url: 'http://app.test/', screenshot: null }),
      currentUrl: () => 'http://app.test/',
      isLoading: () => false,
      mutationCount: (actedAt) => (actedAt === undefined ? 4 : actedAt >= click.timestamp ? 3 : 0),
      emit: (step) => emitted.push(step),
    });
    tracker.apply(change('started'));
    tracker.apply(change('finished'));
    await tracker.flush();
    expect(emitted.map((step) => step.mutations)).toEqual([{ before: 3, after: 4 }]);
    tracker.close();
  });

  it('should give the steps of a burst one screenshot: the page once settled after the last', async () => {
    const { tracker, captures, emitted, looks, act, settled } = numberedTracker();
    await settled();
    // A click, its form's submit and the navigation it starts, each begun before the one before settled.
    for (const n of [1, 2, 3]) act(nth(n));
    await expect.poll(() => emitted.length, { timeout: 10_000 }).toBe(3);
    expect(captures).toHaveLength(2);
    // Each begins from the settled page before the click, and ends on the page the burst left.
    expect(looks()).toEqual([
      ['#1', '#2'],
      ['#1', '#2'],
      ['#1', '#2'],
    ]);
    tracker.close();
  });

  it('should take a screenshot at once when a burst has gone BURST_CAPTURE_MS without one', async () => {
    let now = 1_000_000;
    const { tracker, captures, emitted, looks, act, settled } = numberedTracker(() => now);
    await settled();
    act(nth(1));
    now += 10;
    act(nth(2));
    expect(captures).toHaveLength(1);
    // An agent that keeps acting faster than the page settles: a second later, the next step takes one now.
    now += BURST_CAPTURE_MS;
    act(nth(3));
    expect(captures).toHaveLength(2);
    await tracker.flush();
    expect(emitted).toHaveLength(3);
    expect(looks()).toEqual([
      ['#1', '#2'],
      ['#1', '#2'],
      ['#2', '#3'],
    ]);
    tracker.close();
  });

  it('should end a burst with a screenshot of its page when the next step acts on another page', async () => {
    const { tracker, captures, emitted, looks, act, settled } = numberedTracker();
    await settled();
    act(nth(1));
    act(nth(2));
    // The burst's last step is closed by a step on a popup: its page is captured now, not when it next settles.
    act(nth(3), 'popup-1');
    expect(captures).toEqual([PAGE, PAGE]);
    await tracker.flush();
    expect(emitted).toHaveLength(3);
    expect(looks().slice(0, 2)).toEqual([
      ['#1', '#2'],
      ['#1', '#2'],
    ]);
    expect(captures).toEqual([PAGE, PAGE, 'popup-1']);
    tracker.close();
  });

  it('should end a burst with the look its page gives when it goes away', async () => {
    const { tracker, captures, emitted, looks, act, settled } = numberedTracker();
    await settled();
    act(nth(1));
    tracker.apply(change('started', nth(2)));
    // The tab closes with the burst open: both steps end on the one capture taken then (of a closed page, its
    // URL and no screenshot, in the recorder), and nothing waits for a capture that would never come.
    tracker.pageGone(PAGE);
    tracker.apply(change('finished', nth(2)));
    await tracker.flush();
    expect(captures).toHaveLength(2);
    expect(looks()).toEqual([
      ['#1', '#2'],
      ['#1', '#2'],
    ]);
    expect(emitted.map((step) => step.idx)).toEqual([0, 1]);
    tracker.close();
  });

  it('should take a screenshot at once when the next step begins on a page not yet looked at, or after a navigation', async () => {
    const { tracker, captures, emitted, looks, act } = numberedTracker();
    // A click before any look at the page: it needs one for its own before-state.
    act(nth(1));
    act(nth(2));
    expect(captures).toHaveLength(1);
    // A navigation closed by the next click: that click acts on the new document and begins from it.
    act(navigation);
    act(nth(3));
    expect(captures).toHaveLength(2);
    await tracker.flush();
    expect(emitted).toHaveLength(4);
    expect(looks()).toEqual([
      ['-', '#1'],
      ['#1', '#2'],
      ['#1', '#2'],
      ['#2', '#3'],
    ]);
    tracker.close();
  });

  it('should give a navigation the look of its page once loaded, not one taken when the next action begins', async () => {
    const { tracker, captures, emitted, looks, act, settled } = numberedTracker();
    await settled();
    // A click that navigates, and the new page loads: its look (#2) is taken then, for both.
    act(nth(1));
    act(navigation);
    tracker.loaded(PAGE);
    expect(captures).toHaveLength(2);
    // Once the page is quiet the navigation is done: nothing changed since it loaded, so no other look.
    await expect.poll(() => emitted.length).toBe(2);
    // The next click, as soon as the page loaded: it begins from that look and takes none for the navigation
    // (one taken now would race the navigation this click may start).
    act(nth(2));
    expect(captures).toHaveLength(2);
    await tracker.flush();
    expect(looks()).toEqual([
      ['#1', '#2'],
      ['#1', '#2'],
      ['#2', '#3'],
    ]);
    tracker.close();
  });

  it('should look at a loaded page again when it changes before the next action', async () => {
    const { tracker, captures, looks, act, settled } = numberedTracker();
    await settled();
    act(navigation);
    tracker.loaded(PAGE);
    // The page's script changes it after its load (rrweb hears the mutations): the look at load is not its state.
    tracker.activity(PAGE);
    act(nth(1));
    expect(captures).toHaveLength(3);
    await tracker.flush();
    expect(looks()).toEqual([
      ['#1', '#3'],
      ['#3', '#4'],
    ]);
    tracker.close();
  });
});
