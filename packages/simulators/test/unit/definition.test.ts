import { describe, expect, it } from 'vitest';
import { defineSimulator, type SimulatorInput } from '../../src/index';
import { fixtureSimulator } from '../fixture/index';

const base: SimulatorInput = { ...fixtureSimulator };

describe('defineSimulator', () => {
  it('should fill in the defaults', () => {
    const simulator = defineSimulator({
      ...base,
      config: undefined,
      randomSeed: undefined,
      testCases: undefined,
    });
    expect(simulator.config).toEqual({
      ignore_tables: [],
      ignore_columns: {},
      ignore_tables_with_column_values: {},
    });
    expect([simulator.randomSeed, simulator.simType, simulator.testCases]).toEqual(['fixture', 'app', []]);
  });

  it('should refuse names that cannot sit in a host name', () => {
    expect(() => defineSimulator({ ...base, name: 'My Shop' })).toThrow(/lowercase/);
    expect(() => defineSimulator({ ...base, name: 'shop.v2' })).toThrow(/lowercase/);
  });

  it('should refuse an icon that is not inline SVG or that fetches something', () => {
    expect(() => defineSimulator({ ...base, image: 'https://cdn.example.com/icon.svg' })).toThrow(
      /inline SVG/,
    );
    expect(() =>
      defineSimulator({ ...base, image: '<svg><image href="https://cdn.example.com/a.png"/></svg>' }),
    ).toThrow(/external URLs/);
    expect(() => defineSimulator({ ...base, image: '<svg><style>@import "x.css";</style></svg>' })).toThrow(
      /external URLs/,
    );
  });

  it('should refuse SQL that reads the real clock or randomness', () => {
    for (const schema of [
      'CREATE TABLE t (at TEXT DEFAULT CURRENT_TIMESTAMP)',
      "CREATE TABLE t (at TEXT DEFAULT (datetime('now')))",
      'CREATE TABLE t (token BLOB DEFAULT (randomblob(8)))',
    ]) {
      expect(() => defineSimulator({ ...base, schema }), schema).toThrow(/real clock or randomness/);
    }
  });

  it('should refuse two test cases with the same key', () => {
    const [first] = fixtureSimulator.testCases;
    expect(() => defineSimulator({ ...base, testCases: [first!, first!] })).toThrow(/used twice/);
  });
});
