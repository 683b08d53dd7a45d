import { type ChangeEvent, type FormEvent, useState } from 'react';
import { fieldErrors } from './fieldErrors';

/** What a form needs of a contract's schema: zod's safeParse, whose success carries the request to send. */
export interface FormSchema {
  safeParse(value: unknown):
    | { success: true; data: unknown }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/** The request a schema's successful parse gives. */
export type FormOutput<S extends FormSchema> = Extract<ReturnType<S['safeParse']>, { success: true }>['data'];

export interface ContractFormState<V> {
  values: V;
  /** The first message per field, from the last submit. */
  errors: Record<string, string>;
}

export interface ContractFormOptions<V> {
  /** Rules of this form on top of the contract's (a field the API allows empty but this screen requires). */
  check?: (values: V) => Record<string, string>;
  /**
   * What the schema parses, when the values are not the request as they stand (a number typed as text, a
   * field built from others, fields of another mode left out). The schema's messages land on the request's
   * field names, so a field the request takes as it is keeps that name in the form.
   */
  request?: (values: V) => unknown;
}

export type ParsedForm<S extends FormSchema> =
  | { success: true; request: FormOutput<S> }
  | { success: false; errors: Record<string, string> };

/** The values checked as a submit checks them: the request to send, or the first message per field. */
export function parseForm<S extends FormSchema, V>(
  schema: S,
  values: V,
  options: ContractFormOptions<V> = {},
): ParsedForm<S> {
  const parsed = schema.safeParse(options.request ? options.request(values) : values);
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...options.check?.(values) };
  return parsed.success && Object.keys(errors).length === 0
    ? { success: true, request: parsed.data as FormOutput<S> }
    : { success: false, errors };
}

type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * A form over one request schema of the contract, given its state and a way to change it (useContractForm
 * holds them in React state): field values, the schema's messages per field, and a submit that sends only
 * what the schema accepts.
 */
export function contractForm<S extends FormSchema, V extends object>(
  schema: S,
  state: ContractFormState<V>,
  setState: (update: (current: ContractFormState<V>) => ContractFormState<V>) => void,
  initial: V,
  options: ContractFormOptions<V> = {},
) {
  const set = (patch: Partial<V>) =>
    setState((current) => ({ ...current, values: { ...current.values, ...patch } }));
  return {
    values: state.values,
    errors: state.errors,
    set,
    /** Value, change handler and error for a text input or textarea bound to `name`. */
    field: (name: StringField<V>) => ({
      value: state.values[name] as string,
      error: state.errors[String(name)],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        set({ [name]: event.currentTarget.value } as Partial<V>),
    }),
    /** Drops the messages of these fields (fields another choice of the form no longer shows). */
    clearErrors: (names: ReadonlyArray<keyof V>) =>
      setState((current) => ({
        ...current,
        errors: Object.fromEntries(
          Object.entries(current.errors).filter(([name]) => !names.includes(name as keyof V)),
        ),
      })),
    /** Back to the initial values, without errors. */
    reset: () => setState(() => ({ values: initial, errors: {} })),
    /**
     * A submit handler: the values are checked (parseForm); with any error the fields show their messages and
     * `send` is not called, otherwise the errors clear and `send` gets the parsed request.
     */
    submit:
      (send: (request: FormOutput<S>) => void) =>
      (event?: FormEvent): void => {
        event?.preventDefault();
        const parsed = parseForm(schema, state.values, options);
        setState((current) => ({ ...current, errors: parsed.success ? {} : parsed.errors }));
        if (parsed.success) send(parsed.request);
      },
  };
}

export type ContractForm<S extends FormSchema, V extends object> = ReturnType<typeof contractForm<S, V>>;

/** contractForm held in React state: `useContractForm(LoginRequest, { email: '', password: '' })`. */
export function useContractForm<S extends FormSchema, V extends object>(
  schema: S,
  initial: V,
  options?: ContractFormOptions<V>,
): ContractForm<S, V> {
  const [state, setState] = useState<ContractFormState<V>>({ values: initial, errors: {} });
  return contractForm(schema, state, setState, initial, options);
}
