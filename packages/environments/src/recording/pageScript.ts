import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RECORDING } from '@proctor/contracts';

/**
 * The script the recorder injects into every frame's main world (`Page.addScriptToEvaluateOnNewDocument`,
 * `runImmediately`). Main world, not an isolated one: rrweb there misses the stylesheet rules CSS-in-JS pages
 * insert (NOTES.md). It reports through a CDP binding, never `fetch`, which a page's CSP may forbid.
 */

/** The `Runtime.addBinding` name the page script reports through; the script hides it from the page. */
export const RECORDER_BINDING = '__proctorRecord';

/** `Symbol.for` key of the page script's handle on `window`; marks the document as instrumented too. */
export const PAGE_HANDLE_KEY = 'proctor.recorder';

/** Mouse moves are reported at most this often (ms). */
export const MOUSE_MOVE_SAMPLE_MS = 50;
/** rrweb events wait at most this long (ms) for companions before they leave the page: well under settleMs, since
 * the recorder reads DOM mutations among them to tell when a page has settled. */
export const RRWEB_FLUSH_MS = 30;
/** rrweb events leave the page at the latest in batches of this many. */
export const RRWEB_BATCH_SIZE = 50;

/** What the page script sends through the binding, JSON-encoded. */
export type PageMessage =
  /** A document started recording; `top`: it is its page's top frame. */
  | { kind: 'hello'; url: string; top: boolean }
  /** Raw input events (see `RawPageEvent`), with the page's own sequence numbers. */
  | { kind: 'actions'; url: string; events: unknown[] }
  | { kind: 'rrweb'; url: string; events: unknown[] }
  /** The document has loaded: the recorder answers with rrweb's bundle (`rrwebStartSource`), which starts it. */
  | { kind: 'loaded'; url: string };

/**
 * The page side. Plain JavaScript in a string, not a function's `toString()`: TypeScript runners (tsx, vitest)
 * add helpers such as `__name` to compiled functions, which do not exist in the page. What it records, and
 * what it skips: "The page script" and "rrweb" in the package README.
 */
