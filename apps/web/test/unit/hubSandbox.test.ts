import { describe, expect, it } from 'vitest';
import { cloneCommand, sandboxCommands } from '../../src/features/hub/repositoryBrowsing';

describe("the hub's Sandbox popover", () => {
  it('should clone, step into the clone, serve it and prove it with the proctor command', () => {
    expect(sandboxCommands('shop', 'shop')).toEqual([
      'proctor hub clone shop',
      'cd shop',
      'proctor hub sandbox',
      'proctor hub sandbox --prove',
    ]);
  });

  it('should step into the folder the clone makes, named after the repository', () => {
    const commands = sandboxCommands('shop', 'shop-simulator');
    expect(commands[0]).toBe(cloneCommand('shop'));
    expect(commands[1]).toBe('cd shop-simulator');
  });
});
