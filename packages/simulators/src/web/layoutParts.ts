import { html, type SafeHtml } from './html';
import type { Flash } from './sessions';

/**
 * Pieces every layout includes: the kit's stylesheet and script (toasts, modals, confirmations, menus) and
 * the simulator's icon as favicon. Put it in <head> before the simulator's own stylesheet, so the
 * simulator's CSS can override the kit's.
 */
export function kitHead(): SafeHtml {
  return html`<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/_kit/kit.css">
<script src="/_kit/kit.js" defer></script>`;
}

/** Flash messages as toasts; kit.js dismisses them after a few seconds. Render it once, inside <body>. */
export function toasts(flashes: readonly Flash[]): SafeHtml {
  return html`<div class="kit-toasts" role="status" aria-live="polite">${flashes.map(
    (flash) =>
      html`<div class="kit-toast kit-toast-${flash.kind}" role="${flash.kind === 'error' ? 'alert' : 'status'}"><span class="kit-toast-message">${flash.message}</span><button type="button" class="kit-toast-close" aria-label="Dismiss" data-toast-close>×</button></div>`,
  )}</div>`;
}
