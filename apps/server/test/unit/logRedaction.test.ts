import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactLogLine, serializeError } from '../../src/kernel/http/logging';

const R = '[redacted]';

describe('redactLogLine', () => {
  it('should replace tokens in paths, secret parameters and Proctor credentials wherever a line quotes them', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlbnYifQ.c2lnbmF0dXJl';
    const line = JSON.stringify({
      req: { url: `/cdp/${jwt}/json/version` },
      msg: `GET https://proctor.test/live/env-1/ws?token=${jwt}&x=1 failed; see /api/invite/inv_AbCdEfGhIjKlMnOpQrSt`,
      err: { message: 'refresh prt_AAAAAAAAAAAAAAAAAAAAAAAA rejected for key pk_BBBBBBBBBBBBBBBBBBBBBBBB' },
    });
    const redacted = redactLogLine(line);
    expect(JSON.parse(redacted)).toEqual({
      req: { url: `/cdp/${R}/json/version` },
      msg: `GET https://proctor.test/live/env-1/ws?token=${R}&x=1 failed; see /api/invite/${R}`,
      err: { message: `refresh ${R} rejected for key ${R}` },
    });
  });

  it('should leave lines without credentials as they are', () => {
    const line = JSON.stringify({
      req: { url: '/api/env/env-1/cdp_url?keyword=mugs&page=2&session_ids=a,b&max_tokens=5' },
      msg: 'request completed: pk_short, a=b, #section, eyJ alone',
    });
    expect(redactLogLine(line)).toBe(line);
  });
});

describe('serializeError', () => {
  it("should log a failed query's SQL and its cause without the bound values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['someone@example.com'],
      cause,
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into "users" ("email") values ($1)',
      cause: { code: '23505', severity: 'ERROR' },
    });
    expect(JSON.stringify(logged)).not.toContain('someone@example.com');
  });
});
