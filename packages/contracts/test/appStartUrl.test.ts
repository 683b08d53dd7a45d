import { describe, expect, it } from 'vitest';
import { appStartUrl } from '../src/testCase';

describe('a start URL on another of a test case’s apps', () => {
  it('should read the app and the path of `{simulator}:{path}`', () => {
    expect(appStartUrl('calendar:/events/5?view=week')).toEqual({
      simulator: 'calendar',
      path: '/events/5?view=week',
    });
    expect(appStartUrl('calendar:/')).toEqual({ simulator: 'calendar', path: '/' });
  });

  it('should leave paths and absolute URLs on the own simulator', () => {
    for (const startUrl of ['', '/orders', 'orders', 'http://1.mail.localhost:4000/inbox', 'mailto:a@b.test'])
      expect(appStartUrl(startUrl)).toBeNull();
    // A protocol-relative address is not a path on an app.
    expect(appStartUrl('calendar://elsewhere.test/')).toBeNull();
  });
});
