import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHROMIUM_DISABLED_FEATURES,
  chromiumPath,
  DEFAULT_CHROMIUM_PATH,
  environmentChromiumArgs,
  HEADLESS_SHELL_PATH,
  PLAYWRIGHT_CHROMIUM_ARGS,
  preferredChromiumPath,
  SYSTEM_CHROMIUM_PATH,
} from '../src/browser/profile';

const disabledFeatures = (args: string[]) =>
  args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the Chromium launch profile', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('should prefer the headless shell when it is installed, and fall back to the system Chromium', () => {
    expect(preferredChromiumPath((path) => path === HEADLESS_SHELL_PATH)).toBe(HEADLESS_SHELL_PATH);
    expect(preferredChromiumPath(() => false)).toBe(SYSTEM_CHROMIUM_PATH);
  });

  it('should launch what CHROMIUM_PATH names, else the preferred or the full Chromium as asked', () => {
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(chromiumPath()).toBe(DEFAULT_CHROMIUM_PATH);
    expect(chromiumPath('full')).toBe(SYSTEM_CHROMIUM_PATH);
    vi.stubEnv('CHROMIUM_PATH', '/opt/chromium');
    expect(chromiumPath()).toBe('/opt/chromium');
    expect(chromiumPath('full')).toBe('/opt/chromium');
  });

  it('should give every launch one --disable-features with every feature Proctor switches off', () => {
    const environment = environmentChromiumArgs({
      userDataDir: '/tmp/p',
      windowWidth: 800,
      windowHeight: 600,
    });
    for (const args of [environment, PLAYWRIGHT_CHROMIUM_ARGS]) {
      expect(disabledFeatures(args)).toHaveLength(1);
      expect(disabledFeatures(args)[0]).toEqual(expect.arrayContaining(CHROMIUM_DISABLED_FEATURES));
      expect(args).toContain('--headless');
    }
    expect(environment).toEqual(
      expect.arrayContaining(['--remote-debugging-pipe', '--user-data-dir=/tmp/p', '--window-size=800,600']),
    );
    expect(environment.at(-1)).toBe('about:blank');
  });
});
