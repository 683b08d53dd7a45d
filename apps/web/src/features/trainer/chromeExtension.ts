import {
  EXTENSION_BRIDGE,
  EXTENSION_MESSAGES,
  EXTENSION_RECORDING,
  type ExtensionCommand,
  type StartRecordingPayload,
} from '@proctor/contracts';

/**
 * The dashboard's side of the Chrome extension (apps/extension): commands posted on this window, which the
 * extension's bridge (present only on the Proctor it was paired with) passes on and answers on the same window.
 */
export class ChromeExtensionError extends Error {}

let nextId = 0;

/** The extension's answer; throws 'Chrome extension is not available' when none comes in time, or its refusal. */
export function commandExtension(
  type: ExtensionCommand,
  payload: unknown,
  timeoutMs: number,
  target: Window = window,
): Promise<unknown> {
  const id = `${Date.now().toString(36)}-${nextId++}`;
  return new Promise((resolve, reject) => {
    const answered = (event: MessageEvent) => {
      const data = event.data as {
        source?: unknown;
        id?: unknown;
        ok?: unknown;
        error?: unknown;
        result?: unknown;
      };
      if (event.source !== target || event.origin !== target.location.origin) return;
      if (data?.source !== EXTENSION_BRIDGE.extensionSource || data.id !== id) return;
      target.removeEventListener('message', answered);
      clearTimeout(timer);
      if (data.ok === true) resolve(data.result);
      else reject(new ChromeExtensionError(EXTENSION_MESSAGES.communicationFailed));
    };
    const timer = setTimeout(() => {
      target.removeEventListener('message', answered);
      reject(new ChromeExtensionError(EXTENSION_MESSAGES.notAvailable));
    }, timeoutMs);
    target.addEventListener('message', answered);
    target.postMessage({ source: EXTENSION_BRIDGE.pageSource, id, type, payload }, target.location.origin);
  });
}

export interface ExtensionPresence {
  available: boolean;
  /** The browser session it is recording, if any. */
  recording: string | null;
}

/** PING: whether the extension answers here, and what it records. */
export async function pingExtension(target: Window = window): Promise<ExtensionPresence> {
  try {
    const result = (await commandExtension('PING', undefined, EXTENSION_RECORDING.pingTimeoutMs, target)) as {
      recording?: unknown;
    } | null;
    return { available: true, recording: typeof result?.recording === 'string' ? result.recording : null };
  } catch {
    return { available: false, recording: null };
  }
}

/** Failures of START / STOP read 'Failed to communicate with the Chrome extension' (or not available). */
const commandFailure = (error: unknown) =>
  error instanceof ChromeExtensionError
    ? error
    : new ChromeExtensionError(EXTENSION_MESSAGES.communicationFailed);

export function startRecording(payload: StartRecordingPayload, target: Window = window): Promise<unknown> {
  return commandExtension('START_RECORDING', payload, EXTENSION_RECORDING.commandTimeoutMs, target).catch(
    (error: unknown) => {
      throw commandFailure(error);
    },
  );
}

export function stopRecording(sessionId: string, target: Window = window): Promise<unknown> {
  return commandExtension('STOP_RECORDING', sessionId, EXTENSION_RECORDING.commandTimeoutMs, target).catch(
    (error: unknown) => {
      throw commandFailure(error);
    },
  );
}