const PAGE_SOURCE = String.raw`
var config = __CONFIG__;
if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
var marker = Symbol.for(config.handleKey);
if (window[marker]) return;
var binding = window[config.binding];
if (typeof binding !== 'function') return;
try { delete window[config.binding]; } catch (error) {}
var stringify = JSON.stringify;
var now = Date.now;
var later = setTimeout;
var cancel = clearTimeout;
var stopped = false;
var post = function (message) {
  if (stopped) return;
  try { binding(stringify(message)); } catch (error) {}
};
var listeners = [];
var stopRrweb = function () {};
var handle = {
  takeFullSnapshot: function () {},
  // The recorder detaches: the document stops listening and recording at once, not at its next navigation.
  stop: function () {
    stopped = true;
    // A later recorder instruments this document again.
    delete window[marker];
    listeners.forEach(function (entry) { window.removeEventListener(entry[0], entry[1], true); });
    try { stopRrweb(); } catch (error) {}
  }
};
Object.defineProperty(window, marker, { value: handle, configurable: true });

var documentToken = Math.random().toString(36).slice(2, 10);
var nextRef = 1;
var refs = new WeakMap();
function refOf(element) {
  var ref = refs.get(element);
  if (!ref) { ref = documentToken + ':' + nextRef++; refs.set(element, ref); }
  return ref;
}
function round(value) { return Math.round(value * 100) / 100; }
function isPageElement(element) {
  return element === document.documentElement || element === document.body || element === document.scrollingElement;
}
function boxOf(element) {
  if (isPageElement(element)) return { x: 0, y: 0, width: innerWidth, height: innerHeight };
  var rect = element.getBoundingClientRect();
  return { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) };
}
function unique(selector, element) {
  try {
    var found = document.querySelectorAll(selector);
    return found.length === 1 && found[0] === element;
  } catch (error) { return false; }
}
function selectorOf(element) {
  if (element.id && unique('#' + CSS.escape(element.id), element)) return '#' + CSS.escape(element.id);
  var parts = [];
  for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
    if (node !== element && node.id && unique('#' + CSS.escape(node.id), node)) {
      parts.unshift('#' + CSS.escape(node.id));
      break;
    }
    var part = CSS.escape(node.localName);
    var parent = node.parentElement;
    if (parent) {
      var index = 0, count = 0;
      for (var sibling = parent.firstElementChild; sibling; sibling = sibling.nextElementSibling) {
        if (sibling.localName === node.localName) { count++; if (sibling === node) index = count; }
      }
      if (count > 1) part += ':nth-of-type(' + index + ')';
    }
    parts.unshift(part);
  }
  return parts.join(' > ');
}
function clean(text) { return (text || '').replace(/\s+/g, ' ').trim(); }
function nameOf(element) {
  var aria = clean(element.getAttribute('aria-label'));
  if (aria) return aria;
  var labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    var parts = labelledBy.split(/\s+/).map(function (id) {
      var label = document.getElementById(id);
      return label ? label.textContent : '';
    });
    if (clean(parts.join(' '))) return clean(parts.join(' '));
  }
  var tag = element.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    var type = (element.getAttribute('type') || '').toLowerCase();
    // A button's value is its visible text; other values may be what was typed, never a name.
    if (type === 'submit' || type === 'button' || type === 'reset') return clean(element.value);
    var labels = element.labels ? Array.prototype.map.call(element.labels, function (label) { return label.innerText; }).join(' ') : '';
    return clean(labels) || clean(element.getAttribute('placeholder')) || clean(element.getAttribute('title')) || clean(element.getAttribute('name'));
  }
  if (tag === 'img') return clean(element.getAttribute('alt')) || clean(element.getAttribute('title'));
  if (isPageElement(element)) return clean(document.title);
  return clean(element.innerText !== undefined ? element.innerText : element.textContent) || clean(element.getAttribute('title'));
}
function describe(element) {
  if (!element || element.nodeType !== 1) return null;
  try {
    return {
      ref: refOf(element),
      id: element.id || null,
      selector: selectorOf(element),
      tag: element.localName,
      text: nameOf(element).slice(0, 100),
      bbox: boxOf(element)
    };
  } catch (error) { return null; }
}

// Keys into one element make one action whose target is its first key's: the element is described once,
// not at every key press (which would force a layout each time).
var typing = { element: null, target: null };
function typingTarget(element) {
  if (typing.element !== element) typing = { element: element, target: describe(element) };
  return typing.target;
}

var seq = 0;
function report(event) {
  // Any other action ends the typing: a later key into the same element is described afresh.
  if (event.type !== 'key' && event.type !== 'text' && event.type !== 'mousemove') typing = { element: null, target: null };
  event.seq = ++seq;
  event.t = now();
  post({ kind: 'actions', url: location.href, events: [event] });
}
function listen(type, listener) {
  var wrapped = function (event) {
    try { listener(event); } catch (error) {}
  };
  listeners.push([type, wrapped]);
  window.addEventListener(type, wrapped, { capture: true, passive: true });
}

// What a page script does while a trusted event is being dispatched (in its listeners, or in the microtasks
// they queue) is the page's doing. Not "until a timer runs": an agent's script (Playwright's selectOption) runs
// in a task of its own, which the renderer may run before any timer queued by the click before it.
var trustedEvent = null;
function inTrustedTask() {
  return trustedEvent !== null && trustedEvent.eventPhase !== 0;
}
function markTrusted(event) {
  if (event.isTrusted && !inTrustedTask()) trustedEvent = event;
}
['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'click', 'auxclick', 'keydown', 'keyup', 'input', 'change', 'submit'].forEach(function (type) {
  listen(type, markTrusted);
});

var CLICKABLE = 'a[href],button,input,select,textarea,label,summary,[role=button],[role=link],[role=checkbox],[role=menuitem],[role=tab],[role=option],[onclick]';
function onClick(event) {
  if (event.isTrusted ? event.detail === 0 : inTrustedTask()) return;
  var origin = event.target && event.target.nodeType === 1 ? event.target : event.target && event.target.parentElement;
  var element = (origin && origin.closest && origin.closest(CLICKABLE)) || origin;
  var target = describe(element);
  var x = event.clientX, y = event.clientY;
  if (event.detail === 0 && target && target.bbox) {
    x = round(target.bbox.x + target.bbox.width / 2);
    y = round(target.bbox.y + target.bbox.height / 2);
  }
  report({ type: 'click', x: x, y: y, button: ['left', 'middle', 'right'][event.button] || 'left', target: target });
}
listen('click', onClick);
listen('auxclick', onClick);

// A key press that types fires its input event between its keydown and its keyup: the key alone is recorded.
// Text inserted after the keyup (an agent's fill, a paste) is text of its own, however soon it comes; a
// timer would not tell (an agent's script may run before it). The timer only ends a key whose keyup never
// comes (focus moved away meanwhile).
var keyTyped = false;
// What is typed into a password field leaves the page masked, one mask a character, as the field shows it:
// the step and its replay still show that something was typed, and how much. rrweb marks a field that was a
// password before a show-password toggle made it text; it stays masked too.
function isPassword(element) {
  return !!element && element.localName === 'input' && (element.type === 'password' || element.hasAttribute('data-rr-is-password'));
}
function masked(text) {
  return Array.from(text, function () { return config.passwordMask; }).join('');
}
// Named keys (Enter, Backspace, ArrowLeft) and shortcuts (Control or Meta: their letter types nothing; Alt
// alone types on a Mac) keep their names; any other key types a character.
function typedKey(event) {
  var key = event.key;
  if (!isPassword(event.target) || /^[A-Z][A-Za-z0-9]+$/.test(key)) return key;
  return event.metaKey || (event.ctrlKey && !event.altKey) ? key : config.passwordMask;
}
listen('keyup', function (event) {
  if (event.isTrusted) keyTyped = false;
});
listen('keydown', function (event) {
  if (!event.isTrusted || event.isComposing || event.keyCode === 229) return;
  keyTyped = true;
  later(function () { keyTyped = false; }, 0);
  report({ type: 'key', key: typedKey(event), ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey, shift: event.shiftKey, target: typingTarget(event.target) });
});
listen('input', function (event) {
  if (!event.isTrusted || keyTyped) return;
  var inputType = event.inputType || '';
  if (inputType.indexOf('insert') !== 0 || inputType === 'insertCompositionText') return;
  var text = event.data;
  if (text == null && event.dataTransfer) text = event.dataTransfer.getData('text/plain');
  if (text) report({ type: 'text', text: isPassword(event.target) ? masked(text) : text, target: typingTarget(event.target) });
});
listen('compositionend', function (event) {
  if (!event.isTrusted || !event.data) return;
  report({ type: 'text', text: isPassword(event.target) ? masked(event.data) : event.data, target: typingTarget(event.target) });
});

function scrollable(element, overflow, size, client, delta) {
  return delta !== 0 && /(auto|scroll|overlay)/.test(overflow) && element[size] > element[client];
}
function scrollerOf(element, dx, dy) {
  for (var node = element; node && node.nodeType === 1 && !isPageElement(node); node = node.parentElement) {
    var style = getComputedStyle(node);
    if (scrollable(node, style.overflowY, 'scrollHeight', 'clientHeight', dy) || scrollable(node, style.overflowX, 'scrollWidth', 'clientWidth', dx)) return node;
  }
  return document.scrollingElement || document.documentElement;
}
var lastWheel = { origin: null, scroller: null, target: null, t: 0 };
listen('wheel', function (event) {
  if (!event.isTrusted) return;
  var scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? innerHeight : 1;
  var dx = event.deltaX * scale, dy = event.deltaY * scale;
  var t = now();
  // A gesture sends tens of wheel events at one spot: its scroller is looked up once.
  if (lastWheel.origin !== event.target || t - lastWheel.t > 500) {
    var scroller = scrollerOf(event.target, dx, dy);
    lastWheel = { origin: event.target, scroller: scroller, target: describe(scroller), t: t };
  }
  lastWheel.t = t;
  report({ type: 'wheel', dx: dx, dy: dy, target: lastWheel.target });
});
// A <select>'s choice is made in a pop-up the page never sees (or by keys, or by an agent's selectOption,
// which dispatches the change itself): its change event is the action. A page script's own dispatch while
// handling a real event is the page's doing, as for clicks.
listen('change', function (event) {
  var element = event.target;
  if (!element || element.localName !== 'select' || (!event.isTrusted && inTrustedTask())) return;
  var chosen = Array.prototype.filter.call(element.options, function (option) { return option.selected; });
  report({
    type: 'select',
    values: chosen.map(function (option) { return option.value; }),
    labels: chosen.map(function (option) { return clean(option.label || option.text); }),
    target: describe(element)
  });
});
listen('submit', function (event) {
  report({ type: 'submit', target: describe(event.target) });
});
var lastMove = 0;
listen('mousemove', function (event) {
  if (!event.isTrusted) return;
  var t = now();
  if (t - lastMove < config.mouseMoveSampleMs) return;
  lastMove = t;
  report({ type: 'mousemove', x: event.clientX, y: event.clientY });
});

post({ kind: 'hello', url: location.href, top: window === window.top });

// rrweb's bundle is not part of this script: the recorder sends it once the document has loaded (see 'loaded'
// below), so no document start pays for parsing its 75 KB (about 6 ms a navigation, bench:recording).
var rrweb;
var queue = [];
var flushTimer = 0;
function flush() {
  if (flushTimer) { cancel(flushTimer); flushTimer = 0; }
  if (!queue.length) return;
  var events = queue;
  queue = [];
  post({ kind: 'rrweb', url: location.href, events: events });
}
function startRrweb() {
  if (stopped || !rrweb) return;
  try {
    stopRrweb = rrweb.record({
      emit: function (event) {
        queue.push(event);
        if (queue.length >= config.rrwebBatchSize) flush();
        else if (!flushTimer) flushTimer = later(flush, config.rrwebFlushMs);
      },
      recordCrossOriginIframes: true,
      // Linked stylesheets by reference: the server puts their text back from the simulator's files
      // (stylesheets.ts). Serialising every rule here cost every document's start, on the agent's path.
      inlineStylesheet: false,
      // Password fields' values and input events are recorded as '*' a character, as they show.
      maskInputOptions: { password: true }
    }) || stopRrweb;
  } catch (error) {}
  askFramesForSnapshots();
}
// A cross-origin frame's rrweb events reach the replay through this document's recorder, which only hears them
// once it records: a frame that started first (it loaded first) is asked for a full snapshot again, and asks
// its own frames in turn. Anything else a message asks of a frame is ignored.
function askFramesForSnapshots() {
  for (var i = 0; i < window.frames.length; i++) {
    try { window.frames[i].postMessage({ proctorRrweb: 'snapshot' }, '*'); } catch (error) {}
  }
}
listen('message', function (event) {
  if (window.parent === window || event.source !== window.parent) return;
  if (!event.data || event.data.proctorRrweb !== 'snapshot') return;
  handle.takeFullSnapshot();
  askFramesForSnapshots();
});
// The full snapshot serialises the whole document: it is taken once the load event has been dispatched and the
// recorder has answered with rrweb's bundle (handle.startRrweb), so the load an agent waits for (and a new
// environment's readiness) never waits for it. The replay starts from the loaded page.
handle.startRrweb = function (module) {
  if (rrweb || !module || typeof module.record !== 'function') return;
  rrweb = module;
  startRrweb();
};
function loaded() { post({ kind: 'loaded', url: location.href }); }
if (document.readyState === 'complete') loaded();
else window.addEventListener('load', loaded, { once: true });
handle.takeFullSnapshot = function () {
  // Throws where rrweb does not record itself (a same-origin child frame, which its parent records).
  try { rrweb.record.takeFullSnapshot(); } catch (error) {}
  flush();
};
listen('pagehide', flush);
`;

