import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@proctor/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proctor } from '../src/app/server';
import { createAccount } from '../src/auth/accounts';
import { OidcLogin } from '../src/auth/oidc';
import { safeReturnTo } from '../src/routes/oidc';
import { testDatabases } from './support/databases';
import { startTestProctor, type TestProctor } from './support/proctor';

/**
 * Sign-in through a real OpenID provider (oidc-provider) on 127.0.0.1, driven over HTTP the way a browser
 * would: Proctor's login redirect, the provider's sign-in and consent pages, the code coming back to Proctor.
 */

// oidc-provider ships no type declarations; these are the few parts this test uses.
interface OidcProvider {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
}
interface OidcProviderModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  errors: { InvalidTarget: new () => Error };
}
const { default: Provider, errors: providerErrors } = (await import(
  'oidc-provider' as string
)) as OidcProviderModule;

const PROCTOR_URL = 'http://proctor.test';
const CALLBACK_URL = `${PROCTOR_URL}/api/auth/oidc/callback`;
const AUDIENCE = 'https://api.proctor.test';
const OTHER_AUDIENCE = 'https://other-app.example';
const SDK_REDIRECT_URL = 'http://sdk.test/callback';
const CLIENT_SECRET = randomBytes(24).toString('base64url');

/** People with an account at the provider. */
const PROVIDER_ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  alice: { email: 'Alice@Example.com', email_verified: true, name: 'Alice Example' },
  bob: { email: 'bob@example.com', email_verified: true, name: 'Bob at the provider' },
  mallory: { email: 'carol@example.com', email_verified: false, name: 'Mallory' },
  dave: { email: 'dave@example.com', email_verified: true, name: 'Dave' },
};

async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const resourceServer = (audience: string) => ({
    audience,
    scope: 'api',
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'proctor',
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK_URL],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        // A CLI or SDK registered at the same provider, getting access tokens for Proctor's API.
        client_id: 'proctor-sdk',
        token_endpoint_auth_method: 'none',
        redirect_uris: [SDK_REDIRECT_URL],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator === AUDIENCE || indicator === OTHER_AUDIENCE) return resourceServer(indicator);
          throw new providerErrors.InvalidTarget();
        },
      },
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = PROVIDER_ACCOUNTS[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, ...account, picture: `https://pictures.example/${id}.png` }),
      };
    },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

interface Page {
  status: number;
  /** The Location header made absolute, if any. */
  location: string | null;
  body: string;
}

/**
 * A browser without the rendering: a cookie jar (host and path matched), redirects not followed.
 * Requests to Proctor go through `app.inject`; requests to the provider over the network.
 */
class Browser {
  private cookies: Array<{ host: string; path: string; name: string; value: string }> = [];

  constructor(private readonly proctor: Proctor) {}

  async open(url: string, form?: Record<string, string>): Promise<Page> {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    const cookie = this.cookiesFor(target);
    if (cookie) headers.cookie = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const method = form ? 'POST' : 'GET';
    const body = form ? new URLSearchParams(form).toString() : undefined;

    let page: Page;
    let setCookies: string[];
    if (target.origin === PROCTOR_URL) {
      const response = await this.proctor.app.inject({
        method,
        url: target.pathname + target.search,
        headers,
        payload: body,
      });
      setCookies = [response.headers['set-cookie'] ?? []].flat();
      const location = response.headers.location;
      page = {
        status: response.statusCode,
        location: typeof location === 'string' ? location : null,
        body: response.body,
      };
    } else {
      const response = await fetch(target, { method, headers, body, redirect: 'manual' });
      setCookies = response.headers.getSetCookie();
      page = {
        status: response.status,
        location: response.headers.get('location'),
        body: await response.text(),
      };
    }
    for (const line of setCookies) this.store(target, line);
    return { ...page, location: page.location ? new URL(page.location, target).href : null };
  }

