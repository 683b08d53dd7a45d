import type { Readable } from 'node:stream';

/**
 * A JSON answer written as it is read (a long recording's events), sent as it comes instead of serialized
 * whole: the route factory passes `body` on. `Answer` is the document it streams, the endpoint's response;
 * errors must be thrown before it is made, as nothing but the body can follow the status line.
 */
export class StreamedJson<Answer> {
  /** Only typed: the answer the stream's text parses to. */
  declare readonly answer?: Answer;

  constructor(readonly body: Readable) {}
}
