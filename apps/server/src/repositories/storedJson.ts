/** Reading JSON columns that people edit by hand. */
import type { z } from 'zod';

/**
 * A stored JSON object read with its contract's schema. A key whose value no longer fits (a hand edit, an older
 * shape) is dropped, so it reads as unset, rather than failing every read of the row.
 */
export function parseStoredObject<Schema extends z.ZodType>(
  schema: Schema,
  stored: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const fields = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const unfit = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return schema.parse(Object.fromEntries(Object.entries(fields).filter(([key]) => !unfit.has(key))));
}
