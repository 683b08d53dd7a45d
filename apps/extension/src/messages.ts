import { EXTENSION_COMMANDS, type ExtensionAction, type ExtensionCommand } from '@proctor/contracts';

/** What the bridge passes on to the service worker: one of the dashboard's commands. */
export interface CommandMessage {
  kind: 'command';
  type: ExtensionCommand;
  payload: unknown;
}

/** What the recorder in a recorded tab reports: one action, as the page saw it. */
export interface ActionMessage {
  kind: 'action';
  url: string;
  timestamp: number;
  action: ExtensionAction;
}

/** The service worker asks a recorded tab to report the typing it still holds (before it stops). */
export interface FlushMessage {
  kind: 'flush';
}

export type CommandAnswer = { ok: true; result?: unknown } | { ok: false; error: string };

const COMMANDS: readonly string[] = EXTENSION_COMMANDS;

export function isCommandMessage(message: unknown): message is CommandMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { kind, type } = message as Record<string, unknown>;
  return kind === 'command' && typeof type === 'string' && COMMANDS.includes(type);
}

export function isActionMessage(message: unknown): message is ActionMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { kind, action, url, timestamp } = message as Record<string, unknown>;
  return (
    kind === 'action' &&
    typeof action === 'object' &&
    action !== null &&
    typeof url === 'string' &&
    typeof timestamp === 'number'
  );
}

/**
 * The origin of the Proctor the person typed on the options page: an http(s) address's scheme, host and port,
 * nothing else; null for anything else.
 */
export function proctorOrigin(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.origin;
}

/** The match pattern of exactly one origin (a port, when it has one, included). */
export const originPattern = (origin: string) => `${origin}/*`;

/** Where steps of a session are uploaded: always under the paired origin, never an address a message names. */
export const stepsUrl = (origin: string, sessionId: string) =>
  `${origin}/api/browser-sessions/${encodeURIComponent(sessionId)}/extension-steps`;

/** The key the paired origin is kept under (chrome.storage.local). */
export const PAIRED_ORIGIN_KEY = 'proctorOrigin';
export const BRIDGE_SCRIPT_ID = 'proctor-bridge';
