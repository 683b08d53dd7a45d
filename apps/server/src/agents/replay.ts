import { RECORDING, type RecordedStep } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import type { SimulatorDefinition, SimulatorInstance } from '@proctor/simulators';
import type { Frame, Locator, Page } from 'playwright-core';
import { withEnvironmentPage } from './page';
import type { RunDriver } from './types';

/** How long a recorded navigation may take to follow from the action before it is made by hand. */
const NAVIGATION_GRACE_MS = 3_000;
/**
 * How long a step waits for its recorded element to be in the page before it falls back to the recorded point:
 * on a busy machine the page the last step opened may still be arriving, and a click at the point of an element
 * not there yet does nothing.
 */
const ELEMENT_GRACE_MS = 3_000;

/** After its last action the replay waits for the page's requests to be answered: this long without one… */
const QUIET_AFTER_LAST_MS = 300;
/** …or this long at most (a page that polls is never quiet). */
const QUIET_TIMEOUT_MS = 5_000;

/**
 * What the replay's page does on its own after an action: its main-frame navigations as they commit, and its
 * requests in flight. A recorded navigation is matched by one that happened since the last one matched, not by
 * the page's URL, which may already be the target: a form that posts and comes back to the page it was on
 * (mail's bulk actions) left the URL as it was, so the replay went on, ended, and the run was read before the
 * post arrived (it changed nothing, under load).
 */
class PageActivity {
  #committed: string[] = [];
  #inFlight = 0;
  #lastRequestAt = 0;
  #changed: (() => void) | undefined;

  constructor(page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.#committed.push(normalized(frame.url()));
      this.#changed?.();
    });
    const ended = () => {
      // (A request sent before the replay connected ends without having been counted.)
      this.#inFlight = Math.max(0, this.#inFlight - 1);
      this.#lastRequestAt = Date.now();
      this.#changed?.();
    };
    page.on('request', () => {
      this.#inFlight += 1;
      this.#lastRequestAt = Date.now();
    });
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }

  /** Waits up to `timeoutMs` for a navigation to `url` since the last one taken, and takes it. */
  async takeNavigation(url: string, timeoutMs: number): Promise<boolean> {
    const wanted = normalized(url);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.#committed.indexOf(wanted);
      if (at >= 0) {
        this.#committed = this.#committed.slice(at + 1);
        return true;
      }
      if (!(await this.#change(deadline - Date.now()))) return false;
    }
  }

  /** Every navigation so far is accounted for (the replay just made one itself). */
  takeAllNavigations(): void {
    this.#committed = [];
  }

  /**
   * Resolves once no request has been in flight for `quietMs` from now or its last one (or after `timeoutMs`):
   * what the last action sent has been answered.
   */
  async quiet(quietMs: number, timeoutMs: number): Promise<void> {
    const since = Date.now();
    const deadline = since + timeoutMs;
    for (;;) {
      const calmSince = Math.max(since, this.#lastRequestAt);
      const calm = this.#inFlight === 0 ? calmSince + quietMs - Date.now() : Number.POSITIVE_INFINITY;
      if (calm <= 0) return;
      const left = deadline - Date.now();
      if (left <= 0) return;
      await this.#change(Math.min(calm, left));
    }
  }

  /** Waits for the next navigation or finished request, at most `ms`; false when none came. */
  #change(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#changed = undefined;
        resolve(false);
      }, ms);
      this.#changed = () => {
        clearTimeout(timer);
        this.#changed = undefined;
        resolve(true);
      };
    });
  }
}

function normalized(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Whether the recorded element is (or comes within the grace) in the page. */
const present = (target: Locator) =>
  target
    .waitFor({ state: 'attached', timeout: ELEMENT_GRACE_MS })
    .then(() => true)
    .catch(() => false);

/** A recorded action's frame in the replay's page: by its URL's path (origins differ between instances). */
function frameFor(page: Page, frameUrl: string | undefined): Frame {
  if (!frameUrl) return page.mainFrame();
  const path = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    } catch {
      return url;
    }
  };
  const wanted = path(frameUrl);
  if (path(page.url()) === wanted) return page.mainFrame();
  return page.frames().find((frame) => path(frame.url()) === wanted) ?? page.mainFrame();
}

/** The recorded URL on the replay's own instance (same path, query and fragment). */
function onInstance(url: string, instance: SimulatorInstance): string {
  const parsed = new URL(url);
  return instance.url(`${parsed.pathname}${parsed.search}${parsed.hash}`);
}

