import { type ActionTarget, type BoundingBox, RECORDING, type UserAction } from '@proctor/contracts';

/**
 * From the page script's raw DOM events to the `UserAction`s of a recording. Pure: no browser, no clock, no
 * CDP. The recorder feeds it events in the order they arrived, each stamped with a session-wide sequence
 * number, and turns what it answers (an action started, grew, finished) into steps.
 */

/**
 * The element an event targeted, as the page script describes it. `ref` names the element within its
 * document (and the document itself), to tell "the same element" apart; it never reaches the recording.
 */
export interface RawTarget extends ActionTarget {
  ref: string;
}

interface RawBase {
  /** The recorder's sequence number (session-wide, in order of arrival). */
  seq: number;
  /** Milliseconds since the epoch, in the page. */
  t: number;
}

export type MouseButton = 'left' | 'middle' | 'right';

export type RawPageEvent =
  | (RawBase & { type: 'click'; x: number; y: number; button: MouseButton; target: RawTarget | null })
  | (RawBase & {
      type: 'key';
      /** `KeyboardEvent.key`: "a", "A", "Enter", "ArrowLeft", "Shift"… */
      key: string;
      ctrl: boolean;
      alt: boolean;
      meta: boolean;
      shift: boolean;
      target: RawTarget | null;
    })
  /** Text inserted without a key press: Playwright's fill(), `Input.insertText`, a paste, an IME. */
  | (RawBase & { type: 'text'; text: string; target: RawTarget | null })
  | (RawBase & { type: 'wheel'; dx: number; dy: number; target: RawTarget | null })
  | (RawBase & { type: 'submit'; target: RawTarget | null })
  /** A `<select>`'s change: the options chosen, their values and labels in document order. */
  | (RawBase & { type: 'select'; values: string[]; labels: string[]; target: RawTarget | null })
  | (RawBase & { type: 'mousemove'; x: number; y: number });

/** Where an event happened: the page (top-level target) and the frame's URL. */
export interface ActionContext {
  pageId: string;
  frameUrl: string;
}

export interface ActionChange {
  /** `started`: a step begins; `updated`: it grew (more keys, more wheel); `finished`: it is complete. */
  kind: 'started' | 'updated' | 'finished';
  action: UserAction;
  context: ActionContext;
  /** The acted element's box, for the page states of the step (none for url_change and mouse_move). */
  bbox: BoundingBox | null;
}

export interface Navigation {
  url: string;
  seq: number;
  t: number;
  /** The platform's own navigation (a reset), not the driver's. */
  isSimulatorAction: boolean;
}

/** Keys that only modify others: pressed alone they type nothing and start no action. */
const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'CapsLock',
  'Fn',
  'FnLock',
  'Hyper',
  'Super',
  'Symbol',
  'SymbolLock',
  'NumLock',
  'ScrollLock',
  'Dead',
  'Unidentified',
  'Process',
]);

/**
 * A key press in the [Key] notation of `type` actions: a printable character as typed ("a", "A", "é", " "),
 * anything else in brackets ("[Enter]", "[Backspace]", "[ArrowLeft]"), a shortcut with its modifiers
 * ("[Control+a]", "[Shift+Tab]", "[Meta+Shift+z]"). Ctrl with Alt is AltGr on Windows, which types. Empty for a
 * modifier pressed alone.
 */
export function keyToken(event: {
  key: string;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  shift: boolean;
}): string {
  const { key, ctrl, alt, meta, shift } = event;
  if (MODIFIER_KEYS.has(key) || key === '') return '';
  const printable = [...key].length === 1;
  // Ctrl or Alt alone make a shortcut; both together are AltGr.
  const shortcut = meta || ctrl !== alt;
  if (printable && !shortcut) return key;
  const modifiers = [
    ctrl && 'Control',
    alt && 'Alt',
    meta && 'Meta',
    // Shift is already in a printable key ("A", "!"), not in a named one.
    shift && !printable && 'Shift',
  ].filter(Boolean);
  return `[${[...modifiers, key].join('+')}]`;
}

/** The dominant axis of a scroll; down when it did not move at all. */
export function scrollDirection(dx: number, dy: number): 'up' | 'down' | 'left' | 'right' {
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy < 0 ? 'up' : 'down';
}