let cachedPage: string | undefined;
let cachedRrweb: string | undefined;

/** The rrweb recorder's UMD bundle (`@rrweb/record`), whose package exports no path to it. */
function rrwebBundle(): string {
  const main = createRequire(import.meta.url).resolve('@rrweb/record');
  return withUntaintedElementCheck(readFileSync(join(dirname(main), 'record.umd.min.cjs'), 'utf8'));
}

/**
 * rrweb's untainted-prototype check always fails (it looks for `querySelector` among getters), so every document
 * got a hidden iframe during its first snapshot, slowing rrweb's start. Upstream's open fix (rrweb-io/rrweb#1802),
 * applied to the pinned bundle's text and refused loudly when the text is not there (a new rrweb: recheck).
 */
export function withUntaintedElementCheck(bundle: string): string {
  const fixes: Array<[string, string]> = [
    ['Element:["shadowRoot","querySelector","querySelectorAll"]', 'Element:["shadowRoot"]'],
    [
      'ShadowRoot:["getSelection"],Element:[]',
      'ShadowRoot:["getSelection"],Element:["querySelector","querySelectorAll"]',
    ],
  ];
  let fixed = bundle;
  for (const [from, to] of fixes) {
    if (fixed.split(from).length !== 2)
      throw new Error(
        `The rrweb bundle no longer holds ${from}: see withUntaintedElementCheck in pageScript.ts`,
      );
    fixed = fixed.replace(from, to);
  }
  return fixed;
}

