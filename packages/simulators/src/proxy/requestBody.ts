import { createHash } from 'node:crypto';
import type { MutationRow } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';

/** Nested JSON fields are named by dotted paths this deep at most: enough to tell two API shapes apart. */
const MAX_KEY_DEPTH = 3;

/** sha256 (hex) of a request body; null for none, so a GET without a body and one with `''` are alike. */
export function bodyHash(body: Uint8Array): string | null {
  return body.length === 0 ? null : createHash('sha256').update(body).digest('hex');
}

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** A JSON or form body's fields; null for another kind of body or one that does not parse. */
export function bodyFields(body: Uint8Array, contentType: string | undefined): MutationRow | null {
  if (body.length === 0) return null;
  const text = Buffer.from(body).toString('utf8');
  const type = mediaType(contentType);
  if (type === 'application/x-www-form-urlencoded') {
    const fields: MutationRow = {};
    for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
    return fields;
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed = JSON.parse(text) as JsonValue;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as MutationRow)
        : { value: parsed };
    } catch {
      return null;
    }
  }
  return null;
}

/** The field names the closest match compares: top-level names, and nested JSON ones as dotted paths. */
export function bodyKeys(body: Uint8Array, contentType: string | undefined): string[] {
  const fields = bodyFields(body, contentType);
  if (!fields) return [];
  const keys: string[] = [];
  const walk = (value: JsonValue, prefix: string, depth: number) => {
    if (depth > MAX_KEY_DEPTH || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [name, child] of Object.entries(value)) {
      const key = prefix ? `${prefix}.${name}` : name;
      keys.push(key);
      walk(child, key, depth + 1);
    }
  };
  walk(fields, '', 1);
  return keys;
}