/** Splits typed text into pieces that fit one `type` action, never inside a [Key] token or a character. */
function splitTyped(text: string, max: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of text) {
    if (piece.length + character.length > max) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function publicTarget(target: RawTarget | null): ActionTarget | null {
  if (!target) return null;
  const { ref: _ref, ...rest } = target;
  return rest;
}

interface Pending {
  action: UserAction;
  context: ActionContext;
  bbox: BoundingBox | null;
  /** The element the action coalesces on (type, scroll). */
  ref: string | null;
}

type ActionOf<T extends UserAction['type']> = Extract<UserAction, { type: T }>;

/**
 * Turns raw page events into user actions, for one recording session. Key presses into the same element
 * make one `type` action, wheel events on the same scroller one `scroll`, mouse moves one `mouse_move`
 * (kept apart: moving the mouse while typing does not end the typing); any other action ends them.
 */
export class ActionAssembler {
  /** The pending type or scroll action. */
  #coalescing: Pending | undefined;
  #mouse: Pending | undefined;
  #nextId = 1;

  constructor(private readonly idPrefix = 'action-') {}

  push(event: RawPageEvent, context: ActionContext): ActionChange[] {
    switch (event.type) {
      case 'mousemove':
        return this.#mouseMove(event, context);
      case 'key': {
        const token = keyToken(event);
        return token ? this.#type(token, event, context) : [];
      }
      case 'text':
        return event.text ? this.#type(event.text, event, context) : [];
      case 'wheel':
        return this.#wheel(event, context);
      case 'click':
        return this.#single(
          {
            type: 'click',
            ...this.#base(event, context),
            x: event.x,
            y: event.y,
            button: event.button,
            target: publicTarget(event.target),
          },
          context,
          event.target?.bbox ?? null,
        );
      case 'submit':
        return this.#single(
          { type: 'submit', ...this.#base(event, context), target: publicTarget(event.target) },
          context,
          event.target?.bbox ?? null,
        );
      case 'select':
        return this.#single(
          {
            type: 'select',
            ...this.#base(event, context),
            values: event.values,
            labels: event.labels,
            target: publicTarget(event.target),
          },
          context,
          event.target?.bbox ?? null,
        );
    }
  }

  /** A main-frame navigation of a page (`Page.frameNavigated`, `Page.navigatedWithinDocument`). */
  navigation(navigation: Navigation, context: ActionContext): ActionChange[] {
    return this.#single(
      {
        type: 'url_change',
        id: this.#id(),
        timestamp: navigation.t,
        is_simulator_action: navigation.isSimulatorAction,
        metadata: { start_seq_id: navigation.seq, end_seq_id: navigation.seq, frame_url: navigation.url },
        url: navigation.url,
      },
      context,
      null,
    );
  }

  /** Finishes whatever is pending (end of a session, or the recorder asked for every step). */
  flush(): ActionChange[] {
    return [...this.#finishCoalescing(), ...this.#finishMouse()];
  }

  #id(): string {
    return `${this.idPrefix}${this.#nextId++}`;
  }

  #base(event: RawPageEvent, context: ActionContext) {
    return {
      id: this.#id(),
      timestamp: event.t,
      is_simulator_action: false,
      metadata: { start_seq_id: event.seq, end_seq_id: event.seq, frame_url: context.frameUrl },
    };
  }

  /** An action complete in one event: it ends what was pending, starts and finishes at once. */
  #single(action: UserAction, context: ActionContext, bbox: BoundingBox | null): ActionChange[] {
    return [
      ...this.#finishCoalescing(),
      ...this.#finishMouse(),
      { kind: 'started', action, context, bbox },
      { kind: 'finished', action, context, bbox },
    ];
  }

  #type(
    text: string,
    event: Extract<RawPageEvent, { type: 'key' | 'text' }>,
    context: ActionContext,
  ): ActionChange[] {
    const changes: ActionChange[] = [];
    const ref = event.target?.ref ?? null;
    for (const piece of splitTyped(text, RECORDING.maxTypedTextLength)) {
      const pending = this.#coalescing;
      const previous = pending?.action;
      if (
        pending &&
        previous?.type === 'type' &&
        pending.ref === ref &&
        pending.context.pageId === context.pageId &&
        previous.text.length + piece.length <= RECORDING.maxTypedTextLength
      ) {
        const action: ActionOf<'type'> = {
          ...previous,
          text: previous.text + piece,
          metadata: { ...previous.metadata, end_seq_id: event.seq },
        };
        pending.action = action;
        changes.push({ kind: 'updated', action, context: pending.context, bbox: pending.bbox });
        continue;
      }
      changes.push(...this.#finishCoalescing(), ...this.#finishMouse());
      const action: ActionOf<'type'> = {
        type: 'type',
        ...this.#base(event, context),
        text: piece,
        target: publicTarget(event.target),
      };
      const bbox = event.target?.bbox ?? null;
      this.#coalescing = { action, context, bbox, ref };
      changes.push({ kind: 'started', action, context, bbox });
    }
    return changes;
  }

  #wheel(event: Extract<RawPageEvent, { type: 'wheel' }>, context: ActionContext): ActionChange[] {
    const ref = event.target?.ref ?? null;
    const pending = this.#coalescing;
    const previous = pending?.action;
    if (
      pending &&
      previous?.type === 'scroll' &&
      pending.ref === ref &&
      pending.context.pageId === context.pageId
    ) {
      const dx = previous.dx + event.dx;
      const dy = previous.dy + event.dy;
      const action: ActionOf<'scroll'> = {
        ...previous,
        dx,
        dy,
        direction: scrollDirection(dx, dy),
        metadata: { ...previous.metadata, end_seq_id: event.seq },
      };
      pending.action = action;
      return [{ kind: 'updated', action, context: pending.context, bbox: pending.bbox }];
    }
    const changes = [...this.#finishCoalescing(), ...this.#finishMouse()];
    const action: ActionOf<'scroll'> = {
      type: 'scroll',
      ...this.#base(event, context),
      direction: scrollDirection(event.dx, event.dy),
      dx: event.dx,
      dy: event.dy,
      target: publicTarget(event.target),
    };
    const bbox = event.target?.bbox ?? null;
    this.#coalescing = { action, context, bbox, ref };
    changes.push({ kind: 'started', action, context, bbox });
    return changes;
  }

  #mouseMove(event: Extract<RawPageEvent, { type: 'mousemove' }>, context: ActionContext): ActionChange[] {
    const position = { x: event.x, y: event.y, t: event.t };
    const pending = this.#mouse;
    const previous = pending?.action;
    if (
      pending &&
      previous?.type === 'mouse_move' &&
      pending.context.pageId === context.pageId &&
      previous.positions.length < RECORDING.maxMousePositions
    ) {
      const action: ActionOf<'mouse_move'> = {
        ...previous,
        positions: [...previous.positions, position],
        metadata: { ...previous.metadata, end_seq_id: event.seq },
      };
      pending.action = action;
      return [{ kind: 'updated', action, context: pending.context, bbox: null }];
    }
    const changes = this.#finishMouse();
    const action: ActionOf<'mouse_move'> = {
      type: 'mouse_move',
      ...this.#base(event, context),
      positions: [position],
    };
    this.#mouse = { action, context, bbox: null, ref: null };
    changes.push({ kind: 'started', action, context, bbox: null });
    return changes;
  }

  #finishCoalescing(): ActionChange[] {
    const pending = this.#coalescing;
    this.#coalescing = undefined;
    return pending
      ? [{ kind: 'finished', action: pending.action, context: pending.context, bbox: pending.bbox }]
      : [];
  }

  #finishMouse(): ActionChange[] {
    const pending = this.#mouse;
    this.#mouse = undefined;
    return pending
      ? [{ kind: 'finished', action: pending.action, context: pending.context, bbox: null }]
      : [];
  }
}

