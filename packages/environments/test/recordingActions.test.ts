import { RECORDING, type UserAction, UserAction as UserActionSchema } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  ActionAssembler,
  type ActionChange,
  type ActionContext,
  keyToken,
  parseRawEvent,
  type RawPageEvent,
  type RawTarget,
  scrollDirection,
} from '../src/recording/actions';

const PAGE: ActionContext = { pageId: 'page-1', frameUrl: 'http://shop.test/' };

function target(ref: string, overrides: Partial<RawTarget> = {}): RawTarget {
  return {
    ref,
    id: ref,
    selector: `#${ref}`,
    tag: 'input',
    text: ref,
    bbox: { x: 10, y: 20, width: 100, height: 30 },
    ...overrides,
  };
}

/** Feeds events with increasing sequence numbers and keeps every change and every finished action. */
class Feed {
  readonly assembler = new ActionAssembler();
  readonly changes: ActionChange[] = [];
  #seq = 0;
  #t = 1_000;

  /** The next sequence number and timestamp: 1, 2, 3… and 10 ms apart. */
  #stamp() {
    this.#seq += 1;
    this.#t += 10;
    return { seq: this.#seq, t: this.#t };
  }

  push(event: DistributiveOmit<RawPageEvent, 'seq' | 't'>, context = PAGE): ActionChange[] {
    const changes = this.assembler.push({ ...event, ...this.#stamp() } as RawPageEvent, context);
    this.changes.push(...changes);
    return changes;
  }

  key(
    key: string,
    ref = 'name',
    modifiers: Partial<Record<'ctrl' | 'alt' | 'meta' | 'shift', boolean>> = {},
  ) {
    return this.push({
      type: 'key',
      key,
      ctrl: false,
      alt: false,
      meta: false,
      shift: false,
      ...modifiers,
      target: target(ref),
    });
  }

  typeText(text: string, ref = 'name') {
    for (const key of text) this.key(key, ref);
  }

  navigate(url: string, isSimulatorAction = false) {
    const changes = this.assembler.navigation(
      { url, ...this.#stamp(), isSimulatorAction },
      { pageId: PAGE.pageId, frameUrl: url },
    );
    this.changes.push(...changes);
    return changes;
  }

  flush() {
    const changes = this.assembler.flush();
    this.changes.push(...changes);
    return changes;
  }

  finished(): UserAction[] {
    return this.changes.filter((change) => change.kind === 'finished').map((change) => change.action);
  }
}

type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;

describe('keyToken', () => {
  it('should keep printable characters as typed and bracket the other keys', () => {
    const plain = { ctrl: false, alt: false, meta: false, shift: false };
    expect(keyToken({ ...plain, key: 'a' })).toBe('a');
    expect(keyToken({ ...plain, key: 'A', shift: true })).toBe('A');
    expect(keyToken({ ...plain, key: ' ' })).toBe(' ');
    expect(keyToken({ ...plain, key: 'é' })).toBe('é');
    expect(keyToken({ ...plain, key: 'Enter' })).toBe('[Enter]');
    expect(keyToken({ ...plain, key: 'Backspace' })).toBe('[Backspace]');
    expect(keyToken({ ...plain, key: 'Tab' })).toBe('[Tab]');
    expect(keyToken({ ...plain, key: 'ArrowLeft' })).toBe('[ArrowLeft]');
  });

  it('should write shortcuts with their modifiers', () => {
    const plain = { ctrl: false, alt: false, meta: false, shift: false };
    expect(keyToken({ ...plain, key: 'a', ctrl: true })).toBe('[Control+a]');
    expect(keyToken({ ...plain, key: 'z', meta: true, shift: true })).toBe('[Meta+z]');
    expect(keyToken({ ...plain, key: 'Tab', shift: true })).toBe('[Shift+Tab]');
    expect(keyToken({ ...plain, key: 'x', alt: true })).toBe('[Alt+x]');
    // AltGr (Ctrl+Alt) types a character on Windows layouts.
    expect(keyToken({ ...plain, key: '@', ctrl: true, alt: true })).toBe('@');
  });

  it('should ignore a modifier pressed alone', () => {
    const plain = { ctrl: false, alt: false, meta: false, shift: false };
    expect(keyToken({ ...plain, key: 'Shift', shift: true })).toBe('');
    expect(keyToken({ ...plain, key: 'Control', ctrl: true })).toBe('');
    expect(keyToken({ ...plain, key: 'Meta', meta: true })).toBe('');
  });
});

describe('scrollDirection', () => {
  it('should follow the dominant axis', () => {
    expect(scrollDirection(0, 120)).toBe('down');
    expect(scrollDirection(10, -120)).toBe('up');
    expect(scrollDirection(200, 50)).toBe('right');
    expect(scrollDirection(-200, 50)).toBe('left');
    expect(scrollDirection(0, 0)).toBe('down');
  });
});

describe('ActionAssembler', () => {
  it('should make one type action of the keys pressed into one element', () => {
    const feed = new Feed();
    feed.typeText('hello');
    feed.key('Enter');
    feed.flush();
    const [action] = feed.finished();
    expect(action).toMatchObject({ type: 'type', text: 'hello[Enter]', target: { selector: '#name' } });
    expect(action?.metadata).toEqual({ start_seq_id: 1, end_seq_id: 6, frame_url: PAGE.frameUrl });
    expect(feed.changes.map((change) => change.kind)).toEqual([
      'started',
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
      'finished',
    ]);
  });

  it('should write edits and shortcuts in [Key] notation within the text', () => {
    const feed = new Feed();
    feed.typeText('helo');
    feed.key('Backspace');
    feed.typeText('lo');
    feed.key('a', 'name', { ctrl: true });
    feed.key('Shift', 'name', { shift: true });
    feed.key('ArrowLeft');
    feed.flush();
    expect(feed.finished()).toMatchObject([
      { type: 'type', text: 'helo[Backspace]lo[Control+a][ArrowLeft]' },
    ]);
  });

  it('should start a new type action in another element', () => {
    const feed = new Feed();
    feed.typeText('Ada', 'first');
    feed.key('Tab', 'first');
    feed.typeText('Lovelace', 'last');
    feed.flush();
    expect(feed.finished()).toMatchObject([
      { type: 'type', text: 'Ada[Tab]', target: { selector: '#first' } },
      { type: 'type', text: 'Lovelace', target: { selector: '#last' } },
    ]);
  });

  it('should coalesce inserted text (fill, paste) with key presses into the same element', () => {
    const feed = new Feed();
    feed.push({ type: 'text', text: 'filled', target: target('name') });
    feed.key('Enter');
    feed.flush();
    expect(feed.finished()).toMatchObject([{ type: 'type', text: 'filled[Enter]' }]);
  });

  it('should cut typed text at maxTypedTextLength and go on in a new action', () => {
    const feed = new Feed();
    const long = 'x'.repeat(RECORDING.maxTypedTextLength + 5);
    feed.push({ type: 'text', text: long, target: target('name') });
    feed.key('Enter');
    feed.flush();
    const texts = feed.finished().map((action) => (action.type === 'type' ? action.text : ''));
    expect(texts).toEqual(['x'.repeat(RECORDING.maxTypedTextLength), 'xxxxx[Enter]']);
    expect(texts.every((text) => text.length <= RECORDING.maxTypedTextLength)).toBe(true);
  });

  it('should never split a [Key] token over two type actions', () => {
    const feed = new Feed();
    feed.push({ type: 'text', text: 'y'.repeat(RECORDING.maxTypedTextLength - 3), target: target('name') });
    feed.key('Backspace');
    feed.flush();
    const texts = feed.finished().map((action) => (action.type === 'type' ? action.text : ''));
    expect(texts).toEqual(['y'.repeat(RECORDING.maxTypedTextLength - 3), '[Backspace]']);
  });

  it('should sum consecutive wheel events on one scroller into one scroll with the dominant direction', () => {
    const feed = new Feed();
    feed.push({ type: 'wheel', dx: 0, dy: 100, target: target('list') });
    feed.push({ type: 'wheel', dx: 5, dy: 120, target: target('list') });
    feed.push({ type: 'wheel', dx: 0, dy: -20, target: target('list') });
    feed.push({ type: 'wheel', dx: -300, dy: 0, target: target('gallery') });
    feed.flush();
    const actions = feed.finished();
    expect(actions).toMatchObject([
      { type: 'scroll', dx: 5, dy: 200, direction: 'down', target: { selector: '#list' } },
      { type: 'scroll', dx: -300, dy: 0, direction: 'left', target: { selector: '#gallery' } },
    ]);
    expect(actions[0]?.metadata).toMatchObject({ start_seq_id: 1, end_seq_id: 3 });
  });

  it('should end typing when something else happens, and record clicks and submits as they come', () => {
    const feed = new Feed();
    feed.push({ type: 'click', x: 50, y: 60, button: 'left', target: target('name') });
    feed.typeText('hi');
    feed.push({ type: 'submit', target: target('form', { tag: 'form' }) });
    feed.typeText('again');
    feed.flush();
    expect(feed.finished().map((action) => action.type)).toEqual(['click', 'type', 'submit', 'type']);
    expect(feed.finished()[0]).toMatchObject({
      x: 50,
      y: 60,
      button: 'left',
      target: { id: 'name', tag: 'input' },
    });
  });

  it('should end typing with a choice in a list, recorded with its values and labels', () => {
    const feed = new Feed();
    feed.typeText('hi');
    feed.push({
      type: 'select',
      values: ['done'],
      labels: ['Done'],
      target: target('status', { tag: 'select' }),
    });
    expect(feed.finished().map((action) => action.type)).toEqual(['type', 'select']);
    expect(feed.finished()[1]).toMatchObject({
      values: ['done'],
      labels: ['Done'],
      target: { id: 'status', tag: 'select' },
    });
  });

  it('should end a mouse_move when another action starts, and not end typing with one', () => {
    const feed = new Feed();
    feed.push({ type: 'mousemove', x: 1, y: 1 });
    feed.push({ type: 'mousemove', x: 2, y: 2 });
    feed.typeText('ab');
    feed.push({ type: 'mousemove', x: 3, y: 3 });
    feed.typeText('c');
    feed.push({ type: 'mousemove', x: 4, y: 4 });
    feed.push({ type: 'click', x: 4, y: 4, button: 'left', target: target('send', { tag: 'button' }) });
    const actions = feed.finished();
    expect(actions.map((action) => action.type)).toEqual(['mouse_move', 'type', 'mouse_move', 'click']);
    const positions = actions.map((action) =>
      action.type === 'mouse_move' ? action.positions.map(({ x, y }) => [x, y]) : null,
    );
    expect(positions).toEqual([
      [
        [1, 1],
        [2, 2],
      ],
      null,
      [
        [3, 3],
        [4, 4],
      ],
      null,
    ]);
    expect(actions[0]?.metadata).toMatchObject({ start_seq_id: 1, end_seq_id: 2 });
    expect(actions[1]).toMatchObject({ type: 'type', text: 'abc' });
  });

  it('should start a new mouse_move action after maxMousePositions positions', () => {
    const feed = new Feed();
    for (let i = 0; i < RECORDING.maxMousePositions + 3; i++) feed.push({ type: 'mousemove', x: i, y: i });
    feed.flush();
    const counts = feed
      .finished()
      .map((action) => (action.type === 'mouse_move' ? action.positions.length : 0));
    expect(counts).toEqual([RECORDING.maxMousePositions, 3]);
  });

  it('should make a url_change of a navigation, ending what was pending', () => {
    const feed = new Feed();
    feed.navigate('http://shop.test/', true);
    feed.typeText('shoes');
    feed.key('Enter');
    feed.navigate('http://shop.test/search?q=shoes');
    expect(feed.finished()).toMatchObject([
      { type: 'url_change', url: 'http://shop.test/', is_simulator_action: true },
      { type: 'type', text: 'shoes[Enter]' },
      {
        type: 'url_change',
        url: 'http://shop.test/search?q=shoes',
        is_simulator_action: false,
        metadata: { frame_url: 'http://shop.test/search?q=shoes' },
      },
    ]);
  });

  it('should give every action a unique id and take its sequence numbers from its events', () => {
    const feed = new Feed();
    feed.push({ type: 'mousemove', x: 1, y: 1 });
    feed.push({ type: 'click', x: 1, y: 1, button: 'right', target: null });
    feed.typeText('ok');
    feed.push({ type: 'wheel', dx: 0, dy: 10, target: target('page', { tag: 'html' }) });
    feed.navigate('http://shop.test/next');
    feed.flush();
    const actions = feed.finished();
    expect(new Set(actions.map((action) => action.id)).size).toBe(actions.length);
    expect(actions.map((action) => [action.metadata.start_seq_id, action.metadata.end_seq_id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
      [5, 5],
      [6, 6],
    ]);
    for (const action of actions) expect(UserActionSchema.safeParse(action).success).toBe(true);
  });

  it('should not let the internal element ref reach an action', () => {
    const feed = new Feed();
    feed.push({ type: 'click', x: 1, y: 1, button: 'left', target: target('go') });
    expect(JSON.stringify(feed.finished())).not.toContain('"ref"');
  });

  it('should start coalescing anew on another page even for an element with the same ref', () => {
    const feed = new Feed();
    feed.key('a');
    feed.push(
      {
        type: 'key',
        key: 'b',
        ctrl: false,
        alt: false,
        meta: false,
        shift: false,
        target: target('name'),
      },
      { pageId: 'page-2', frameUrl: 'http://other.test/' },
    );
    feed.flush();
    expect(feed.finished().map((action) => action.type === 'type' && action.text)).toEqual(['a', 'b']);
  });
});

describe('parseRawEvent', () => {
  it('should accept what the page script sends and stamp the recorder sequence number', () => {
    const event = parseRawEvent(
      { type: 'click', seq: 99, t: 5, x: 1, y: 2, button: 'middle', target: target('go') },
      7,
    );
    expect(event).toMatchObject({ type: 'click', seq: 7, button: 'middle', target: { ref: 'go', id: 'go' } });
  });

  it('should refuse what is not an event', () => {
    expect(parseRawEvent(null, 1)).toBeNull();
    expect(parseRawEvent({ type: 'click', t: 1, x: 'a', y: 2 }, 1)).toBeNull();
    expect(parseRawEvent({ type: 'unknown', t: 1 }, 1)).toBeNull();
    expect(parseRawEvent({ type: 'key', t: 1 }, 1)).toBeNull();
    expect(parseRawEvent({ type: 'select', t: 1, values: ['a'], labels: [] }, 1)).toBeNull();
    expect(parseRawEvent({ type: 'select', t: 1, values: [1], labels: ['A'] }, 1)).toBeNull();
  });

  it('should accept a select with as many labels as values', () => {
    expect(parseRawEvent({ type: 'select', t: 1, values: [], labels: [], target: null }, 2)).toMatchObject({
      type: 'select',
      seq: 2,
      values: [],
    });
  });
});
