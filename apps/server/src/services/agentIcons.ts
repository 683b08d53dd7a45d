import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type AgentArtifactType, DEFAULT_AGENT_EMOJI } from '@proctor/contracts';
import { launchChromium } from '@proctor/simulators/reference';
import type { z } from 'zod';
import { badRequest, HttpError } from '../kernel/http/errors';

/**
 * An agent's icon (001 §5): an http(s) URL without spaces or quotes is fetched once, through the outbound guard,
 * and kept (iconImages.ts); anything else must be one emoji, which is drawn into a 128x128 PNG with a transparent background; no
 * icon means the emoji of the agent's type. Either way Proctor serves the picture from its own origin, so a
 * reviewer's browser never calls out for it (the dashboard's CSP allows no other image origin).
 */

export const AGENT_ICON_SIZE = 128;
/** How long a request waits for its icon (its turn included) before it is told to try again. */
export const ICON_RENDER_TIMEOUT_MS = 10_000;
/** Distinct emoji whose drawing is kept in memory (a few KiB each). */
const DRAWN_KEPT = 256;
export const ICON_MESSAGES = {
  invalid: 'The icon must be an http(s) URL or one emoji',
  timedOut: 'Drawing the icon took too long: try again, or give an image URL',
  unavailable: 'Chromium is not available to draw the icon: give an image URL instead',
} as const;

export type AgentIcon = { kind: 'url'; url: string } | { kind: 'emoji'; emoji: string };

const HTTP_URL = /^https?:\/\/[^\s"'`]+$/i;
/** An absolute http(s) URL without spaces or quotes (001 §5's rule for the icon, used for every agent URL). */
export const isHttpUrl = (text: string) => HTTP_URL.test(text) && URL.canParse(text);
/** A grapheme that is an emoji: a pictograph, a flag's regional indicators, or a keycap (1️⃣). */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Which icon the form's text names; 400 for text that is neither a URL nor a single emoji. */
export function agentIconOf(text: string | undefined, type: z.infer<typeof AgentArtifactType>): AgentIcon {
  if (text === undefined) return { kind: 'emoji', emoji: DEFAULT_AGENT_EMOJI[type] };
  if (isHttpUrl(text)) return { kind: 'url', url: text };
  const clusters = [...graphemes.segment(text)];
  if (clusters.length !== 1 || !EMOJI.test(text)) throw badRequest(ICON_MESSAGES.invalid);
  return { kind: 'emoji', emoji: text };
}

/** Icons are kept by content: the same picture drawn or fetched twice is one blob. */
export function agentIconBlobKey(organizationId: number, bytes: Uint8Array, extension = 'png'): string {
  return `agents/${organizationId}/${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);

/**
 * The emoji at about 100px, centred on a transparent square of the icon's size. It needs a colour emoji font on
 * the machine (Debian: fonts-noto-color-emoji); without one Chromium draws an empty box.
 */
const iconPage = (emoji: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; background: transparent; }
body { width: ${AGENT_ICON_SIZE}px; height: ${AGENT_ICON_SIZE}px; display: flex; align-items: center;
  justify-content: center; overflow: hidden;
  font: 100px/1 'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif; }
</style></head><body>${escapeHtml(emoji)}</body></html>`;

/**
 * Draws emoji in a Chromium of its own, launched for each icon (about half a second) and closed after: icons
 * are drawn when an agent is added, rarely, so no browser is kept waiting. One at a time, since a browser is
 * the heaviest thing this server starts; a request that waits more than ICON_RENDER_TIMEOUT_MS in all (its
 * turn included) gets a 503 instead of hanging, and a drawing that hangs is abandoned and its browser closed.
 */
export class EmojiIconRenderer {
  #turn: Promise<unknown> = Promise.resolve();
  /** Drawings already made: the same emoji always draws the same PNG (the type's default, mostly). */
  readonly #drawn = new Map<string, Buffer>();

  /** `chromiumPath` is the configured CHROMIUM_PATH, the one launchChromium starts. */
  constructor(private readonly options: { chromiumPath: string; timeoutMs?: number }) {}

  render(emoji: string): Promise<Buffer> {
    const drawn = this.#drawn.get(emoji);
    if (drawn) return Promise.resolve(drawn);
    if (!existsSync(this.options.chromiumPath))
      return Promise.reject(new HttpError(503, ICON_MESSAGES.unavailable));
    // Every drawing ahead ends by its own deadline, which came before this one: the wait is bounded too.
    const deadline = AbortSignal.timeout(this.options.timeoutMs ?? ICON_RENDER_TIMEOUT_MS);
    const rendering = this.#turn.then(() => draw(emoji, this.options.chromiumPath, deadline));
    this.#turn = rendering.catch(() => undefined);
    return rendering.then((png) => {
      if (this.#drawn.size < DRAWN_KEPT) this.#drawn.set(emoji, png);
      return png;
    });
  }
}

async function draw(emoji: string, chromiumPath: string, deadline: AbortSignal): Promise<Buffer> {
  if (deadline.aborted) throw new HttpError(503, ICON_MESSAGES.timedOut);
  const launching = launchChromium(chromiumPath);
  const png = launching.then(async (browser) => {
    try {
      const page = await browser.newPage({
        viewport: { width: AGENT_ICON_SIZE, height: AGENT_ICON_SIZE },
        deviceScaleFactor: 1,
      });
      await page.setContent(iconPage(emoji));
      // The emoji font loaded and a frame drawn with it before the picture is taken: on a busy machine a
      // screenshot asked for before the first frame fails ("Unable to capture screenshot").
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      });
      return await page.screenshot({ type: 'png', omitBackground: true });
    } finally {
      await browser.close();
    }
  });
  const timedOut = new Promise<never>((_, reject) =>
    deadline.addEventListener('abort', () => reject(new HttpError(503, ICON_MESSAGES.timedOut)), {
      once: true,
    }),
  );
  // Neither loser of the race may leave a rejection unhandled.
  png.catch(() => undefined);
  timedOut.catch(() => undefined);
  try {
    return await Promise.race([png, timedOut]);
  } catch (error) {
    // A drawing abandoned at the deadline: its browser is closed now, or once it is up.
    void launching.then((browser) => browser.close()).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new HttpError(503, `${ICON_MESSAGES.unavailable} (${reason})`);
  }
}
