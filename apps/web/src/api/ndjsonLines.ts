/**
 * Newline-delimited JSON read as it arrives: the text received so far is cut into whole lines, and the
 * unfinished tail waits for the next chunk. Blank lines carry nothing; a CR before the newline is dropped.
 */
export function splitNdjsonLines(pending: string, chunk: string): { lines: string[]; pending: string } {
  const parts = (pending + chunk).split('\n');
  const rest = parts.pop() ?? '';
  return {
    lines: parts.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== ''),
    pending: rest,
  };
}
