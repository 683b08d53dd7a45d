import { EXTENSION_BRIDGE, EXTENSION_COMMANDS } from '@proctor/contracts';
import type { CommandAnswer } from './messages';

/**
 * The bridge, registered on the paired Proctor's origin only: passes the dashboard's commands (posted on its own
 * window) to the service worker and posts the answers back to that window alone.
 */
const COMMANDS: readonly unknown[] = EXTENSION_COMMANDS;

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const data = event.data as { source?: unknown; id?: unknown; type?: unknown; payload?: unknown } | null;
  if (!data || data.source !== EXTENSION_BRIDGE.pageSource || !COMMANDS.includes(data.type)) return;
  if (typeof data.id !== 'string') return;
  const reply = (answer: CommandAnswer) =>
    window.postMessage(
      { source: EXTENSION_BRIDGE.extensionSource, id: data.id, ...answer },
      window.location.origin,
    );
  chrome.runtime
    .sendMessage<CommandAnswer>({ kind: 'command', type: data.type, payload: data.payload })
    .then(reply, (error: unknown) => reply({ ok: false, error: String(error) }));
});
