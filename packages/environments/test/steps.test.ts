import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import type { UserAction } from '@proctor/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionChange } from '../src/recording/actions';
import { StepTracker } from '../src/recording/steps';
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

function change(kind: ActionChange['kind']): ActionChange {
  return { kind, action: click, context: { pageId: PAGE, frameUrl: 'http://app.test/' }, bbox: null };
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
});
