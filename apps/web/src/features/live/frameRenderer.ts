import type { LiveFrame } from '@proctor/contracts';

/**
 * Draws frames on a canvas as fast as the browser decodes them. While one frame decodes, a newer one waits
 * in a single slot and replaces any frame already waiting there: frames that could only be shown late are
 * dropped, and the last frame of a burst is always drawn (a still page sends no other).
 */
export class FrameRenderer {
  readonly #canvas: HTMLCanvasElement;
  #decoding = false;
  #waiting: LiveFrame | undefined;
  #disposed = false;
  #drawn = false;

  constructor(
    canvas: HTMLCanvasElement,
    /** Called once, when the first frame is on the canvas. */
    private readonly onFirstDrawn: () => void = () => {},
  ) {
    this.#canvas = canvas;
  }

  /** Whether a frame is on the canvas: until then the canvas's size is a placeholder, not a frame's. */
  get drawn(): boolean {
    return this.#drawn;
  }

  push(frame: LiveFrame): void {
    if (this.#disposed) return;
    if (this.#decoding) {
      this.#waiting = frame;
      return;
    }
    void this.#draw(frame);
  }

  dispose(): void {
    this.#disposed = true;
    this.#waiting = undefined;
  }

  async #draw(frame: LiveFrame): Promise<void> {
    this.#decoding = true;
    try {
      // A copy into a plain ArrayBuffer: the frame is a view into the message's buffer.
      const bitmap = await createImageBitmap(new Blob([frame.jpeg.slice()], { type: 'image/jpeg' }));
      if (!this.#disposed) {
        const canvas = this.#canvas;
        // Resizing clears the canvas, so only when the frame size changes (a resize of the page's window).
        if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
          canvas.width = bitmap.width;
          canvas.height = bitmap.height;
        }
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
        if (!this.#drawn) {
          this.#drawn = true;
          this.onFirstDrawn();
        }
      }
      bitmap.close();
    } catch {
      // A frame the browser cannot decode is skipped; the next one replaces it.
    } finally {
      this.#decoding = false;
    }
    const next = this.#waiting;
    this.#waiting = undefined;
    if (next) void this.#draw(next);
  }
}
