import { ALIAS_MESSAGE, KEEPALIVE_REQUIRED_MESSAGE } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { parseOutputValue, scoresOutput } from '../../src/features/environments/outputValue';
import { environmentListOrder } from '../../src/features/environments/simulatorOrder';
import { keepaliveFormProblem } from '../../src/features/publicUrls/keepaliveForm';

describe('playground environment list', () => {
  it('should list enabled simulators first, then by name', () => {
    const simulators = [
      { name: 'tracker', enabled: false },
      { name: 'shop', enabled: true },
      { name: 'calendar', enabled: true },
      { name: 'admin-portal', enabled: false },
      { name: 'Mail', enabled: true },
    ];
    expect(environmentListOrder(simulators).map((simulator) => simulator.name)).toEqual([
      'calendar',
      'Mail',
      'shop',
      'admin-portal',
      'tracker',
    ]);
    expect(simulators[0]?.name).toBe('tracker');
  });
});

describe('playground output value', () => {
  it('should require an output and parse it as JSON', () => {
    expect(parseOutputValue('  ')).toEqual({
      ok: false,
      error: 'Output value is required for output scoring type',
    });
    expect(parseOutputValue('{"total": 42}')).toEqual({ ok: true, value: { total: 42 } });
    const invalid = parseOutputValue('{total: 42}');
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error).toMatch(/^Invalid JSON format: /);
  });

  it('should ask for an output only for test cases scored on it', () => {
    expect(scoresOutput({ scoringTypes: ['mutations', 'output'] })).toBe(true);
    expect(scoresOutput({ scoringTypes: ['mutations'] })).toBe(false);
    expect(scoresOutput(null)).toBe(false);
  });
});

describe('create keepalive environment form', () => {
  it('should require a simulator and an alias of letters, numbers and hyphens', () => {
    expect(keepaliveFormProblem({ simulator: null, alias: 'demo' })).toBe(KEEPALIVE_REQUIRED_MESSAGE);
    expect(keepaliveFormProblem({ simulator: 'shop', alias: '  ' })).toBe(KEEPALIVE_REQUIRED_MESSAGE);
    expect(keepaliveFormProblem({ simulator: 'shop', alias: 'demo shop' })).toBe(ALIAS_MESSAGE);
    expect(keepaliveFormProblem({ simulator: 'shop', alias: 'demo_shop' })).toBe(ALIAS_MESSAGE);
    expect(keepaliveFormProblem({ simulator: 'shop', alias: 'Demo-Shop-2' })).toBeNull();
  });
});
