/**
 * The one byte range of an HTTP `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within a file of `size`
 * bytes, `end` exclusive; null for none (or one this server does not serve: several ranges, other units), which
 * answers the whole file; 'unsatisfiable' for a range that starts past the end (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1);
  if (start >= size || end <= start) return 'unsatisfiable';
  return { start, end };
}
