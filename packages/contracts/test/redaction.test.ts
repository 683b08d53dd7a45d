import { describe, expect, it } from 'vitest';
import { isSecretName, RECORDING, redactBody, redactJsonText, redactUrl } from '../src';

const R = RECORDING.redacted;

describe('isSecretName', () => {
  it.each([
    'Authorization',
    'Proxy-Authorization',
    'cookie',
    'Set-Cookie',
    'X-Api-Key',
    'X-Auth-Token',
    'api-key',
    'X-Access-Token',
    'api_key',
    'apiKey',
    'APIKEY',
    'key',
    'private_key',
    'secretAccessKey',
    'token',
    'access_token',
    'accessToken',
    'refresh_token',
    'id_token',
    'oauth_token',
    'X-Amz-Security-Token',
    'X-Amz-Credential',
    'X-Amz-Signature',
    'sig',
    'client_secret',
    'password',
    'Password',
    'new_password',
    'password_confirmation',
    'user[password]',
    'passwd',
    'pwd',
    'session',
    'sessionId',
    'session_id',
    'JSESSIONID',
    'PHPSESSID',
    'connect.sid',
    'csrf_token',
    '_csrf',
    'csrfmiddlewaretoken',
    'X-CSRFToken',
    'X-XSRF-TOKEN',
    'authenticity_token',
    '__RequestVerificationToken',
    'credentials',
    'auth',
  ])('should hold %s secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'keyword',
    'keywords',
    'monkey',
    'hotkey',
    'keyCode',
    'key_id',
    'tokenizer',
    'token_type',
    'max_tokens',
    'prompt_tokens',
    'session_ids',
    'session_count',
    'sessionStorage',
    'author',
    'authority',
    'passwordless',
    'content-type',
    'accept',
    'email',
    'username',
    'q',
    'design',
    '',
  ])('should not hold %s secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('redactUrl', () => {
  it('should replace the values of secret query parameters and keep everything else as it was', () => {
    expect(redactUrl('https://shop.test/search?q=mug&api_key=k-123&page=2&token=t%2F1')).toBe(
      `https://shop.test/search?q=mug&api_key=${R}&page=2&token=${R}`,
    );
    expect(redactUrl('/cdp/x/json/version?monkey=1&keyword=cat&a%5Fkey=2')).toBe(
      `/cdp/x/json/version?monkey=1&keyword=cat&a%5Fkey=${R}`,
    );
  });

  it("should replace a fragment's secret parameters, and a client route's", () => {
    expect(redactUrl('https://app.test/cb#access_token=abc&state=s&token_type=Bearer')).toBe(
      `https://app.test/cb#access_token=${R}&state=s&token_type=Bearer`,
    );
    expect(redactUrl('https://app.test/#/reset?token=abc')).toBe(`https://app.test/#/reset?token=${R}`);
    expect(redactUrl('https://app.test/page#section-2')).toBe('https://app.test/page#section-2');
  });

  it("should replace the password of a URL's user info, not a port", () => {
    expect(redactUrl('https://ada:hunter2@host.test:8443/x?y=1')).toBe(
      `https://ada:${R}@host.test:8443/x?y=1`,
    );
    expect(redactUrl('http://host.test:8080/a@b')).toBe('http://host.test:8080/a@b');
  });

  it('should leave a URL without secrets byte for byte', () => {
    const url = 'https://shop.test/a%20b?x=1&x=2&flag&empty=&sort=price+asc#top';
    expect(redactUrl(url)).toBe(url);
  });
});

describe('redactJsonText', () => {
  it('should replace secret values at any depth, whole objects and arrays included, and keep the rest', () => {
    const body = JSON.stringify({
      user: { email: 'ada@example.test', password: 'hubbub-fern-26', keyword: 'mugs' },
      credentials: { user: 'ada', pass: 'x' },
      tokens: ['a', 'b'],
      list: [{ refreshToken: 'r-1' }, { monkey: 'ok' }],
      pin: 1234,
      sessionId: 9876543210,
      session_id: null,
    });
    expect(JSON.parse(redactJsonText(body))).toEqual({
      user: { email: 'ada@example.test', password: R, keyword: 'mugs' },
      credentials: R,
      tokens: ['a', 'b'],
      list: [{ refreshToken: R }, { monkey: 'ok' }],
      pin: 1234,
      sessionId: R,
      session_id: null,
    });
  });

  it('should keep the bytes of what is not secret: spacing, escapes, big numbers', () => {
    const body = '{ "id" : 12345678901234567890, "note": "a \\"quoted\\" \\\\ token", "token" : "t" }';
    expect(redactJsonText(body)).toBe(
      `{ "id" : 12345678901234567890, "note": "a \\"quoted\\" \\\\ token", "token" : "${R}" }`,
    );
  });

  it('should redact a body cut in the middle of a secret value', () => {
    expect(redactJsonText('{"a":1,"password":"hubbub-fe')).toBe(`{"a":1,"password":"${R}"`);
    expect(redactJsonText('{"a":1,"credentials":{"user":"ada","pass')).toBe(`{"a":1,"credentials":"${R}"`);
  });
});

describe('redactBody', () => {
  it('should redact form bodies, JSON by its type or its look, and multipart fields', () => {
    expect(redactBody('email=ada%40example.test&password=hubbub-fern-26&next=%2F', null)).toBe(
      `email=ada%40example.test&password=${R}&next=%2F`,
    );
    expect(redactBody('{"password":"p"}', 'text/plain;charset=UTF-8')).toBe(`{"password":"${R}"}`);
    expect(redactBody('"password": "p"', 'application/json')).toBe(`"password": "${R}"`);
    const boundary = '----form7';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.test\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nhubbub-fern-26\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="token"; filename="token.txt"\r\n\r\nfile\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const redacted = redactBody(multipart, `multipart/form-data; boundary=${boundary}`);
    expect(redacted).toContain('name="email"\r\n\r\nada@example.test\r\n');
    expect(redacted).toContain(`name="password"\r\n\r\n${R}\r\n`);
    expect(redacted).toContain('filename="token.txt"\r\n\r\nfile\r\n');
    expect(redacted).not.toContain('hubbub-fern-26');
  });

  it('should leave other text alone', () => {
    expect(redactBody('password is hunter2', 'text/plain')).toBe('password is hunter2');
    expect(redactBody('keyword=mug&monkey=1', 'application/x-www-form-urlencoded')).toBe(
      'keyword=mug&monkey=1',
    );
  });
});
