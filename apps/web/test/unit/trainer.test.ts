import { describe, expect, it } from 'vitest';
import {
  formatElapsed,
  outputValue,
  pickedText,
  secondsBetween,
  trainerOutput,
} from '../../src/features/trainer/trainerOutput';

describe('trainer output', () => {
  it('should read a picked element as the field type when it can, and keep its text when it cannot', () => {
    expect(pickedText('  Cast-iron\n  skillet ', 'string')).toBe('Cast-iron skillet');
    expect(pickedText('$1,299.50', 'number')).toBe('1299.5');
    expect(pickedText('Only -3 left', 'number')).toBe('-3');
    expect(pickedText('Sold out', 'number')).toBe('Sold out');
    expect(pickedText(' Yes ', 'boolean')).toBe('true');
    expect(pickedText('no', 'boolean')).toBe('false');
    expect(pickedText('In stock', 'boolean')).toBe('In stock');
  });

  it('should send typed values when the text reads as the type, the text as it is otherwise, and leave blanks out', () => {
    expect(outputValue('34.5', 'number')).toBe(34.5);
    expect(outputValue(' 12 ', 'number')).toBe(12);
    expect(outputValue('12 apples', 'number')).toBe('12 apples');
    expect(outputValue('true', 'boolean')).toBe(true);
    expect(outputValue('false', 'boolean')).toBe(false);
    expect(outputValue('maybe', 'boolean')).toBe('maybe');
    expect(outputValue(' a title ', 'string')).toBe(' a title ');
    expect(outputValue('   ', 'string')).toBeUndefined();
    expect(
      trainerOutput({ title: 'string', price: 'number', inStock: 'boolean' }, { price: '3', title: 'Mug' }),
    ).toEqual({ title: 'Mug', price: 3 });
  });

  it('should show elapsed time as HH:mm:ss from whole seconds, never below zero', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(65.9)).toBe('00:01:05');
    expect(formatElapsed(3725)).toBe('01:02:05');
    expect(formatElapsed(100 * 3600)).toBe('100:00:00');
    expect(formatElapsed(-4)).toBe('00:00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00:00');
    expect(secondsBetween(1_000, 2_999)).toBe(1);
    expect(secondsBetween(5_000, 1_000)).toBe(0);
  });
});
