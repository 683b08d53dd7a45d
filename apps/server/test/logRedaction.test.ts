import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { startTestProctor, type TestProctor } from './support/proctor';

/**
 * Credentials in URLs never reach the log: a CDP URL's token, a live view's `?token=`, an invitation's code,
 * the OIDC callback's `code` and `state`, secret query parameters, and URLs quoted by logged errors.
 */
describe('log redaction', () => {
  let proctor: TestProctor;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(chunk.toString()));
    proctor = await startTestProctor(testDatabases()[0]!, { logStream: stream });
  });
  afterAll(() => proctor?.close());

  /** The log once a line mentions `marker`: the request's lines are written as it completes. */
  async function logWith(marker: string): Promise<string> {
    await expect.poll(() => lines.join('').includes(marker), { timeout: 10_000 }).toBe(true);
    return lines.join('');
  }

  it('should log GET /cdp/<token>/json/version without the token', async () => {
    const { token } = await proctor.ctx.tokens.signEnvironmentToken('cdp', 'env-log-redaction', 60);
    const response = await proctor.request({ method: 'GET', url: `/cdp/${token}/json/version` });
    expect(response.statusCode).toBe(404);
    const log = await logWith('/cdp/[redacted]/json/version');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]!);
  });

  it("should log a live view's, an invitation's and a sign-in's URLs without their tokens, and keep the rest", async () => {
    const { token } = await proctor.ctx.tokens.signEnvironmentToken('live', 'env-live-redaction', 60);
    const invite = 'inv_Q2hhcmxvdHRlLWludml0ZS1jb2Rl';
    const secrets = [token, invite, 'one-time-code-5d4c', 'state-9e8f', 'key-7a6b', 'refresh-3c2d'];
    const urls = [
      `/live/env-live-redaction?token=${token}`,
      `/live/env-live-redaction/ws?token=${token}`,
      `/api/join/${invite}`,
      `/join-organization?invite=${invite}`,
      '/api/auth/oidc/callback?code=one-time-code-5d4c&state=state-9e8f',
      '/api/session/?keyword=mugs&api_key=key-7a6b&page=2',
      '/api/nothing?refresh_token=refresh-3c2d&marker=last',
    ];
    for (const url of urls) await proctor.request({ method: 'GET', url });
    const log = await logWith('marker=last');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('/live/env-live-redaction?token=[redacted]');
    expect(log).toContain('/api/join/[redacted]');
    expect(log).toContain('/api/auth/oidc/callback?code=[redacted]&state=[redacted]');
    expect(log).toContain('/api/session/?keyword=mugs&api_key=[redacted]&page=2');
  });

  it('should log an error that quotes a URL without the URL’s token', async () => {
    const { token } = await proctor.ctx.tokens.signEnvironmentToken('cdp', 'env-error-redaction', 60);
    proctor.app.log.error(
      { err: new Error(`connect ECONNREFUSED ws://worker.test:4000/cdp/${token}?marker=error`) },
      'environment socket failed',
    );
    const log = await logWith('marker=error');
    expect(log).toContain('ws://worker.test:4000/cdp/[redacted]?marker=error');
    expect(log).not.toContain(token);
  });
});
