import {
  EXTENSION_MESSAGES,
  EXTENSION_RECORDING,
  EXTENSION_TOKEN_HEADER,
  type ExtensionAction,
  type ExtensionStep,
  StartRecordingPayload,
} from '@proctor/contracts';
import {
  type ActionMessage,
  type CommandAnswer,
  type CommandMessage,
  isActionMessage,
  isCommandMessage,
  PAIRED_ORIGIN_KEY,
  stepsUrl,
} from './messages';

/**
 * The service worker: answers the paired Proctor's commands (through the bridge), opens the window it records,
 * numbers the recorded actions, takes a screenshot for each and uploads them in batches to the paired Proctor,
 * the only place it ever sends them, with the session's own capability.
 */
interface Recording {
  sessionId: string;
  token: string;
  origin: string;
  windowId: number;
  nextIdx: number;
  /** The last address each tab was recorded at, so that a load reports a navigation once. */
  urls: Record<string, string>;
}

const RECORDING_KEY = 'recording';
/** Chrome takes at most two screenshots a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND). */
const CAPTURE_SPACING_MS = 520;
const UPLOAD_DELAY_MS = 1_000;
/** A capture Chrome never answers must not hold the steps after it. */
const CAPTURE_TIMEOUT_MS = 3_000;

let recording: Recording | null = null;
let pending: ExtensionStep[] = [];
let captures: Promise<unknown> = Promise.resolve();
let lastCaptureAt = 0;
let uploadTimer: ReturnType<typeof setTimeout> | undefined;
let uploading: Promise<boolean> | null = null;

/** A worker Chrome stopped while it recorded starts again from what it kept. */
const ready = chrome.storage.session.get(RECORDING_KEY).then((stored) => {
  recording = (stored[RECORDING_KEY] as Recording | undefined) ?? null;
});

const save = () =>
  recording
    ? chrome.storage.session.set({ [RECORDING_KEY]: recording })
    : chrome.storage.session.remove(RECORDING_KEY);

const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pairedOrigin(): Promise<string | null> {
  const stored = (await chrome.storage.local.get(PAIRED_ORIGIN_KEY))[PAIRED_ORIGIN_KEY];
  return typeof stored === 'string' ? stored : null;
}

/** The tab's picture as JPEG base64, or undefined when Chrome cannot take it (or it is too large). */
async function capture(windowId: number, tabId: number): Promise<string | undefined> {
  const [active] = (await chrome.tabs.query({ windowId })).filter((tab) => tab.active);
  if (active?.id !== tabId) return undefined;
  const wait = lastCaptureAt + CAPTURE_SPACING_MS - Date.now();
  if (wait > 0) await sleep(wait);
  lastCaptureAt = Date.now();
  try {
    const dataUrl = await Promise.race([
      chrome.tabs.captureVisibleTab(windowId, { format: 'jpeg', quality: 60 }),
      sleep(CAPTURE_TIMEOUT_MS).then(() => {
        throw new Error('The screenshot was not taken in time');
      }),
    ]);
    const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
    return (base64.length * 3) / 4 <= EXTENSION_RECORDING.maxScreenshotBytes ? base64 : undefined;
  } catch {
    return undefined;
  }
}

/** Numbers the action now (steps keep the order they happened in), then takes its screenshot in turn. */
function record(tabId: number, url: string, timestamp: number, action: ExtensionAction): Promise<void> {
  const current = recording;
  if (!current || current.nextIdx >= EXTENSION_RECORDING.maxStepsPerSession) return Promise.resolve();
  const idx = current.nextIdx++;
  void save();
  // One screenshot at a time, in the order of the steps (Chrome refuses captures that come too fast).
  const step = captures.then(async () => {
    const screenshot = await capture(current.windowId, tabId);
    pending.push({ idx, timestamp, tab: String(tabId), url, action, ...(screenshot ? { screenshot } : {}) });
    scheduleUpload();
  });
  captures = step;
  return step;
}

function scheduleUpload() {
  uploadTimer ??= setTimeout(() => {
    uploadTimer = undefined;
    void upload();
  }, UPLOAD_DELAY_MS);
}

/** Sends what is pending, a batch at a time; false when some could not be sent (kept for the next try). */
async function send(): Promise<boolean> {
  while (recording && pending.length > 0) {
    const batch = pending.slice(0, EXTENSION_RECORDING.maxStepsPerBatch);
    let response: Response;
    try {
      response = await fetch(stepsUrl(recording.origin, recording.sessionId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [EXTENSION_TOKEN_HEADER]: recording.token },
        body: JSON.stringify({ steps: batch }),
        credentials: 'omit',
      });
    } catch {
      return false;
    }
    if (response.status >= 500) return false;
    // Refused (the session ended, a step out of bounds): sending it again would be refused again.
    pending = pending.filter((step) => !batch.includes(step));
    if (!response.ok) return false;
  }
  return true;
}

