import { describe, expect, it } from 'vitest';
import { defaultOutputSchema, linearPatternProblem, linearRegExp, outputSchemaProblem } from '../src';

describe('linearRegExp', () => {
  it('should answer a catastrophic pattern on a hostile string', () => {
    const catastrophic = linearRegExp('^(a+)+$');
    expect(catastrophic.test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(catastrophic.test('a'.repeat(40))).toBe(true);
  });

  it('should search anywhere in the text, as RegExp.test, in ECMAScript syntax', () => {
    expect(linearRegExp('^/orders/\\d+$').test('/orders/1042')).toBe(true);
    expect(linearRegExp('orders/\\d').test('/api/orders/7?x=1')).toBe(true);
    expect(linearRegExp('^/orders/\\d+$').test('/orders/new')).toBe(false);
    expect(linearRegExp('(?<id>\\w+)@example\\.com').test('ann_1@example.com')).toBe(true);
    expect(linearRegExp('^\\u00e9\\p{Lu}$', { unicode: true }).test('éÄ')).toBe(true);
    expect(linearRegExp('[(?=]').test('(')).toBe(true);
  });

  it('should refuse lookaround and backreferences, saying why', () => {
    for (const pattern of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b'])
      expect(linearPatternProblem(pattern), pattern).toBe(
        'uses a lookahead or lookbehind ((?=, (?!, (?<=, (?<!), which is not supported: patterns run in linear time, with RE2',
      );
    for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>'])
      expect(linearPatternProblem(pattern), pattern).toBe(
        'uses a backreference (\\1, \\k<name>), which is not supported: patterns run in linear time, with RE2',
      );
    expect(() => linearRegExp('(a)\\1')).toThrow('The pattern "(a)\\\\1" uses a backreference');
  });

  it('should refuse invalid ECMAScript, and what RE2 cannot run, with the reason', () => {
    expect(linearPatternProblem('(')).toMatch(/^is not a valid regular expression \(.+\)$/);
    expect(linearPatternProblem('a\\-', { unicode: true })).toMatch(/^is not a valid regular expression/);
    expect(linearPatternProblem('a\\-')).toBeNull();
    expect(linearPatternProblem('a{1001}')).toBe(
      'is not supported by RE2, the linear-time engine patterns run on (invalid repeat count: `{1001}`)',
    );
  });

  it('should name each pattern and mode apart (Ajv keys patterns by it)', () => {
    expect(String(linearRegExp('a+'))).toBe('/a+/');
    expect(String(linearRegExp('a+', { unicode: true }))).toBe('/a+/u');
  });
});

describe('outputSchemaProblem', () => {
  it('should accept the default schema, boolean subschemas and the patterns RE2 runs', () => {
    expect(outputSchemaProblem(defaultOutputSchema())).toBeNull();
    expect(
      outputSchemaProblem({
        type: 'object',
        properties: { id: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' }, any: true },
        patternProperties: { '^x-\\w+$': { type: 'number' } },
        additionalProperties: false,
      }),
    ).toBeNull();
  });

  it('should refuse a pattern RE2 cannot run wherever a schema may sit', () => {
    const lookahead = 'uses a lookahead or lookbehind';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pattern: '^(a)\\1$' }, 'schema.pattern uses a backreference'],
      [{ patternProperties: { '^(?!x)': {} } }, `schema.patternProperties["^(?!x)"] ${lookahead}`],
      [
        { patternProperties: { '^x': { pattern: '(?=a)' } } },
        `schema.patternProperties["^x"].pattern ${lookahead}`,
      ],
      [{ additionalProperties: { pattern: '(?=a)' } }, `schema.additionalProperties.pattern ${lookahead}`],
      [{ anyOf: [{}, { pattern: '(?=a)' }] }, `schema.anyOf.1.pattern ${lookahead}`],
      [{ items: [{}, { pattern: '(?=a)' }] }, `schema.items.1.pattern ${lookahead}`],
      [{ $defs: { code: { pattern: '(?=a)' } } }, `schema.$defs.code.pattern ${lookahead}`],
      [{ dependencies: { a: ['b'], c: { pattern: '(?=a)' } } }, `schema.dependencies.c.pattern ${lookahead}`],
      [{ not: { propertyNames: { pattern: '(?=a)' } } }, `schema.not.propertyNames.pattern ${lookahead}`],
      [{ pattern: '\\p{Script=Greek}' }, 'schema.pattern is not supported by RE2'],
    ];
    for (const [schema, message] of cases)
      expect(outputSchemaProblem(schema), JSON.stringify(schema)).toContain(message);
  });

  it('should refuse nested keywords of the wrong shape', () => {
    expect(outputSchemaProblem({ patternProperties: [] })).toBe('schema.patternProperties must be an object');
    expect(outputSchemaProblem({ anyOf: {} })).toBe('schema.anyOf must be a list of schemas');
    expect(outputSchemaProblem({ not: 'x' })).toBe('schema.not must be a JSON object describing a schema');
  });
});
