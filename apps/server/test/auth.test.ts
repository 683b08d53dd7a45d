import { AUTH, endpoints, MAX_JSON_BODY_BYTES } from '@proctor/contracts';
import { expect, it } from 'vitest';
import { callEndpoint } from './support/call';
import { describeEachDatabase, type TestProctor } from './support/proctor';

function register(proctor: TestProctor, email: string, password = 'correct horse battery') {
  return proctor.call(endpoints.register, { body: { email, password, name: email.split('@')[0]! } });
}

/** The test server as reached from one socket address, for the limits counted per address. */
const from = (proctor: TestProctor, remoteAddress: string): Pick<TestProctor, 'request'> => ({
  request: (options) => proctor.request({ ...options, remoteAddress }),
});

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/**
 * Sign-in attempts with a wrong password, from `remoteAddress` (the socket; each test uses its own, so
 * that the per-address limit of one test does not reach another), optionally claiming a forwarded client.
 * All but the last go at once, as a sprayer sends them (each costs a password hash, which runs beside the
 * others), and the limits must count every one of them; the last goes after them all.
 */
async function failedSignIns(
  proctor: TestProctor,
  count: number,
  attempt: (i: number) => { remoteAddress: string; email: string; forwardedFor?: string },
) {
  const signIn = (i: number) => {
    const { remoteAddress, email, forwardedFor } = attempt(i);
    return callEndpoint(from(proctor, remoteAddress), endpoints.login, {
      body: { email, password: 'guess' },
      as: { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
    });
  };
  const first = await Promise.all(Array.from({ length: count - 1 }, (_, i) => signIn(i)));
  return [...first, await signIn(count - 1)];
}
const statusesOf = (responses: { status: number }[]) => responses.map((response) => response.status);
const limitedAfter = (allowed: number) => [...Array(allowed).fill(401), 429];

describeEachDatabase('local accounts', (proctor) => {
  it('should make the first account on a fresh install a platform admin, and later ones not', async () => {
    const first = await register(proctor(), 'First@Example.test');
    expect(first.status).toBe(201);
    const me = await proctor().call(endpoints.fromSession, { as: bearer(first.body.access_token) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('first@example.test');
    expect(me.body.permissions.is_admin).toBe(true);

    const second = (await register(proctor(), 'second@example.test')).body;
    const other = (await proctor().call(endpoints.fromSession, { as: bearer(second.access_token) })).body;
    expect(other.permissions.is_admin).toBe(false);
    expect(other.organization).toBeNull();
  });

  it('should refuse a second account with the same e-mail, whatever its case', async () => {
    await register(proctor(), 'dup@example.test');
    const again = await register(proctor(), 'DUP@example.test');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'An account with this e-mail already exists' });
  });

  it('should sign in with the right password and refuse a wrong one without telling which part was wrong', async () => {
    await register(proctor(), 'login@example.test', 'the right password');
    const login = (password: string, email = 'login@example.test') =>
      proctor().call(endpoints.login, { body: { email, password } });
    // The call parses the answer with the login response schema.
    expect((await login('the right password')).status).toBe(200);
    const wrong = await login('nope');
    const unknown = await login('nope', 'ghost@example.test');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('should rate-limit repeated sign-in attempts for one account', async () => {
    const attempt = () =>
      proctor().call(endpoints.login, { body: { email: 'victim@example.test', password: 'guess' } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt()).body.detail).toMatch(/Too many sign-in attempts/);
  });

  it('should not let a client reset the sign-in limit with a made-up X-Forwarded-For when no proxy is trusted', async () => {
    const responses = await failedSignIns(proctor(), AUTH.loginAttemptsPerWindow + 1, (i) => ({
      remoteAddress: '192.0.2.10',
      email: 'spoofed@example.test',
      forwardedFor: `198.51.100.${i}`,
    }));
    expect(statusesOf(responses)).toEqual(limitedAfter(AUTH.loginAttemptsPerWindow));
  });

  it('should limit sign-in attempts from one address across many accounts, and only from that address', async () => {
    const responses = await failedSignIns(proctor(), AUTH.loginAttemptsPerAddressPerWindow + 1, (i) => ({
      remoteAddress: '203.0.113.9',
      email: `spray-${i}@example.test`,
    }));
    expect(statusesOf(responses)).toEqual(limitedAfter(AUTH.loginAttemptsPerAddressPerWindow));
    expect(responses.at(-1)!.body.detail).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(responses.at(-1)!.response.headers['retry-after']).toBeDefined();
    const elsewhere = await failedSignIns(proctor(), 1, () => ({
      remoteAddress: '203.0.113.10',
      email: 'spray-0@example.test',
    }));
    expect(statusesOf(elsewhere)).toEqual([401]);
  });

  it('should rotate refresh tokens, and revoke the whole family when a spent one is used again', async () => {
    const first = (await register(proctor(), 'rotate@example.test')).body;
    const refresh = (token: string) => proctor().call(endpoints.refresh, { body: { refresh_token: token } });

    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const secondTokens = second.body;
    expect(secondTokens.refresh_token).not.toBe(first.refresh_token);

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toBe('Your session has expired. Please log in again.');
    // The thief's replay also kills the legitimate holder's current token.
    expect((await refresh(secondTokens.refresh_token)).status).toBe(401);
  });

  it('should revoke the refresh token on logout', async () => {
    const tokens = (await register(proctor(), 'logout@example.test')).body;
    const out = await proctor().call(endpoints.logout, {
      body: { refresh_token: tokens.refresh_token },
      as: bearer(tokens.access_token),
    });
    expect(out.status).toBe(200);
    const refreshed = await proctor().call(endpoints.refresh, {
      body: { refresh_token: tokens.refresh_token },
    });
    expect(refreshed.status).toBe(401);
  });

  it('should end the access token with its sign-in at logout, and leave other sign-ins working', async () => {
    const laptop = (await register(proctor(), 'two-devices@example.test')).body;
    const phone = (
      await proctor().call(endpoints.login, {
        body: { email: 'two-devices@example.test', password: 'correct horse battery' },
      })
    ).body;
    const me = (token: string) => proctor().call(endpoints.fromSession, { as: bearer(token) });
    expect((await me(laptop.access_token)).status).toBe(200);

    await proctor().call(endpoints.logout, {
      body: { refresh_token: laptop.refresh_token },
      as: bearer(laptop.access_token),
    });
    const after = await me(laptop.access_token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: 'Your session has expired. Please log in again.' });
    expect((await me(phone.access_token)).status).toBe(200);
  });

  it('should end the access token of a sign-in whose refresh token was replayed', async () => {
    const first = (await register(proctor(), 'replayed@example.test')).body;
    const refresh = (token: string) => proctor().call(endpoints.refresh, { body: { refresh_token: token } });
    const second = (await refresh(first.refresh_token)).body;
    await refresh(first.refresh_token);
    const me = await proctor().call(endpoints.fromSession, { as: bearer(second.access_token) });
    expect(me.status).toBe(401);
  });

  it('should limit sign-ups from one address, and only from that address', async () => {
    const signUp = (i: number, remoteAddress: string) =>
      callEndpoint(from(proctor(), remoteAddress), endpoints.register, {
        body: {
          email: `wave-${remoteAddress}-${i}@example.test`,
          password: 'correct horse battery',
          name: 'W',
        },
      });
    const statuses = [];
    for (let i = 0; i <= AUTH.registrationsPerAddressPerWindow; i++)
      statuses.push((await signUp(i, '203.0.113.20')).status);
    expect(statuses).toEqual([...Array(AUTH.registrationsPerAddressPerWindow).fill(201), 429]);
    const limited = await signUp(99, '203.0.113.20');
    expect(limited.body.detail).toMatch(
      /^Too many accounts created from this address\. Try again in \d+ seconds\.$/,
    );
    expect((await signUp(0, '203.0.113.21')).status).toBe(201);
  });

  it('should answer 401 with the session-expired message for a forged or garbage token', async () => {
    const response = await proctor().call(endpoints.fromSession, { as: bearer('not.a.jwt') });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Your session has expired. Please log in again.' });
  });

  it('should authenticate SDK calls with the organization API key in either header', async () => {
    const admin = await proctor().actor({ permissions: { is_account_admin: true, dashboard_access: true } });
    const key = admin.organization!.apiKey;
    const eitherHeader: Record<string, string>[] = [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }];
    for (const headers of eitherHeader) {
      const response = await proctor().call(endpoints.organizationMembers, { as: { headers } });
      expect(response.status).toBe(200);
      expect(response.body.members.map((m) => m.email)).toEqual([admin.user.email]);
    }
    const bad = await proctor().call(endpoints.organizationMembers, {
      as: { headers: { 'x-api-key': 'pk_wrong' } },
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: 'Invalid API key' });
  });
});

describeEachDatabase('bad input', (proctor) => {
  it('should answer malformed JSON with 400 and a detail', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/not valid JSON/);
  });

  it('should name the missing or invalid field', async () => {
    // No password: a body the contract's type would not let through.
    const body = { email: 'not-an-email', name: 'X' } as never;
    const response = await proctor().call(endpoints.register, { body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('body.email: Enter a valid e-mail address');
    expect(response.body.detail).toContain('body.password');
  });

  it('should answer an oversize body with 413', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(MAX_JSON_BODY_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/larger than/);
  });

  it('should answer unknown API paths and unknown ids with 404', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    expect((await proctor().request({ method: 'GET', url: '/api/no-such-thing' })).json()).toEqual({
      detail: 'Not found',
    });
    const updateUser = (id: number | string) =>
      proctor().call(endpoints.adminUpdateUser, {
        params: { id },
        body: { has_beta_access: true },
        as: admin,
      });
    const unknownUser = await updateUser(987654);
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body).toEqual({ detail: 'User not found' });
    expect((await updateUser('abc')).status).toBe(400);
  });

  it('should answer an unsupported content type with 415', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toHaveProperty('detail');
  });

  it('should serve the OpenAPI description generated from the contract', async () => {
    const response = await proctor().request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/user/from-session');
    expect(paths).toContain('/api/invite/{code}');
  });

  it('should report health with the database in use', async () => {
    const response = await proctor().call(endpoints.health);
    expect(response.body).toMatchObject({ status: 'ok', database: proctor().database });
  });
});

