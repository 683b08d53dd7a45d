import { endpoints } from '@proctor/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage for Node: the API layer needs nothing else from the browser. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

interface Recorded {
  url: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
}

const user = {
  id: 1,
  publicId: 'usr_1',
  name: 'Ada',
  email: 'ada@example.com',
  imageUrl: null,
  organizationId: null,
  organization_id: null,
  organization: null,
  permissions: {
    is_admin: false,
    is_account_admin: false,
    create_test_cases: false,
    record_testcases: false,
    playground_access: false,
    dashboard_access: false,
    create_simulator: false,
    is_human_recorder: false,
    is_super_scorer: false,
  },
  has_beta_access: false,
  stats: {
    total_sessions: 0,
    scored_sessions: 0,
    avg_session_time: null,
    avg_score_time: null,
    success_rate: null,
  },
  updatedAt: '2026-01-01T00:00:00.000Z',
  viewAs: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server whose valid access token is `validAccess`; refresh rotates it when `refreshWorks`. */
function fakeServer(options: { refreshWorks: boolean }) {
  const requests: Recorded[] = [];
  let validAccess = 'access-2';
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({
      url: input,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization') ?? undefined,
      body,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (input === '/api/auth/refresh') {
      if (!options.refreshWorks)
        return json(401, { detail: 'Your session has expired. Please log in again.' });
      validAccess = 'access-3';
      return json(200, {
        access_token: 'access-3',
        refresh_token: 'refresh-3',
        expires_in: 900,
        token_type: 'Bearer',
      });
    }
    if (headers.get('Authorization') !== `Bearer ${validAccess}`)
      return json(401, { detail: 'Not authenticated' });
    if (input === '/api/user/from-session') return json(200, user);
    if (input.startsWith('/api/join/')) return json(410, { detail: 'Invite expired' });
    return json(404, { detail: 'Not found' });
  });
  return { fetchMock, requests };
}

async function loadApi() {
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  const api = await import('../../src/api');
  api.tokenStore.set({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 });
  return api;
}

describe('API client', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('should renew the session once for concurrent refused calls and retry each with the new token', async () => {
    const server = fakeServer({ refreshWorks: true });
    vi.stubGlobal('fetch', server.fetchMock);
    const api = await loadApi();
    server.fetchMock.mockClear();

    const results = await Promise.all([
      api.call(endpoints.fromSession),
      api.call(endpoints.fromSession),
      api.call(endpoints.fromSession),
    ]);

    expect(results.map((result) => result.email)).toEqual([user.email, user.email, user.email]);
    const refreshes = server.requests.filter((request) => request.url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(refreshes[0]?.authorization).toBeUndefined();
    expect(api.tokenStore.get()).toEqual({
      accessToken: 'access-3',
      refreshToken: 'refresh-3',
      expiresIn: 900,
    });
  });

  it('should sign out and report an expired session once when the refresh is refused', async () => {
    const server = fakeServer({ refreshWorks: false });
    vi.stubGlobal('fetch', server.fetchMock);
    const api = await loadApi();
    const expired = vi.fn();
    api.onSessionExpired(expired);

    const outcomes = await Promise.allSettled([
      api.call(endpoints.fromSession),
      api.call(endpoints.fromSession),
    ]);

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toMatchObject({ status: 401, sessionExpired: true });
      }
    }
    expect(server.requests.filter((request) => request.url === '/api/auth/refresh')).toHaveLength(1);
    expect(api.tokenStore.get()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledWith('Your session has expired. Please log in again.');
  });

  it('should fill path parameters and throw the status and detail of a refusal', async () => {
    const server = fakeServer({ refreshWorks: true });
    vi.stubGlobal('fetch', server.fetchMock);
    const api = await loadApi();
    api.tokenStore.set({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });

    await expect(api.call(endpoints.join, { params: { code: 'inv_a/b' } })).rejects.toMatchObject({
      status: 410,
      detail: 'Invite expired',
      sessionExpired: false,
    });
    expect(server.requests.at(-1)).toMatchObject({
      url: '/api/join/inv_a%2Fb',
      authorization: 'Bearer access-2',
    });
  });

  it('should never send the bearer token to the sign-in calls', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(401, { detail: 'Invalid e-mail or password' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const api = await loadApi();

    await expect(
      api.call(endpoints.login, { body: { email: 'ada@example.com', password: 'wrong' } }),
    ).rejects.toMatchObject({ status: 401, detail: 'Invalid e-mail or password', sessionExpired: false });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(api.tokenStore.get()).not.toBeNull();
  });

  it('should reject an answer that does not match the endpoint schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { name: 'no id' })),
    );
    const api = await loadApi();
    await expect(api.call(endpoints.fromSession)).rejects.toThrow();
  });
  it("should fetch a screenshot with the user's token, and never send it outside this server's API", async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit = {}) =>
      new Headers(init.headers).get('Authorization') === 'Bearer access-1'
        ? new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Type': 'image/png' } })
        : json(401, { detail: 'Not authenticated' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const api = await loadApi();

    const blob = await api.fetchBlob('/api/session/s_1/screenshots/ab12.png');
    expect(blob.size).toBe(3);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/session/s_1/screenshots/ab12.png');

    await expect(api.fetchBlob('https://elsewhere.test/api/x.png')).rejects.toMatchObject({ status: 0 });
    await expect(api.fetchBlob('//elsewhere.test/api/x.png')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