const BUTTONS: readonly MouseButton[] = ['left', 'middle', 'right'];

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function parseBox(value: unknown): BoundingBox | null {
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height } = value as Record<string, unknown>;
  return isNumber(x) && isNumber(y) && isNumber(width) && isNumber(height) ? { x, y, width, height } : null;
}

function parseTarget(value: unknown): RawTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ref, id, selector, tag, text, bbox } = value as Record<string, unknown>;
  if (typeof ref !== 'string' || typeof selector !== 'string' || typeof tag !== 'string') return null;
  return {
    ref,
    id: typeof id === 'string' ? id : null,
    selector,
    tag,
    text: typeof text === 'string' ? text.slice(0, 100) : '',
    bbox: parseBox(bbox),
  };
}

/**
 * A raw event as the page script sent it, checked (a page can call the binding too), with the recorder's
 * sequence number instead of the page's. Null when it is not one.
 */
export function parseRawEvent(value: unknown, seq: number): RawPageEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const t = event.t;
  if (!isNumber(t)) return null;
  const target = parseTarget(event.target);
  switch (event.type) {
    case 'click': {
      const button = BUTTONS.find((name) => name === event.button) ?? 'left';
      if (!isNumber(event.x) || !isNumber(event.y)) return null;
      return { type: 'click', seq, t, x: event.x, y: event.y, button, target };
    }
    case 'key':
      if (typeof event.key !== 'string') return null;
      return {
        type: 'key',
        seq,
        t,
        key: event.key,
        ctrl: event.ctrl === true,
        alt: event.alt === true,
        meta: event.meta === true,
        shift: event.shift === true,
        target,
      };
    case 'text':
      return typeof event.text === 'string' ? { type: 'text', seq, t, text: event.text, target } : null;
    case 'wheel':
      return isNumber(event.dx) && isNumber(event.dy)
        ? { type: 'wheel', seq, t, dx: event.dx, dy: event.dy, target }
        : null;
    case 'submit':
      return { type: 'submit', seq, t, target };
    case 'select': {
      const strings = (list: unknown) =>
        Array.isArray(list) && list.every((item) => typeof item === 'string') ? (list as string[]) : null;
      const values = strings(event.values);
      const labels = strings(event.labels);
      return values && labels && values.length === labels.length
        ? { type: 'select', seq, t, values, labels, target }
        : null;
    }
    case 'mousemove':
      return isNumber(event.x) && isNumber(event.y)
        ? { type: 'mousemove', seq, t, x: event.x, y: event.y }
        : null;
    default:
      return null;
  }
}