/** "hello[Backspace]o[Enter]" (the recorder's form) as text to type and keys to press, in order. */
export function typedParts(text: string): Array<{ text: string } | { key: string }> {
  const parts: Array<{ text: string } | { key: string }> = [];
  const pattern = /\[([A-Za-z0-9+]+)\]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ key: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

async function click(page: Page, action: Extract<RecordedStep['action'], { type: 'click' }>): Promise<void> {
  const frame = frameFor(page, action.metadata.frame_url);
  const selector = action.target?.selector;
  if (selector) {
    const target = frame.locator(selector).first();
    if (await present(target)) {
      await target.click({ button: action.button });
      return;
    }
  }
  await page.mouse.click(action.x, action.y, { button: action.button });
}

/** Text of nothing but mask characters: what the recorder keeps of a password field's typing. */
const MASKED_TEXT = new RegExp(`^${RECORDING.passwordMask}+$`, 'u');

/**
 * Types a recorded `type` action. A password field's typing is recorded masked, so a run of mask characters is
 * typed as the simulator's own sign-in password (its seeded account's, public to every user of the simulator):
 * the one password a recorded session can have signed in with that a replay can know.
 */
async function type(
  page: Page,
  action: Extract<RecordedStep['action'], { type: 'type' }>,
  auth: SimulatorDefinition['auth'],
): Promise<void> {
  const selector = action.target?.selector;
  if (selector) {
    const target = frameFor(page, action.metadata.frame_url).locator(selector).first();
    // Typed where it was typed: focus the field unless it has the focus already.
    if ((await present(target)) && !(await target.evaluate((element) => element === document.activeElement)))
      await target.focus();
  }
  const parts = typedParts(action.text);
  const masked = parts.flatMap((part, index) =>
    'text' in part && MASKED_TEXT.test(part.text) ? [index] : [],
  );
  for (const [index, part] of parts.entries()) {
    // The masked runs and the editing keys between them stand for the password, typed once at the first run.
    if (masked.length > 0 && index > masked[0]! && index <= masked.at(-1)!) continue;
    if (index === masked[0]) await page.keyboard.type(auth.password);
    else if ('key' in part) await page.keyboard.press(part.key);
    else await page.keyboard.type(part.text);
  }
}

async function select(
  page: Page,
  action: Extract<RecordedStep['action'], { type: 'select' }>,
): Promise<void> {
  const selector = action.target?.selector;
  if (!selector) return;
  await frameFor(page, action.metadata.frame_url)
    .locator(selector)
    .first()
    .selectOption(action.values.map((value) => ({ value })));
}

/**
 * The replay agent (BUILT_IN_AGENTS.replay) as the driver of a run: the recorded session's own actions, in
 * order, in a fresh environment of the same simulator — clicks on the element recorded (its selector, else the
 * point), typing where it was typed, the options chosen in lists, scrolls, and navigations the driver made itself. What the platform did
 * (its navigations) and what follows from other actions (submits, mouse moves) are not repeated. The replay's
 * answer is the original's. Where the page differs from the recording the replay does what it can; its
 * mutations and verdict then say how far it got.
 */
export function replayDriver(steps: readonly RecordedStep[], output: JsonValue | undefined): RunDriver {
  return ({ wsEndpoint, instance, definition, signal }) =>
    withEnvironmentPage(wsEndpoint, signal, async (page) => {
      const activity = new PageActivity(page);
      for (const { action } of steps) {
        signal.throwIfAborted();
        if (action.is_simulator_action) continue;
        switch (action.type) {
          case 'click':
            await click(page, action);
            break;
          case 'type':
            await type(page, action, definition.auth);
            break;
          case 'scroll':
            await page.mouse.wheel(action.dx, action.dy);
            break;
          case 'select':
            await select(page, action);
            break;
          case 'url_change': {
            // A navigation the clicks or keys above made is under way or done; any other is made here.
            const target = onInstance(action.url, instance);
            if (!(await activity.takeNavigation(target, NAVIGATION_GRACE_MS))) {
              await page.goto(target);
              activity.takeAllNavigations();
            }
            break;
          }
          default:
            break;
        }
        await page.waitForLoadState('load').catch(() => undefined);
      }
      // The run is judged when the driver returns: a last click's request must have been answered by then.
      await activity.quiet(QUIET_AFTER_LAST_MS, QUIET_TIMEOUT_MS);
      return output;
    });
}
