import { describe, expect, it } from 'vitest';
import { HEADLESS_SHELL_PATH, preferredChromiumPath, SYSTEM_CHROMIUM_PATH } from '../src/chromium';

describe('preferredChromiumPath', () => {
  it('should prefer the headless shell when it is installed, and fall back to the system Chromium', () => {
    expect(preferredChromiumPath((path) => path === HEADLESS_SHELL_PATH)).toBe(HEADLESS_SHELL_PATH);
    expect(preferredChromiumPath(() => false)).toBe(SYSTEM_CHROMIUM_PATH);
  });
});
