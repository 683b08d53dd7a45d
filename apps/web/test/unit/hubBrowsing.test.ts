import { HUB } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/ApiError';
import {
  breadcrumbOf,
  cloneCommand,
  createFailure,
  preferredBranch,
  previewsAsText,
  shownCredentials,
  sizeInKb,
} from '../../src/features/hub/repositoryBrowsing';

const branches = (...names: string[]) => names.map((name) => ({ name }));

describe('hub repository browsing', () => {
  it('should open main, then master, then default, else the first branch', () => {
    expect(preferredBranch(branches('feature', 'master', 'main'))).toBe('main');
    expect(preferredBranch(branches('default', 'master'))).toBe('master');
    expect(preferredBranch(branches('feature', 'default'))).toBe('default');
    expect(preferredBranch(branches('feature', 'release'))).toBe('feature');
    expect(preferredBranch([])).toBeNull();
  });

  it('should show sizes in KB with one decimal, a small file never as 0', () => {
    expect(sizeInKb(0)).toBe('0 KB');
    expect(sizeInKb(12)).toBe('0.1 KB');
    expect(sizeInKb(1024)).toBe('1.0 KB');
    expect(sizeInKb(1536)).toBe('1.5 KB');
    expect(sizeInKb(HUB.previewMaxBytes)).toBe('1024.0 KB');
  });

  it('should build the breadcrumb of a folder from the root down', () => {
    expect(breadcrumbOf('')).toEqual([]);
    expect(breadcrumbOf('src/pages/admin')).toEqual([
      { label: 'src', path: 'src' },
      { label: 'pages', path: 'src/pages' },
      { label: 'admin', path: 'src/pages/admin' },
    ]);
  });

  it('should give the CLI clone command of a simulator', () => {
    expect(cloneCommand('shop')).toBe('proctor hub clone shop');
  });

  it('should preview only text that came with its content within the limit', () => {
    const text = { content: 'hello', encoding: 'utf-8' as const, too_large: false, binary: false, size: 5 };
    expect(previewsAsText(text)).toBe(true);
    expect(previewsAsText({ ...text, encoding: 'base64', binary: true })).toBe(false);
    expect(previewsAsText({ ...text, content: null, too_large: true, size: HUB.previewMaxBytes + 1 })).toBe(
      false,
    );
  });

  it("should show the git credentials, or 'Error' and 'Failed to load' when they could not be read", () => {
    const credentials = { username: 'ada@example.com', password: 'hub_secret' };
    expect(shownCredentials({ data: credentials, isError: false })).toEqual(credentials);
    expect(shownCredentials({ data: undefined, isError: false })).toBeNull();
    expect(shownCredentials({ data: undefined, isError: true })).toEqual({
      username: 'Error',
      password: 'Failed to load',
    });
  });

  it("should tell a failed creation by the server's reason, else 'Failed to create repository'", () => {
    expect(createFailure(new ApiError(409, 'A repository already exists for this simulator'))).toBe(
      'A repository already exists for this simulator',
    );
    expect(createFailure(new ApiError(0, 'Failed to fetch'))).toBe('Failed to create repository');
    expect(createFailure(new Error('boom'))).toBe('Failed to create repository');
  });
});
