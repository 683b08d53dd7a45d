import { openStream } from './client';
import { splitNdjsonLines } from './ndjsonLines';

/** What a line must be: a zod schema, or anything else with the same parse. */
export interface LineSchema<T> {
  parse(value: unknown): T;
}

/**
 * POSTs `body` to an /api path that answers newline-delimited JSON and calls `onEvent` with each line, parsed
 * and checked by `schema`, as soon as it arrives. Resolves when the answer ends; throws the refusal (an
 * ApiError), a line that is not JSON or not an event, or the AbortError of `signal`.
 */
export async function streamNdjson<T>(
  path: string,
  body: unknown,
  schema: LineSchema<T>,
  onEvent: (event: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  const stream = await openStream(path, body, { signal, accept: 'application/x-ndjson' });
  const reader = stream.getReader();
  // One decoder for the whole answer: a character split across two chunks is decoded once both have come.
  const decoder = new TextDecoder();
  const emit = (line: string) => onEvent(schema.parse(JSON.parse(line)));
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const split = splitNdjsonLines(pending, decoder.decode(value, { stream: true }));
      pending = split.pending;
      for (const line of split.lines) emit(line);
    }
    const last = pending + decoder.decode();
    if (last.trim() !== '') emit(last);
  } catch (error) {
    // A line we cannot read ends the reading: let go of the connection too.
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}