describeEachDatabase(
  'server settings the dashboard reads',
  (proctor) => {
    it('should tell the dashboard how to sign in and whom to contact', async () => {
      const response = await proctor().call(endpoints.authConfig);
      expect(response.body).toEqual({
        mode: 'local',
        login_url: null,
        registration_open: true,
        contact_email: 'ops@acme.test',
      });
    });
  },
  { env: { CONTACT_EMAIL: 'ops@acme.test' } },
);

describeEachDatabase(
  'behind a trusted proxy (TRUST_PROXY)',
  (proctor) => {
    it('should count sign-in attempts against the client the trusted proxy reports, and no one else’s claim', async () => {
      const viaProxy = await failedSignIns(proctor(), AUTH.loginAttemptsPerWindow + 1, (i) => ({
        remoteAddress: '127.0.0.1',
        email: 'proxied@example.test',
        forwardedFor: `198.51.100.${i}`,
      }));
      expect(statusesOf(viaProxy)).toEqual(Array(AUTH.loginAttemptsPerWindow + 1).fill(401));

      const direct = await failedSignIns(proctor(), AUTH.loginAttemptsPerWindow + 1, (i) => ({
        remoteAddress: '192.0.2.20',
        email: 'proxied@example.test',
        forwardedFor: `198.51.100.${i}`,
      }));
      expect(statusesOf(direct)).toEqual(limitedAfter(AUTH.loginAttemptsPerWindow));
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1' } },
);
