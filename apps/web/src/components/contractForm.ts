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
}

type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * A form over one request schema of the contract, given its state and a way to change it (useContractForm
 * holds them in React state): field values, the schema's messages per field, and a submit that sends only
 * what the schema accepts.
 */
export function contractForm<S extends FormSchema, V extends Record<string, unknown>>(
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
    /** Back to the initial values, without errors. */
    reset: () => setState(() => ({ values: initial, errors: {} })),
    /**
     * A submit handler: the values are parsed with the schema (and `check`); with any error the fields show
     * their messages and `send` is not called, otherwise the errors clear and `send` gets the parsed request.
     */
    submit:
      (send: (request: FormOutput<S>) => void) =>
      (event?: FormEvent): void => {
        event?.preventDefault();
        const parsed = schema.safeParse(state.values);
        const errors = {
          ...(parsed.success ? {} : fieldErrors(parsed.error)),
          ...options.check?.(state.values),
        };
        setState((current) => ({ ...current, errors }));
        if (parsed.success && Object.keys(errors).length === 0) send(parsed.data as FormOutput<S>);
      },
  };
}

export type ContractForm<S extends FormSchema, V extends Record<string, unknown>> = ReturnType<
  typeof contractForm<S, V>
>;

/** contractForm held in React state: `useContractForm(LoginRequest, { email: '', password: '' })`. */
export function useContractForm<S extends FormSchema, V extends Record<string, unknown>>(
  schema: S,
  initial: V,
  options?: ContractFormOptions<V>,
): ContractForm<S, V> {
  const [state, setState] = useState<ContractFormState<V>>({ values: initial, errors: {} });
  return contractForm(schema, state, setState, initial, options);
}
