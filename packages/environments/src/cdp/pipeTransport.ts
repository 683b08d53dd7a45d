import type { Readable, Writable } from 'node:stream';

/**
 * Chromium's `--remote-debugging-pipe`: it reads commands from its fd 3 and writes answers and events to its
 * fd 4, each message a JSON text ended by a NUL byte. One pipe is one DevTools client; `CdpMultiplexer`
 * turns it into many.
 */
export class PipeTransport {
  private readonly pending: Buffer[] = [];
  private closed = false;
  onMessage: (text: string) => void = () => {};
  onClose: (reason: string) => void = () => {};

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.on('data', (chunk: Buffer) => this.receive(chunk));
    fromBrowser.on('close', () => this.close('the browser closed its DevTools pipe'));
    fromBrowser.on('error', (error) => this.close(error.message));
    // A write after the browser died fails with EPIPE; the close above reports it.
    toBrowser.on('error', () => {});
  }

  send(text: string): void {
    if (this.closed) return;
    this.toBrowser.write(`${text}\0`);
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.toBrowser.end();
    this.onClose(reason);
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.pending.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.pending).toString('utf8');
      this.pending.length = 0;
      start = end + 1;
      this.onMessage(text);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }
}
