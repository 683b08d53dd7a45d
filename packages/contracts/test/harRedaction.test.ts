import { describe, expect, it } from 'vitest';
import { RECORDING, redactBody, redactHeaderValue, redactJwts, redactUrl } from '../src';

/** A placeholder that shows which secret it stands for, so tests can see what was taken. */
const marked = (secret: string) => `<${secret}>`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('redaction with placeholders', () => {
  it('should give each secret query parameter, URL password and JSON value its own placeholder', () => {
    expect(redactUrl('https://u:pw@a.test/p?access_token=a%20b&q=1', marked)).toBe(
      'https://u:<pw>@a.test/p?access_token=<a b>&q=1',
    );
    expect(redactBody('{"password":"hunter2","n":{"api_key":7}}', 'application/json', marked)).toBe(
      '{"password":"<hunter2>","n":{"api_key":"<7>"}}',
    );
    expect(redactBody('user=ada&password=x1', null, marked)).toBe('user=ada&password=<x1>');
  });

  it('should keep the constant placeholder when none is given', () => {
    expect(redactUrl('/p?token=abc')).toBe(`/p?token=${RECORDING.redacted}`);
  });

  it("should keep Authorization's scheme and cookies' names and attributes", () => {
    expect(redactHeaderValue('Authorization', 'Bearer abc.def', marked)).toBe('Bearer <abc.def>');
    expect(redactHeaderValue('Cookie', 'sid=1; theme=dark', marked)).toBe('sid=<1>; theme=<dark>');
    expect(redactHeaderValue('Set-Cookie', 'sid=9; Path=/; HttpOnly', marked)).toBe(
      'sid=<9>; Path=/; HttpOnly',
    );
    expect(redactHeaderValue('X-Api-Key', 'k', marked)).toBe('<k>');
    expect(redactHeaderValue('Accept', 'text/html', marked)).toBe('text/html');
  });

  it('should find JWT-shaped strings under any name, and leave other text alone', () => {
    expect(redactJwts(`{"note":"${JWT}","other":"eyJ.not.a.token"}`, marked)).toBe(
      `{"note":"<${JWT}>","other":"eyJ.not.a.token"}`,
    );
    expect(redactHeaderValue('X-Trace', `t ${JWT}`, marked)).toBe(`t <${JWT}>`);
  });
});
