import { type HtmlValue, html, type SafeHtml } from './html';
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

export interface AppHeadOptions {
  /** The whole <title>: the page's title and the app's name. */
  title: string;
  /** Whether the page loads the app's own script (`/assets/app.js`); pages without behaviour leave it out. */
  script?: boolean;
  /** What the page adds to <head> after the app's stylesheet and script. */
  extra?: HtmlValue;
}

/**
 * The start of every app page up to its <body>: the doctype, the viewport, the title, the kit's head, then the
 * app's stylesheet (and script), so that the app's CSS overrides the kit's and the page's own head comes last.
 */
export function appHead({ title, script = false, extra = '' }: AppHeadOptions): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${kitHead()}
<link rel="stylesheet" href="/assets/app.css">
${script ? html`<script src="/assets/app.js" defer></script>` : ''}
${extra}
</head>`;
}

/** Flash messages as toasts; kit.js dismisses them after a few seconds. Render it once, inside <body>. */
export function toasts(flashes: readonly Flash[]): SafeHtml {
  return html`<div class="kit-toasts" role="status" aria-live="polite">${flashes.map(
    (flash) =>
      html`<div class="kit-toast kit-toast-${flash.kind}" role="${flash.kind === 'error' ? 'alert' : 'status'}"><span class="kit-toast-message">${flash.message}</span><button type="button" class="kit-toast-close" aria-label="Dismiss" data-toast-close>×</button></div>`,
  )}</div>`;
}