/** One send at a time; a call while one runs shares it. */
function upload(): Promise<boolean> {
  // Cleared once settled (a `finally` inside `send` would run before the assignment when nothing is pending).
  uploading ??= send().finally(() => {
    uploading = null;
  });
  return uploading;
}

/** Reports what the window's pages still hold, uploads everything, and closes the window. */
async function stop(closeWindow: boolean): Promise<boolean> {
  const current = recording;
  if (!current) return true;
  const tabs = await chrome.tabs.query({ windowId: current.windowId }).catch(() => []);
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined
        ? undefined
        : chrome.tabs.sendMessage(tab.id, { kind: 'flush' }).catch(() => undefined),
    ),
  );
  await captures;
  clearTimeout(uploadTimer);
  uploadTimer = undefined;
  const uploaded = (await upload()) || (await upload());
  recording = null;
  pending = [];
  await save();
  if (closeWindow) await chrome.windows.remove(current.windowId).catch(() => undefined);
  return uploaded;
}

async function start(payload: unknown, origin: string): Promise<CommandAnswer> {
  const parsed = StartRecordingPayload.safeParse(payload);
  if (!parsed.success)
    return { ok: false, error: 'START_RECORDING needs sessionId, startUrl, task and token' };
  await stop(true);
  const window = await chrome.windows.create({ url: parsed.data.startUrl, focused: true, type: 'normal' });
  if (window.id === undefined) return { ok: false, error: 'Chrome did not open a window' };
  recording = {
    sessionId: parsed.data.sessionId,
    token: parsed.data.token,
    origin,
    windowId: window.id,
    nextIdx: 0,
    urls: {},
  };
  await save();
  // The start page may have loaded before the window was known to be the recorded one.
  for (const tab of await chrome.tabs.query({ windowId: window.id }))
    if (tab.id !== undefined && tab.status === 'complete' && isWebUrl(tab.url))
      await pageShown(tab.id, tab.url, true);
  return { ok: true, result: { windowId: window.id } };
}

async function command(message: CommandMessage, origin: string): Promise<CommandAnswer> {
  switch (message.type) {
    case 'PING':
      return {
        ok: true,
        result: { version: chrome.runtime.getManifest().version, recording: recording?.sessionId ?? null },
      };
    case 'START_RECORDING':
      return start(message.payload, origin);
    case 'STOP_RECORDING': {
      if (typeof message.payload !== 'string')
        return { ok: false, error: 'STOP_RECORDING needs a sessionId' };
      if (recording?.sessionId !== message.payload) return { ok: true, result: { stopped: false } };
      return (await stop(true))
        ? { ok: true, result: { stopped: true } }
        : { ok: false, error: EXTENSION_MESSAGES.communicationFailed };
    }
  }
}

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !sender.tab || sender.tab.id === undefined) return undefined;
  const tab = sender.tab;
  const tabId = sender.tab.id;
  if (isCommandMessage(message)) {
    void (async () => {
      await ready;
      const origin = await pairedOrigin();
      // Only the paired Proctor's own pages command, never a page of the window being recorded.
      if (!origin || sender.origin !== origin || sender.frameId !== 0 || tab.windowId === recording?.windowId)
        return sendResponse({ ok: false, error: 'This page may not use the Proctor recorder' });
      sendResponse(
        await command(message, origin).catch((error: unknown) => ({ ok: false, error: String(error) })),
      );
    })();
    return true;
  }
  if (isActionMessage(message)) {
    void (async () => {
      await ready;
      const { url, timestamp, action } = message as ActionMessage;
      if (recording && tab.windowId === recording.windowId && sender.frameId === 0 && isWebUrl(url))
        await record(tabId, url, timestamp, action);
      sendResponse({ ok: true });
    })();
    return true;
  }
  return undefined;
});

/**
 * A recorded tab shows a page: its address is a step when it is a new one (numbered before the recorder is in the
 * page, so that it comes before the page's actions), and a page that loaded gets the recorder.
 */
async function pageShown(tabId: number, url: string, loaded: boolean): Promise<void> {
  if (!recording) return;
  const fresh = recording.urls[tabId] !== url;
  recording.urls[tabId] = url;
  const step = fresh ? record(tabId, url, Date.now(), { type: 'url_change', url }) : undefined;
  if (loaded)
    await chrome.scripting
      .executeScript({ target: { tabId }, files: ['recorder.js'] })
      .catch(() => undefined);
  await step;
}

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  void ready.then(async () => {
    if (!recording || tab.windowId !== recording.windowId || !isWebUrl(tab.url)) return;
    const loaded = change.status === 'complete';
    // A page's own navigation (history.pushState) changes the address without loading.
    if (loaded || (change.url && tab.status === 'complete')) await pageShown(tabId, tab.url, loaded);
  });
});

chrome.windows.onRemoved.addListener((windowId) => {
  void ready.then(() => (recording?.windowId === windowId ? stop(false) : undefined));
});
