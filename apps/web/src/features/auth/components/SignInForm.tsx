import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { LoginRequest } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { useSignIn } from '../hooks/useSignIn';

export function SignInForm() {
  const signIn = useSignIn();
  const form = useContractForm(LoginRequest, { email: '', password: '' });

  return (
    <form onSubmit={form.submit((request) => signIn.mutate(request))} noValidate>
      <Stack gap="md">
        {signIn.error && (
          <Alert color="red" variant="light" role="alert">
            {errorDetail(signIn.error)}
          </Alert>
        )}
        <TextInput label="E-mail" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
