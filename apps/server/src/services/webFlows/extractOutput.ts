import { type ExtractField, type ExtractFilter, linearRegExp } from '@proctor/contracts';

/**
 * What the page hands back for one element a field matched: its value as text (an attribute's, a form control's
 * value, or its text), a checkbox's state, the text each of the field's filters compares (null: that element or
 * attribute is not there), and the raw values of its sub-parameters inside it.
 */
export interface RawItem {
  value: string | null;
  checked?: boolean;
  filters: (string | null)[];
  sub: RawItem[][];
}

/**
 * Filters run here, not in the page: a `regex` is user input, and RE2 (linear in the text) cannot stall the
 * server, where the renderer's backtracking engine could hang the page until the timeout.
 */
function passes(filter: ExtractFilter, subject: string | null): boolean {
  if (subject === null) return false;
  switch (filter.operator) {
    case 'exists':
      return true;
    case 'equals':
      return subject === filter.value;
    case 'contains':
      return subject.includes(filter.value);
    case 'regex':
      return linearRegExp(filter.value).test(subject);
  }
}

const NUMBER = /-?(?:\d[\d,]*(?:\.\d+)?|\.\d+)/;
const FALSE_WORDS = new Set(['', 'false', 'no', '0', 'off']);

/** `$1,234.50` → 1234.5; text without a number → null. */
export function numberIn(text: string | null): number | null {
  const match = text === null ? null : NUMBER.exec(text);
  if (!match) return null;
  const number = Number(match[0].replaceAll(',', ''));
  return Number.isFinite(number) ? number : null;
}

function fieldValue(field: ExtractField, item: RawItem): unknown {
  switch (field.type) {
    case 'string':
      return item.value;
    case 'number':
      return numberIn(item.value);
    case 'boolean':
      return item.checked ?? !FALSE_WORDS.has((item.value ?? '').trim().toLowerCase());
    case 'object':
      return extractOutput(field.subParameters, item.sub);
  }
}

/** The JSON an extract answers: each field's value (or list of values) under its name. */
export function extractOutput(fields: ExtractField[], raw: RawItem[][]): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  fields.forEach((field, index) => {
    const kept = (raw[index] ?? []).filter((item) =>
      field.filters.every((filter, at) => passes(filter, item.filters[at] ?? null)),
    );
    const values = kept.map((item) => fieldValue(field, item));
    output[field.name] = field.isArray ? values : (values[0] ?? null);
  });
  return output;
}
