import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH, RegisterRequest } from '@proctor/contracts';
import { type FormEvent, useState } from 'react';
import { errorDetail } from '../../../api';
import { fieldErrors } from '../../../components/fieldErrors';
import { useCreateAccount } from '../hooks/useSignIn';

export function CreateAccountForm() {
  const createAccount = useCreateAccount();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegisterRequest.safeParse({ name, email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    createAccount.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {createAccount.error && (
          <Alert color="red" variant="light" role="alert">
            {errorDetail(createAccount.error)}
          </Alert>
        )}
        <TextInput
          label="Name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          description={`At least ${AUTH.passwordMinLength} characters`}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={createAccount.isPending} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