/** The source given to `Page.addScriptToEvaluateOnNewDocument`. */
export function pageScriptSource(): string {
  cachedPage ??= `(function () {\n${PAGE_SOURCE.replace(
    '__CONFIG__',
    JSON.stringify({
      binding: RECORDER_BINDING,
      handleKey: PAGE_HANDLE_KEY,
      mouseMoveSampleMs: MOUSE_MOVE_SAMPLE_MS,
      rrwebFlushMs: RRWEB_FLUSH_MS,
      rrwebBatchSize: RRWEB_BATCH_SIZE,
      passwordMask: RECORDING.passwordMask,
    }),
  )}\n})();`;
  return cachedPage;
}

/**
 * What the recorder evaluates in a document that said 'loaded': rrweb's bundle, run in a function of its own (no
 * global left behind), handed to the page script, which starts recording. A document without the page script's
 * handle (the recorder stopped, or the page removed it) gets nothing.
 */
export function rrwebStartSource(): string {
  cachedRrweb ??= `(function () {
var handle = window[Symbol.for(${JSON.stringify(PAGE_HANDLE_KEY)})];
if (!handle || typeof handle.startRrweb !== 'function') return;
var module = { exports: {} };
var exports = module.exports;
${rrwebBundle()}
handle.startRrweb(module.exports);
})();`;
  return cachedRrweb;
}
