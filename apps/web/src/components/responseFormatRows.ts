import { RESPONSE_FORMAT_LIMITS, type ResponseFieldType, type ResponseFormat } from '@proctor/contracts';

/** One line of a response format being edited: a field's name and type (the id keeps React's rows apart). */
export interface ResponseFieldRow {
  id: string;
  name: string;
  type: ResponseFieldType;
}

export function newResponseFieldRow(name = '', type: ResponseFieldType = 'string'): ResponseFieldRow {
  return { id: crypto.randomUUID().slice(0, 8), name, type };
}

/** The rows of a format, in its order. */
export function responseFieldRows(format: ResponseFormat): ResponseFieldRow[] {
  return Object.entries(format).map(([name, type]) => newResponseFieldRow(name, type));
}

/**
 * The format the rows say, names trimmed, for the contract's ResponseFormat to check (none at all, too many).
 * A nameless row and two rows of one name are `responseFormatProblem`'s to say.
 */
export function responseFormatOf(rows: readonly ResponseFieldRow[]): Record<string, ResponseFieldType> {
  return Object.fromEntries(rows.map((row) => [row.name.trim(), row.type]));
}

/**
 * What the format of the rows would lose: a field without a name (zod reports a bad record key only as "Invalid
 * key in record"), or two of one name (they would silently become one field).
 */
export function responseFormatProblem(rows: readonly ResponseFieldRow[]): string | null {
  if (rows.some((row) => !row.name.trim())) return 'A field needs a name';
  return duplicateFieldName(rows);
}

/** A name two rows share, said so, or null. */
export function duplicateFieldName(rows: readonly ResponseFieldRow[]): string | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name && seen.has(name)) return `Two fields are named ${name}`;
    seen.add(name);
  }
  return null;
}

export const canAddResponseField = (rows: readonly ResponseFieldRow[]) =>
  rows.length < RESPONSE_FORMAT_LIMITS.maxFields;