  private cookiesFor(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          c.host === url.host &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = attributeValue;
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter((c) => !(c.host === url.host && c.path === path && c.name === name));
    if (!expired) this.cookies.push({ host: url.host, path, name, value });
  }
}

for (const database of testDatabases()) {
  describe(`sign-in through an OpenID Connect provider [${database.name}]`, () => {
    let issuer: string;
    let providerServer: Server;
    let proctor: TestProctor;

    beforeAll(async () => {
      ({ issuer, server: providerServer } = await startProvider());
      proctor = await startTestProctor(database, {
        env: {
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: 'proctor',
          OIDC_CLIENT_SECRET: CLIENT_SECRET,
          OIDC_AUDIENCE: AUDIENCE,
          PUBLIC_URL: PROCTOR_URL,
        },
      });
    });

    afterAll(async () => {
      await proctor?.close();
      providerServer?.closeAllConnections();
      await new Promise((resolve) => providerServer?.close(resolve));
    });

    /**
     * Walks the provider's pages as a person would (sign in as `login`, consent) or aborts at the first
     * page, and returns the address the provider sends the browser back to.
     */
    async function throughProvider(
      browser: Browser,
      url: string,
      options: { login: string; abort?: boolean },
    ): Promise<string> {
      let next = url;
      for (let hop = 0; hop < 20; hop++) {
        if (new URL(next).origin !== issuer) return next;
        const page = await browser.open(next);
        if (page.location) {
          next = page.location;
          continue;
        }
        const prompt = /name="prompt" value="(\w+)"/.exec(page.body)?.[1];
        if (page.status !== 200 || !prompt)
          throw new Error(`Unexpected provider page (${page.status}): ${page.body.slice(0, 500)}`);
        if (options.abort) {
          next = `${next}/abort`;
          continue;
        }
        const submitted = await browser.open(
          next,
          prompt === 'login' ? { prompt, login: options.login, password: 'any' } : { prompt },
        );
        if (!submitted.location)
          throw new Error(`The provider did not accept the ${prompt} form: ${submitted.body.slice(0, 500)}`);
        next = submitted.location;
      }
      throw new Error('Too many redirects at the provider');
    }

    /** Proctor's login, then the provider; returns the provider's redirect back to Proctor's callback. */
    async function startSignIn(browser: Browser, login: string, query: Record<string, string> = {}) {
      const started = await browser.open(`${PROCTOR_URL}/api/auth/oidc/login?${new URLSearchParams(query)}`);
      expect(started.status).toBe(302);
      const authorize = new URL(started.location!);
      expect(authorize.origin).toBe(issuer);
      return { authorize, callback: await throughProvider(browser, authorize.href, { login }) };
    }

    /** The whole round trip; returns Proctor's final redirect. */
    async function signIn(browser: Browser, login: string, query: Record<string, string> = {}): Promise<URL> {
      const { callback } = await startSignIn(browser, login, query);
      expect(callback.startsWith(`${CALLBACK_URL}?`)).toBe(true);
      const finished = await browser.open(callback);
      expect(finished.status).toBe(302);
      return new URL(finished.location!);
    }

    const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

    function expectLoginError(url: URL, code: string) {
      expect(url.origin + url.pathname).toBe(`${PROCTOR_URL}/login`);
      expect(url.searchParams.get('error')).toBe(code);
    }

    async function currentUser(accessToken: string) {
      const response = await proctor.call(endpoints.fromSession, {
        as: { headers: { authorization: `Bearer ${accessToken}` } },
      });
      return { status: response.status, user: response.status === 200 ? response.body : null };
    }

    /** What an SDK does: its own code flow at the provider for an access token to `resource`. */
    async function providerAccessToken(login: string, resource: string): Promise<string> {
      const verifier = randomBytes(32).toString('base64url');
      const authorize = new URL(`${issuer}/auth`);
      authorize.search = new URLSearchParams({
        client_id: 'proctor-sdk',
        redirect_uri: SDK_REDIRECT_URL,
        response_type: 'code',
        scope: 'openid api',
        resource,
        state: randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      const back = new URL(await throughProvider(new Browser(proctor), authorize.href, { login }));
      const code = back.searchParams.get('code');
      if (!code) throw new Error(`No code from the provider: ${back.href}`);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'proctor-sdk',
          code,
          redirect_uri: SDK_REDIRECT_URL,
          code_verifier: verifier,
          resource,
        }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token)
        throw new Error(`Token request failed: ${JSON.stringify(body)}`);
      return body.access_token;
    }

    it('should tell the SPA to sign in through the provider and refuse local accounts', async () => {
      const config = await proctor.call(endpoints.authConfig);
      expect(config.body).toMatchObject({ mode: 'oidc', login_url: '/api/auth/oidc/login' });
      const register = await proctor.call(endpoints.register, {
        body: { email: 'local@example.com', password: 'long enough password', name: 'Local' },
      });
      expect(register.status).toBe(403);
    });

    it('should refuse a plain-http issuer that is not on this machine', async () => {
      const config = {
        issuer: 'http://idp.example',
        clientId: 'proctor',
        clientSecret: undefined,
        audience: undefined,
      };
      await expect(
        OidcLogin.discover(config, { db: proctor.ctx.db, publicUrl: PROCTOR_URL }),
      ).rejects.toThrow(/must be an https URL/);
    });

    it('should send the browser to the provider with PKCE, state, nonce, the scopes and the API audience', async () => {
      const started = await new Browser(proctor).open(`${PROCTOR_URL}/api/auth/oidc/login`);
      expect(started.status).toBe(302);
      const authorize = new URL(started.location!);
      expect(authorize.origin + authorize.pathname).toBe(`${issuer}/auth`);
      const params = authorize.searchParams;
      expect(params.get('client_id')).toBe('proctor');
      expect(params.get('redirect_uri')).toBe(CALLBACK_URL);
      expect(params.get('response_type')).toBe('code');
      expect(params.get('scope')).toBe('openid profile email offline_access');
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(params.get('state')).toBeTruthy();
      expect(params.get('nonce')).toBeTruthy();
      expect(params.get('resource')).toBe(AUDIENCE);
    });

    it('should create the account on first sign-in and hand Proctor tokens, returnTo and the invite to the SPA', async () => {
      const landed = await signIn(new Browser(proctor), 'alice', {
        returnTo: '/sessions?page=2',
        invite_token: 'inv_abc-123',
      });
      expect(landed.origin + landed.pathname).toBe(`${PROCTOR_URL}/auth/callback`);
      const fragment = fragmentOf(landed);
      expect(fragment.get('returnTo')).toBe('/sessions?page=2');
      expect(fragment.get('invite_token')).toBe('inv_abc-123');
      expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
      expect(fragment.get('refresh_token')).toBeTruthy();

      const { status, user } = await currentUser(fragment.get('access_token')!);
      expect(status).toBe(200);
      expect(user).toMatchObject({
        email: 'alice@example.com',
        name: 'Alice Example',
        imageUrl: 'https://pictures.example/alice.png',
      });
      // The first account of a fresh install runs it.
      expect(user!.permissions.is_admin).toBe(true);

      const refreshed = await proctor.call(endpoints.refresh, {
        body: { refresh_token: fragment.get('refresh_token')! },
      });
      expect(refreshed.status).toBe(200);
    });

    it('should find the same account by its subject on the next sign-in', async () => {
      const browser = new Browser(proctor);
      const first = await currentUser(fragmentOf(await signIn(browser, 'alice')).get('access_token')!);
      const again = await signIn(browser, 'alice');
      expect(fragmentOf(again).get('invite_token')).toBeNull();
      expect(fragmentOf(again).get('returnTo')).toBe('/');
      const second = await currentUser(fragmentOf(again).get('access_token')!);
      expect(second.user!.id).toBe(first.user!.id);
    });

    it('should link the provider subject to an existing account with the same verified e-mail', async () => {
      const existing = await createAccount(
        proctor.ctx.db,
        { email: 'bob@example.com', name: 'Bob', passwordHash: null },
        { registrationOpen: true },
      );
      const { user } = await currentUser(
        fragmentOf(await signIn(new Browser(proctor), 'bob')).get('access_token')!,
      );
      expect(user).toMatchObject({ id: existing.id, email: 'bob@example.com', name: 'Bob' });
      expect(user!.permissions.is_admin).toBe(false);
    });

    it('should refuse to link an existing account on an e-mail the provider has not verified', async () => {
      await createAccount(
        proctor.ctx.db,
        { email: 'carol@example.com', name: 'Carol', passwordHash: null },
        { registrationOpen: true },
      );
      expectLoginError(await signIn(new Browser(proctor), 'mallory'), 'email_not_verified');
    });

    it('should only return to a path on this site', async () => {
      for (const returnTo of [
        '//evil.example/x',
        'https://evil.example',
        '/\\evil.example',
        'sessions',
        '/\tevil',
      ]) {
        expect(safeReturnTo(returnTo, PROCTOR_URL)).toBe('/');
      }
      expect(safeReturnTo('/sessions/abc?tab=scores#top', PROCTOR_URL)).toBe('/sessions/abc?tab=scores#top');
      const landed = await signIn(new Browser(proctor), 'alice', {
        returnTo: '//evil.example/steal',
        invite_token: '"><script>',
      });
      expect(fragmentOf(landed).get('returnTo')).toBe('/');
      expect(fragmentOf(landed).get('invite_token')).toBeNull();
    });

    it('should refuse a callback whose state was tampered with', async () => {
      const browser = new Browser(proctor);
      const { callback } = await startSignIn(browser, 'alice');
      const tampered = new URL(callback);
      tampered.searchParams.set('state', 'forged-state');
      const refused = await browser.open(tampered.href);
      expect(refused.status).toBe(302);
      expectLoginError(new URL(refused.location!), 'invalid_state');
      // The sign-in in progress is spent: the genuine answer cannot be replayed afterwards.
      const replayed = await browser.open(callback);
      expectLoginError(new URL(replayed.location!), 'login_expired');
    });

    it('should refuse a callback that no sign-in in this browser started', async () => {
      const { callback } = await startSignIn(new Browser(proctor), 'alice');
      const elsewhere = await new Browser(proctor).open(callback);
      expectLoginError(new URL(elsewhere.location!), 'login_expired');
    });

    it('should come back to /login with access_denied when the person cancels at the provider', async () => {
      const browser = new Browser(proctor);
      const started = await browser.open(`${PROCTOR_URL}/api/auth/oidc/login`);
      const callback = await throughProvider(browser, started.location!, { login: 'dave', abort: true });
      expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
      expectLoginError(new URL((await browser.open(callback)).location!), 'access_denied');
    });

    it('should accept a provider access token for the API audience as a bearer token', async () => {
      const token = await providerAccessToken('alice', AUDIENCE);
      expect(token.split('.')).toHaveLength(3);
      const { status, user } = await currentUser(token);
      expect(status).toBe(200);
      expect(user!.email).toBe('alice@example.com');
    });

    it('should refuse a provider access token for another audience', async () => {
      const token = await providerAccessToken('alice', OTHER_AUDIENCE);
      expect(token.split('.')).toHaveLength(3);
      expect((await currentUser(token)).status).toBe(401);
    });

    it('should refuse a provider access token for someone without a Proctor account', async () => {
      const token = await providerAccessToken('dave', AUDIENCE);
      expect((await currentUser(token)).status).toBe(401);
    });

    it('should refuse a token signed by someone else', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject('alice')
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setExpirationTime('5m')
        .sign(privateKey);
      expect((await currentUser(forged)).status).toBe(401);
    });
  });
}
