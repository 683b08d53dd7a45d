import type { playerConfig } from '@rrweb/replay';

/**
 * How the session page's DOM replay runs. The recorded DOM is untrusted: rrweb rebuilds it in an iframe
 * sandboxed "allow-same-origin" only, so nothing in it can run (the dashboard's CSP forbids inline script
 * as well). `UNSAFE_replayCanvas` would add allow-scripts to that sandbox, so it is never set, and
 * `assertReplaySandboxed` checks the iframe rrweb made. The page moves the replay with the step slider, so
 * it starts paused and does not skip idle time.
 */
export const REPLAYER_CONFIG: Readonly<Omit<Partial<playerConfig>, 'root' | 'UNSAFE_replayCanvas'>> = {
  speed: 1,
  skipInactive: false,
  showWarning: false,
  triggerFocus: false,
  mouseTail: false,
  liveMode: false,
};

/** The sandbox tokens of the replay iframe must never let the recorded page run script. */
export function isReplaySandboxSafe(sandbox: string | null): boolean {
  if (sandbox === null) return false;
  const tokens = sandbox.toLowerCase().split(/\s+/).filter(Boolean);
  return !tokens.includes('allow-scripts');
}

export function assertReplaySandboxed(iframe: HTMLIFrameElement): void {
  if (!isReplaySandboxSafe(iframe.getAttribute('sandbox')))
    throw new Error('The DOM replay iframe is not sandboxed against scripts');
}

/** rrweb's Replayer refuses fewer events (a page needs at least its Meta event and a full snapshot). */
export const MIN_REPLAY_EVENTS = 2;

export const NO_DOM_RECORDING = 'No DOM recording for this session';
