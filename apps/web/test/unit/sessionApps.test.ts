import type { SessionDetailResponse } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { appOfUrl, namesApps } from '../../src/features/sessions/sessionApps';

type Detail = Pick<SessionDetailResponse, 'session' | 'snapshot' | 'state_mutations'>;

const page = (url: string) => ({
  current_url: url,
  screenshot_url: null,
  screenshot_size: null,
  metadata: {},
});
/** A session of environment `env1` whose steps visited these addresses and whose mutations name these apps. */
function detail(urls: string[], tags: Array<string | undefined> = []): Detail {
  return {
    session: { job: { jobGroupId: 'env1' } },
    snapshot: { snapshots: urls.map((url) => ({ before_state: page(url), after_state: null })) },
    state_mutations: tags.map((simulator) => ({
      action: 'INSERT',
      table_name: 'labels',
      pk: '1',
      old: null,
      new: {},
      action_timestamp: '2026-03-02T09:00:00.000Z',
      ...(simulator && { simulator }),
    })),
  } as unknown as Detail;
}

describe('the apps of a session', () => {
  it("should read the app from an address of the session's own environment only", () => {
    expect(appOfUrl('http://env1.mail.localhost:4100/mail/inbox', 'env1')).toBe('mail');
    expect(appOfUrl('http://ENV1.Calendar.localhost:4100/', 'env1')).toBe('calendar');
    expect(appOfUrl('http://env2.mail.localhost:4100/', 'env1')).toBeNull();
    expect(appOfUrl('https://example.com/', 'env1')).toBeNull();
    expect(appOfUrl('about:blank', 'env1')).toBeNull();
    expect(appOfUrl('not a url', 'env1')).toBeNull();
    expect(appOfUrl('http://env1.mail.localhost/', null)).toBeNull();
  });

  it('should name apps for a session over two apps, by its mutations or by its steps, and not for one app', () => {
    expect(namesApps(detail(['http://env1.mail.localhost/'], ['mail']))).toBe(true);
    expect(namesApps(detail(['http://env1.mail.localhost/', 'http://env1.calendar.localhost/']))).toBe(true);
    expect(
      namesApps(detail(['http://env1.mail.localhost/', 'http://env1.mail.localhost/x'], [undefined])),
    ).toBe(false);
    // A refused page of another environment is not one of this session's apps.
    expect(namesApps(detail(['http://env1.mail.localhost/', 'http://env2.calendar.localhost/']))).toBe(false);
  });
});
