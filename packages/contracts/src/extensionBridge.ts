/**
 * What the Chrome extension's page scripts share with the dashboard and the server, without zod: they are
 * injected into pages, and stay a few kilobytes (packages/contracts/src/extensionRecording.ts has the rest).
 */

/**
 * The messages between the dashboard and the extension's bridge (window.postMessage on the paired origin).
 * Each names its side, so that neither mistakes its own message for an answer.
 */
export const EXTENSION_BRIDGE = {
  pageSource: 'proctor-dashboard',
  extensionSource: 'proctor-extension',
} as const;
export const EXTENSION_COMMANDS = ['PING', 'START_RECORDING', 'STOP_RECORDING'] as const;
export type ExtensionCommand = (typeof EXTENSION_COMMANDS)[number];

/** The header that carries the upload capability (the Authorization header is a signed-in person's). */
export const EXTENSION_TOKEN_HEADER = 'x-proctor-recording-token';

/** What a recorded page reports at most. */
export const EXTENSION_PAGE_LIMITS = {
  /** Typed text of one `type` step. */
  maxTypedTextLength: 2_000,
  /** A short description of the element acted on (its text or name). */
  maxElementTextLength: 100,
  maxSelectorLength: 1_000,
} as const;
