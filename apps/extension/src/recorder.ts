import { EXTENSION_PAGE_LIMITS, type ExtensionAction } from '@proctor/contracts';
import type { ActionMessage } from './messages';

/**
 * The recorder, injected into each page of the window the extension records: reports the person's clicks,
 * typing (other keys in brackets, "[Enter]"), and scrolls to the service worker, which numbers them, takes the
 * screenshots and uploads them. Only trusted events count: a page cannot make up actions by dispatching events.
 */
type Element_ = NonNullable<Extract<ExtensionAction, { type: 'click' }>['target']>;

const state = globalThis as { proctorRecorderStarted?: boolean };
const TYPING_IDLE_MS = 800;
const SCROLL_IDLE_MS = 400;
const NAMED_KEYS = new Set([
  'Enter',
  'Tab',
  'Backspace',
  'Delete',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

const cut = (text: string, length: number) => text.replace(/\s+/g, ' ').trim().slice(0, length);

function describe(element: Element | null): Element_ | null {
  if (!element) return null;
  const box = element.getBoundingClientRect();
  const labelled =
    (element as HTMLElement).innerText ||
    element.getAttribute('aria-label') ||
    (element as HTMLInputElement).placeholder ||
    element.getAttribute('alt') ||
    element.getAttribute('title') ||
    '';
  return {
    tag: element.tagName.toLowerCase().slice(0, 50),
    id: element.id ? element.id.slice(0, 200) : null,
    selector: selectorOf(element).slice(0, EXTENSION_PAGE_LIMITS.maxSelectorLength),
    text: cut(labelled, EXTENSION_PAGE_LIMITS.maxElementTextLength),
    bbox: { x: box.x, y: box.y, width: box.width, height: box.height },
  };
}

/** A CSS selector that finds the element: its id, else a short path of tags and positions. */
function selectorOf(element: Element): string {
  const parts: string[] = [];
  let current: Element | null = element;
  while (current && current !== document.documentElement && parts.length < 6) {
    if (current.id) {
      parts.unshift(`#${CSS.escape(current.id)}`);
      break;
    }
    const tag = current.tagName.toLowerCase();
    const parent: Element | null = current.parentElement;
    const same = parent
      ? Array.from(parent.children).filter((child) => child.tagName === current!.tagName)
      : [];
    parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(current) + 1})` : tag);
    current = parent;
  }
  return parts.join(' > ');
}

function report(action: ExtensionAction): Promise<unknown> {
  const message: ActionMessage = { kind: 'action', url: window.location.href, timestamp: Date.now(), action };
  return chrome.runtime.sendMessage(message).catch(() => undefined);
}

let typed = '';
let typedInto: Element | null = null;
let typingTimer: ReturnType<typeof setTimeout> | undefined;

function flushTyping(): Promise<unknown> {
  clearTimeout(typingTimer);
  if (!typed) return Promise.resolve();
  const action: ExtensionAction = {
    type: 'type',
    text: typed.slice(0, EXTENSION_PAGE_LIMITS.maxTypedTextLength),
    target: describe(typedInto),
  };
  typed = '';
  typedInto = null;
  return report(action);
}

function onKey(event: KeyboardEvent) {
  if (!event.isTrusted || event.isComposing) return;
  const target = event.target instanceof Element ? event.target : null;
  if (typedInto && target !== typedInto) void flushTyping();
  let key: string;
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    const secret = target instanceof HTMLInputElement && target.type === 'password';
    key = secret ? '•' : event.key;
  } else if (NAMED_KEYS.has(event.key)) key = `[${event.key}]`;
  else return;
  typedInto = target;
  typed += key;
  // Enter usually submits: report it before the page goes.
  if (event.key === 'Enter' || typed.length >= EXTENSION_PAGE_LIMITS.maxTypedTextLength) void flushTyping();
  else {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => void flushTyping(), TYPING_IDLE_MS);
  }
}

const BUTTONS = ['left', 'middle', 'right'] as const;

function onPointerDown(event: PointerEvent) {
  if (!event.isTrusted || event.button > 2) return;
  void flushTyping();
  const target = event.target instanceof Element ? event.target : null;
  void report({
    type: 'click',
    x: event.clientX,
    y: event.clientY,
    button: BUTTONS[event.button] ?? 'left',
    target: describe(target),
  });
}

let scrollStart: { x: number; y: number } | null = null;
let scrollTimer: ReturnType<typeof setTimeout> | undefined;

function onScroll(event: Event) {
  if (!event.isTrusted) return;
  scrollStart ??= { x: window.scrollX, y: window.scrollY };
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    const start = scrollStart!;
    scrollStart = null;
    const dx = window.scrollX - start.x;
    const dy = window.scrollY - start.y;
    if (dx === 0 && dy === 0) return;
    const direction = Math.abs(dy) >= Math.abs(dx) ? (dy > 0 ? 'down' : 'up') : dx > 0 ? 'right' : 'left';
    void report({ type: 'scroll', direction, dx, dy, target: null });
  }, SCROLL_IDLE_MS);
}

if (!state.proctorRecorderStarted) {
  state.proctorRecorderStarted = true;
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointerDown, true);
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  window.addEventListener('pagehide', () => void flushTyping());
  chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if ((message as { kind?: unknown }).kind !== 'flush') return undefined;
    flushTyping().then(() => sendResponse({ ok: true }));
    return true;
  });
}
