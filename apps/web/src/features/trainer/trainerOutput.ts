import type { ResponseFieldType, ResponseFormat } from '@proctor/contracts';

/**
 * The trainer's Output (002 §2.11): one value per field of the response format, kept as the text its input shows
 * (picked from the page or typed) and sent as the field's type when the text reads as one. Text that does not
 * ("12 apples" for a number) is sent as it is, for Task Completed to refuse naming the field.
 */
export type FieldTexts = Readonly<Record<string, string>>;

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  yes: true,
  false: false,
  no: false,
};

/** A number as a page writes one: "$1,299.50" → 1299.5, "-3" → -3; null when the text holds none. */
function numberIn(text: string): number | null {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!match) return null;
  const value = Number(match[0].replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

/** What a field shows after an element is picked for it: the element's text, read as the field's type when it can be. */
export function pickedText(elementText: string, type: ResponseFieldType): string {
  const text = elementText.replace(/\s+/g, ' ').trim();
  if (type === 'number') {
    const value = numberIn(text);
    return value === null ? text : String(value);
  }
  if (type === 'boolean') {
    const value = BOOLEAN_WORDS[text.toLowerCase()];
    return value === undefined ? text : String(value);
  }
  return text;
}

const WHOLE_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A field's text as its value in the Output: undefined when blank (the field is left out), else typed when it reads so. */
export function outputValue(text: string, type: ResponseFieldType): string | number | boolean | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (type === 'number' && WHOLE_NUMBER.test(trimmed)) return Number(trimmed);
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return type === 'string' ? text : trimmed;
}

/** The Output sent by Task Completed: the format's fields in order, blank ones left out. */
export function trainerOutput(format: ResponseFormat, texts: FieldTexts): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(format)) {
    const value = outputValue(texts[name] ?? '', type);
    if (value !== undefined) output[name] = value;
  }
  return output;
}

/** Elapsed time as HH:mm:ss (002 §2.11), hours growing past 99 if need be; never below zero. */
export function formatElapsed(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Whole seconds from `start` to `now` (ms), never below zero. */
export function secondsBetween(start: number, now: number): number {
  return Math.max(0, Math.floor((now - start) / 1000));
}
