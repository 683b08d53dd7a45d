/** Latency figures of a benchmark: percentiles over samples in milliseconds. */
export interface Latency {
  p50: number;
  p95: number;
  samples: number;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function latency(samples: readonly number[]): Latency {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length };
}

export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
export const pair = (figure: Latency): string => `${ms(figure.p50)} / ${ms(figure.p95)} ms`;
export const MiB = 1024 ** 2;
export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(0)} MiB`;
export const signedMib = (bytes: number): string =>
  `${bytes < 0 ? '-' : '+'}${(Math.abs(bytes) / MiB).toFixed(1)} MiB`;

/** Prints rows as aligned columns under a header, as bench/simulators.ts does. */
export function printColumns(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}
