import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH, RegisterRequest } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { useCreateAccount } from '../hooks/useSignIn';

export function CreateAccountForm() {
  const createAccount = useCreateAccount();
  const form = useContractForm(RegisterRequest, { name: '', email: '', password: '' });

  return (
    <form onSubmit={form.submit((request) => createAccount.mutate(request))} noValidate>
      <Stack gap="md">
        {createAccount.error && (
          <Alert color="red" variant="light" role="alert">
            {errorDetail(createAccount.error)}
          </Alert>
        )}
        <TextInput label="Name" autoComplete="name" required {...form.field('name')} />
        <TextInput label="E-mail" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput
          label="Password"
          description={`At least ${AUTH.passwordMinLength} characters`}
          autoComplete="new-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" loading={createAccount.isPending} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
