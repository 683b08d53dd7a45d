/**
 * Form parsing and validation for simulator apps: posted fields become typed values or per-field messages worded
 * as real products word them, with the raw values kept to show the form again ("Forms and validation" in the
 * package README has an example).
 */

import { html, type SafeHtml } from './html';

export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Field<T> {
  /** `values` are every value posted under the field's name (several for checkbox groups and multi-selects). */
  parse(values: readonly string[], label: string): FieldResult<T>;
  /** Overrides the label used in messages (by default the field name, humanized: due_date → Due date). */
  readonly label?: string;
  /** Not echoed back in `values` (passwords). */
  readonly secret?: boolean;
}

interface Common {
  label?: string;
}
interface Required {
  required: true;
}
interface TextOptions extends Common {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Message when `pattern` does not match; default "{label} is not in the expected format". */
  patternMessage?: string;
}
interface NumberOptions extends Common {
  required?: boolean;
  min?: number;
  max?: number;
}
interface ChoiceOptions extends Common {
  required?: boolean;
}

const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
const fail = <T>(error: string): FieldResult<T> => ({ ok: false, error });

function first(values: readonly string[]): string {
  return (values[0] ?? '').trim();
}

function checkLength(text: string, label: string, options: TextOptions): string | null {
  if (options.min !== undefined && text.length < options.min) {
    return `${label} must be at least ${options.min} characters`;
  }
  if (options.max !== undefined && text.length > options.max) {
    return `${label} must be at most ${options.max} characters`;
  }
  if (options.pattern && !options.pattern.test(text)) {
    return options.patternMessage ?? `${label} is not in the expected format`;
  }
  return null;
}

function text(options: TextOptions & Required): Field<string>;
function text(options?: TextOptions): Field<string>;
function text(options: TextOptions = {}): Field<string> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values);
      if (value === '') return options.required ? fail(`${label} is required`) : ok('');
      const problem = checkLength(value, label, options);
      return problem ? fail(problem) : ok(value);
    },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A password: required, never trimmed (a trailing space is part of it), never redisplayed by `values`. */
function password(options: Common = {}): Field<string> {
  return {
    label: options.label,
    secret: true,
    parse(values, label) {
      const value = values[0] ?? '';
      return value === '' ? fail(`${label} is required`) : ok(value);
    },
  };
}

function email(options: Common & { required?: boolean } = {}): Field<string> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values).toLowerCase();
      if (value === '') return options.required ? fail(`${label} is required`) : ok('');
      return EMAIL.test(value) ? ok(value) : fail('Enter a valid email address');
    },
  };
}

function numeric(whole: boolean, options: NumberOptions): Field<number | null> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values);
      if (value === '') return options.required ? fail(`${label} is required`) : ok(null);
      const number = Number(value);
      if (!Number.isFinite(number) || (whole && !Number.isInteger(number))) {
        return fail(whole ? `${label} must be a whole number` : `${label} must be a number`);
      }
      if (options.min !== undefined && number < options.min)
        return fail(`${label} must be at least ${options.min}`);
      if (options.max !== undefined && number > options.max)
        return fail(`${label} must be at most ${options.max}`);
      return ok(number);
    },
  };
}

function integer(options: NumberOptions & Required): Field<number>;
function integer(options?: NumberOptions): Field<number | null>;
function integer(options: NumberOptions = {}): Field<number | null> {
  return numeric(true, options);
}

function decimal(options: NumberOptions & Required): Field<number>;
function decimal(options?: NumberOptions): Field<number | null>;
function decimal(options: NumberOptions = {}): Field<number | null> {
  return numeric(false, options);
}

function choice<const T extends string>(choices: readonly T[], options: ChoiceOptions & Required): Field<T>;
function choice<const T extends string>(choices: readonly T[], options?: ChoiceOptions): Field<T | null>;
function choice<const T extends string>(choices: readonly T[], options: ChoiceOptions = {}): Field<T | null> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values);
      if (value === '') return options.required ? fail(`Choose a ${label.toLowerCase()}`) : ok(null);
      const found = choices.find((c) => c === value);
      return found === undefined ? fail(`Choose a valid ${label.toLowerCase()}`) : ok(found);
    },
  };
}

/** Several values of a fixed set (checkbox group, multi-select); `min` for "choose at least one". */
function choices<const T extends string>(
  allowed: readonly T[],
  options: Common & { min?: number; max?: number } = {},
): Field<T[]> {
  return {
    label: options.label,
    parse(values, label) {
      const picked: T[] = [];
      for (const value of values) {
        const found = allowed.find((c) => c === value);
        if (found === undefined) return fail(`${label} has an invalid choice`);
        if (!picked.includes(found)) picked.push(found);
      }
      if (options.min !== undefined && picked.length < options.min) {
        return fail(`${label}: choose at least ${options.min}`);
      }
      if (options.max !== undefined && picked.length > options.max) {
        return fail(`${label}: choose at most ${options.max}`);
      }
      return ok(picked);
    },
  };
}

