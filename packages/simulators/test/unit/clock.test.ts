import { describe, expect, it } from 'vitest';
import { SimulatorClock } from '../../src/index';

describe('SimulatorClock', () => {
  const start = '2026-03-02T09:00:00.000Z';

  it('should advance one step on the first read of a state-changing request, then hold', () => {
    const clock = new SimulatorClock({ start });
    clock.beginRequest(true);
    expect(clock.iso()).toBe('2026-03-02T09:01:00.000Z');
    expect(clock.iso()).toBe('2026-03-02T09:01:00.000Z');
    clock.endRequest();
    clock.beginRequest(true);
    expect(clock.iso()).toBe('2026-03-02T09:02:00.000Z');
    clock.endRequest();
  });

  it('should not move for GET requests, for requests that never read it, or outside requests', () => {
    const clock = new SimulatorClock({ start, stepMs: 1000 });
    clock.beginRequest(false);
    expect(clock.iso()).toBe(start);
    clock.endRequest();
    clock.beginRequest(true);
    clock.endRequest();
    expect(clock.iso()).toBe(start);
  });

  it('should restore a saved instant', () => {
    const clock = new SimulatorClock({ start });
    const saved = clock.state();
    clock.beginRequest(true);
    clock.now();
    clock.restore(saved);
    expect(clock.iso()).toBe(start);
  });

  it('should refuse a start that is not a date', () => {
    expect(() => new SimulatorClock({ start: 'yesterday' })).toThrow(/not an ISO date/);
  });
});
