import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/index';

describe('Rng', () => {
  it('should give the same stream for the same seed, and another for another seed', () => {
    const a = new Rng('shop');
    const b = new Rng('shop');
    const c = new Rng('mail');
    const take = (rng: Rng) => Array.from({ length: 5 }, () => rng.uint32());
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
  });

  it('should continue exactly where a saved state left off', () => {
    const rng = new Rng(42);
    rng.token(10);
    const saved = rng.state();
    const next = [rng.int(1, 6), rng.uuid(), rng.float(0, 100)];
    rng.restore(saved);
    expect([rng.int(1, 6), rng.uuid(), rng.float(0, 100)]).toEqual(next);
    expect(new Rng(saved).int(1, 6)).toBe(next[0]);
  });

  it('should fork streams by label without moving the parent', () => {
    const rng = new Rng(7);
    const before = rng.state();
    const users = rng.fork('users').uint32();
    expect(rng.state()).toEqual(before);
    expect(rng.fork('users').uint32()).toBe(users);
    expect(rng.fork('orders').uint32()).not.toBe(users);
  });

  it('should keep values in range and spread them', () => {
    const rng = new Rng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = rng.int(1, 6);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(6);
      seen.add(value);
    }
    expect(seen.size).toBe(6);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rng.sample([1, 2, 3, 4], 3).length).toBe(3);
    expect(new Set(rng.shuffle([1, 2, 3, 4]))).toEqual(new Set([1, 2, 3, 4]));
  });
});
