import { TokenResponse, User } from '@proctor/contracts';

/** A signed-up person with an organization of their own, as the benchmarks drive Proctor over HTTP. */
export interface Account {
  accessToken: string;
  apiKey: string;
  organizationId: number;
  userId: number;
}

export async function postJson(url: string, body: unknown, accessToken?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A new user with an organization of their own. The first account of a fresh install is platform admin. */
export async function signUp(baseUrl: string, label: string, purpose = 'Measure Proctor'): Promise<Account> {
  const tokens = TokenResponse.parse(
    await postJson(`${baseUrl}/api/auth/register`, {
      name: `Bench ${label}`,
      email: `bench.${label}.${Date.now().toString(36)}@example.com`,
      password: 'correct horse battery staple',
    }),
  );
  await postJson(
    `${baseUrl}/api/user/create-organization`,
    { name: `Bench ${label}`, purpose },
    tokens.access_token,
  );
  const response = await fetch(`${baseUrl}/api/user/from-session`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  const user = User.parse(await response.json());
  if (!user.organization?.apiKey || user.organizationId === null)
    throw new Error('The new organization has no API key');
  return {
    accessToken: tokens.access_token,
    apiKey: user.organization.apiKey,
    organizationId: user.organizationId,
    userId: user.id,
  };
}
