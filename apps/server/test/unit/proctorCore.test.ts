import { describe, expect, it } from 'vitest';
import { PROCTOR_CORE_SIZE, proctorCoreSelection } from '../../src/services/proctorCore';

/** A simulator's test cases by reasoning level, in definition order: `levels(1, 1, 2)`. */
const levels = (...numbers: number[]) => ({
  testCases: numbers.map((level) => ({ metadata: { reasoning_level: `level_${level}` } })),
});
const many = (count: number) => levels(...Array.from({ length: count }, (_, i) => (i % 5) + 1));
const sizes = (selection: number[][]) => selection.map((chosen) => chosen.length);

describe('Proctor Core', () => {
  it('should draw a hundred test cases evenly over the simulators', () => {
    const selection = proctorCoreSelection([many(50), many(50), many(50)]);
    expect(sizes(selection)).toEqual([34, 33, 33]);
    expect(sizes(selection).reduce((a, b) => a + b)).toBe(PROCTOR_CORE_SIZE);
  });

  it('should take all of a small simulator and the rest from the others', () => {
    expect(sizes(proctorCoreSelection([many(5), many(60), many(60)]))).toEqual([5, 48, 47]);
    expect(sizes(proctorCoreSelection(Array.from({ length: 10 }, () => many(22))))).toEqual(
      Array.from({ length: 10 }, () => 10),
    );
  });

  it('should hold every test case while fewer than a hundred are built in', () => {
    expect(proctorCoreSelection([many(3), many(2)])).toEqual([
      [0, 1, 2],
      [0, 1],
    ]);
  });

  it("should spread a simulator's share over its reasoning levels, each in definition order", () => {
    const simulator = levels(1, 1, 1, 2, 2, 3, 5, 5);
    // Two simulators and a hundred to draw would take all; a size of 8 gives each 4.
    const [first] = proctorCoreSelection([simulator, many(10)], 8);
    // The first case of levels 1, 2, 3 and 5, in definition order.
    expect(first).toEqual([0, 3, 5, 6]);
    const [wider] = proctorCoreSelection([simulator, many(10)], 12);
    // Then each level's second case, lowest level first: level 1's and level 2's.
    expect(wider).toEqual([0, 1, 3, 4, 5, 6]);
  });
});
