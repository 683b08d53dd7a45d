import { CreateSimulatorRequest, CreateTestCaseSetRequest, LoginRequest } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ContractFormOptions,
  type ContractFormState,
  contractForm,
  type FormSchema,
} from '../../src/components/contractForm';

/** The hook's state outside React: each call of `form()` is one render over the state as it is now. */
function harness<S extends FormSchema, V extends object>(
  schema: S,
  initial: V,
  options?: ContractFormOptions<V>,
) {
  let state: ContractFormState<V> = { values: initial, errors: {} };
  const setState = (update: (current: ContractFormState<V>) => ContractFormState<V>) => {
    state = update(state);
  };
  return () => contractForm(schema, state, setState, initial, options);
}

describe('contractForm', () => {
  it("should show the contract schema's message on each invalid field and not send", () => {
    const form = harness(LoginRequest, { email: 'not an address', password: '' });
    const sent: unknown[] = [];
    form().submit((request) => sent.push(request))();
    expect(sent).toEqual([]);
    expect(Object.keys(form().errors).sort()).toEqual(['email', 'password']);
    expect(form().field('password').error).toBe('Password is required');
  });

  it('should send the parsed request once the fields are valid, and clear the errors', () => {
    const form = harness(LoginRequest, { email: '', password: '' });
    form().submit(() => undefined)();
    expect(form().errors.email).toBeDefined();
    form()
      .field('email')
      .onChange({ currentTarget: { value: 'ada@example.com' } } as never);
    form()
      .field('password')
      .onChange({ currentTarget: { value: 'secret' } } as never);
    expect(form().values).toEqual({ email: 'ada@example.com', password: 'secret' });
    const sent: unknown[] = [];
    let prevented = false;
    form().submit((request) => sent.push(request))({ preventDefault: () => (prevented = true) } as never);
    expect(prevented).toBe(true);
    expect(sent).toEqual([{ email: 'ada@example.com', password: 'secret' }]);
    expect(form().errors).toEqual({});
  });

  it("should block the submit on the form's own rules too, and send what the schema made of the values", () => {
    const form = harness(
      CreateTestCaseSetRequest,
      { name: '  Checkout  ', description: 'Buying things', icon: '' },
      { check: (values): Record<string, string> => (values.icon.trim() ? {} : { icon: 'Pick an icon' }) },
    );
    const sent: Array<{ name: string }> = [];
    form().submit((request) => sent.push(request))();
    expect(sent).toEqual([]);
    expect(form().errors).toEqual({ icon: 'Pick an icon' });
    form().set({ icon: '🛒' });
    form().submit((request) => sent.push(request))();
    expect(sent.map((request) => request.name)).toEqual(['Checkout']);
  });

  it('should parse the request the values stand for, with its messages on its fields', () => {
    const form = harness(
      CreateSimulatorRequest,
      { name: '', internalAppPort: '80a', proxy: true },
      {
        request: (values) => ({
          name: values.name,
          simType: values.proxy ? 'proxy' : 'docker_app',
          internalAppPort: values.internalAppPort,
        }),
      },
    );
    const sent: unknown[] = [];
    form().submit((request) => sent.push(request))();
    expect(sent).toEqual([]);
    expect(form().errors).toEqual({
      name: 'Name is required',
      internalAppPort: 'Port must be a whole number',
    });
    expect(form().field('internalAppPort').error).toBe('Port must be a whole number');
    form().set({ name: 'crm', internalAppPort: '8080' });
    form().submit((request) => sent.push(request))();
    expect(sent).toEqual([{ name: 'crm', simType: 'proxy', internalAppPort: 8080 }]);
    expect(form().values).toEqual({ name: 'crm', internalAppPort: '8080', proxy: true });
  });

  it("should drop only the named fields' messages", () => {
    const form = harness(LoginRequest, { email: '', password: '' });
    form().submit(() => undefined)();
    form().clearErrors(['password']);
    expect(Object.keys(form().errors)).toEqual(['email']);
  });

  it('should go back to the initial values without errors on reset', () => {
    const form = harness(LoginRequest, { email: '', password: '' });
    form().set({ email: 'x' });
    form().submit(() => undefined)();
    form().reset();
    expect(form().values).toEqual({ email: '', password: '' });
    expect(form().errors).toEqual({});
  });
});
