import { WEB_FLOW_MESSAGES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { extractOutput, numberIn, type RawItem } from '../../src/services/webFlows/extractOutput';
import { typingSteps } from '../../src/services/webFlows/typing';

describe("an act's text", () => {
  it('should press [Key]s where they are written and type the text between them', () => {
    expect(typingSteps('linen sheets[Enter]', {})).toEqual([{ text: 'linen sheets' }, { key: 'Enter' }]);
    expect(typingSteps('[Control+A]new[Tab][Shift+Tab]', {})).toEqual([
      { key: 'Control+A' },
      { text: 'new' },
      { key: 'Tab' },
      { key: 'Shift+Tab' },
    ]);
  });

  it('should type brackets that are not keys as text', () => {
    expect(typingSteps('item [1] of [a] [sic]', {})).toEqual([{ text: 'item [1] of [a] [sic]' }]);
  });

  it("should fill {{name}} from the run's parameters and type a value's brackets, never press them", () => {
    expect(typingSteps('{{ query }} in {{city}}[Enter]', { query: '[Enter]', city: 'Oslo' })).toEqual([
      { text: '[Enter] in Oslo' },
      { key: 'Enter' },
    ]);
    expect(typingSteps('{{count}}', { count: 3 })).toEqual([{ text: '3' }]);
  });

  it('should refuse a parameter the run did not give, by name', () => {
    expect(() => typingSteps('{{missing}}', {})).toThrow(WEB_FLOW_MESSAGES.missingParameter('missing'));
    expect(() => typingSteps('{{toString}}', {})).toThrow(WEB_FLOW_MESSAGES.missingParameter('toString'));
  });
});

describe("an extract's output", () => {
  const item = (value: string | null, filters: (string | null)[] = [], sub: RawItem[][] = []): RawItem => ({
    value,
    filters,
    sub,
  });

  it('should read numbers out of prices and leave text without one null', () => {
    expect(numberIn('$1,234.50')).toBe(1234.5);
    expect(numberIn('-3 °C')).toBe(-3);
    expect(numberIn('.5 kg')).toBe(0.5);
    expect(numberIn('free')).toBeNull();
    expect(numberIn(null)).toBeNull();
  });

  it('should keep the elements every filter lets through, coerced to the field type', () => {
    const output = extractOutput(
      [
        {
          id: 'p',
          name: 'prices',
          type: 'number',
          isArray: true,
          filters: [
            { element: '', attribute: 'data-sale', operator: 'exists', value: '' },
            { element: '', attribute: '', operator: 'regex', value: '^\\$\\d+' },
          ],
          subParameters: [],
        },
        { id: 'b', name: 'inStock', type: 'boolean', isArray: false, filters: [], subParameters: [] },
        { id: 'n', name: 'nothing', type: 'string', isArray: false, filters: [], subParameters: [] },
      ],
      [
        [item('$12', ['', '$12']), item('$15', [null, '$15']), item('about $9', ['', 'about $9'])],
        [item('No')],
        [],
      ],
    );
    expect(output).toEqual({ prices: [12], inStock: false, nothing: null });
  });

  it('should make objects of sub-parameters, read inside each element', () => {
    const output = extractOutput(
      [
        {
          id: 'rows',
          name: 'rows',
          type: 'object',
          isArray: true,
          filters: [{ element: '.title', attribute: '', operator: 'contains', value: 'Mug' }],
          subParameters: [
            { id: 't', name: 'title', type: 'string', isArray: false, filters: [], subParameters: [] },
            { id: 'c', name: 'checked', type: 'boolean', isArray: false, filters: [], subParameters: [] },
          ],
        },
      ],
      [
        [
          item(
            null,
            ['Blue Mug'],
            [[item('Blue Mug')], [{ value: '', checked: true, filters: [], sub: [] }]],
          ),
          item(null, ['Plate'], [[item('Plate')], [item('')]]),
        ],
      ],
    );
    expect(output).toEqual({ rows: [{ title: 'Blue Mug', checked: true }] });
  });

  it('should run a regex built to backtrack in linear time', () => {
    const subject = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    const output = extractOutput(
      [
        {
          id: 'x',
          name: 'x',
          type: 'string',
          isArray: true,
          filters: [{ element: '', attribute: '', operator: 'regex', value: '^(a+)+$' }],
          subParameters: [],
        },
      ],
      [[item(subject, [subject])]],
    );
    expect(output).toEqual({ x: [] });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