/** A checkbox: checked when any value was posted (browsers send nothing for unchecked boxes). */
function checkbox(options: Common & { mustBeChecked?: string } = {}): Field<boolean> {
  return {
    label: options.label,
    parse(values) {
      const checked = values.length > 0 && values[0] !== 'false' && values[0] !== '0';
      if (!checked && options.mustBeChecked) return fail(options.mustBeChecked);
      return ok(checked);
    },
  };
}

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value.slice(0, 10);
}

function dateLike(
  pattern: RegExp,
  kind: string,
  options: Common & { required?: boolean },
): Field<string | null> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values);
      if (value === '') return options.required ? fail(`${label} is required`) : ok(null);
      return pattern.test(value) && isRealDate(value) ? ok(value) : fail(`${label} must be a valid ${kind}`);
    },
  };
}

/** `<input type="date">`: 'YYYY-MM-DD'. */
function date(options: Common & Required): Field<string>;
function date(options?: Common & { required?: boolean }): Field<string | null>;
function date(options: Common & { required?: boolean } = {}): Field<string | null> {
  return dateLike(/^\d{4}-\d{2}-\d{2}$/, 'date', options);
}

/** `<input type="datetime-local">`: 'YYYY-MM-DDTHH:mm'. */
function dateTime(options: Common & Required): Field<string>;
function dateTime(options?: Common & { required?: boolean }): Field<string | null>;
function dateTime(options: Common & { required?: boolean } = {}): Field<string | null> {
  return dateLike(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'date and time', options);
}

/** `<input type="time">`: 'HH:mm'. */
function time(options: Common & Required): Field<string>;
function time(options?: Common & { required?: boolean }): Field<string | null>;
function time(options: Common & { required?: boolean } = {}): Field<string | null> {
  return {
    label: options.label,
    parse(values, label) {
      const value = first(values);
      if (value === '') return options.required ? fail(`${label} is required`) : ok(null);
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? ok(value) : fail(`${label} must be a valid time`);
    },
  };
}

export const fields = {
  text,
  password,
  email,
  integer,
  decimal,
  choice,
  choices,
  checkbox,
  date,
  dateTime,
  time,
};

export type FieldValue<F> = F extends Field<infer T> ? T : never;
type Shape = Record<string, Field<unknown>>;

export type FormResult<S extends Shape> =
  | {
      ok: true;
      data: { [K in keyof S]: FieldValue<S[K]> };
      values: Record<keyof S, string>;
      errors: Partial<Record<keyof S, string>>;
    }
  | { ok: false; values: Record<keyof S, string>; errors: Partial<Record<keyof S, string>> };

export interface FormSchema<S extends Shape> {
  readonly shape: S;
  parse(form: URLSearchParams): FormResult<S>;
  /** The raw values of a form not posted yet (all empty, or defaults), for rendering the empty form. */
  empty(defaults?: Partial<Record<keyof S, string>>): Record<keyof S, string>;
}

/** 'due_date' → 'Due date', 'projectId' → 'Project id'. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formSchema<S extends Shape>(shape: S): FormSchema<S> {
  const names = Object.keys(shape) as (keyof S & string)[];
  return {
    shape,
    parse(form) {
      const values = {} as Record<keyof S, string>;
      const errors: Partial<Record<keyof S, string>> = {};
      const data = {} as { [K in keyof S]: FieldValue<S[K]> };
      for (const name of names) {
        const field = shape[name] as Field<unknown>;
        const posted = form.getAll(name);
        values[name] = field.secret ? '' : posted.join(', ');
        const result = field.parse(posted, field.label ?? humanize(name));
        if (result.ok) data[name] = result.value as FieldValue<S[typeof name]>;
        else errors[name] = result.error;
      }
      return Object.keys(errors).length === 0
        ? { ok: true, data, values, errors }
        : { ok: false, values, errors };
    },
    empty(defaults = {}) {
      const values = {} as Record<keyof S, string>;
      for (const name of names) values[name] = defaults[name] ?? '';
      return values;
    },
  };
}

/** A field's message under it, as every app shows one (nothing when there is none). */
export function fieldError(message: string | undefined): SafeHtml {
  return html`${message && html`<p class="field-error" role="alert">${message}</p>`}`;
}
