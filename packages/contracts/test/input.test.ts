import { describe, expect, it } from 'vitest';
import {
  describeInputProblem,
  inputProblem,
  jsonFieldProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_FIELD_BYTES,
  PageQuery,
  RecordIdInUrl,
  textProblem,
} from '../src';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('input rules', () => {
  it('should refuse NUL and unpaired surrogates, and accept real Unicode', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('\ud800')).toMatch(/unpaired surrogate/);
    expect(textProblem('x\udc00')).toMatch(/unpaired surrogate/);
    expect(textProblem('\udc00\ud800')).toMatch(/unpaired surrogate/);
    expect(textProblem('Chloé 😀 日本')).toBeNull();
  });

  it('should name where a bad value sits, in values and in keys', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: 'a.1.c',
      message: 'must not contain NUL characters',
    });
    expect(inputProblem({ 'k\ud800': 1 })?.message).toMatch(/^key must be valid Unicode/);
    expect(describeInputProblem({ path: 'name', message: 'must not contain NUL characters' }, 'body')).toBe(
      'body.name: must not contain NUL characters',
    );
  });

  it(`should accept JSON ${MAX_JSON_DEPTH} levels deep and refuse one level more, at any depth without overflowing`, () => {
    expect(inputProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(inputProblem(nested(MAX_JSON_DEPTH + 1))?.message).toBe(
      `is nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
    expect(inputProblem(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`))).not.toBeNull();
  });

  it('should refuse a JSON field larger than its cap', () => {
    expect(jsonFieldProblem({ text: 'x'.repeat(MAX_JSON_FIELD_BYTES) })).toMatch(/larger than/);
    expect(jsonFieldProblem({ text: 'x'.repeat(1000) })).toBeNull();
  });
});

describe('ids and page numbers in URLs', () => {
  it('should read decimal digits only', () => {
    expect(RecordIdInUrl.parse('16')).toBe(16);
    expect(RecordIdInUrl.parse(16)).toBe(16);
    for (const loose of ['0x10', '1e3', ' 1', '1 ', '00000000001', '+1', '-1', '1.5', '', '١٦']) {
      expect(RecordIdInUrl.safeParse(loose).success, loose).toBe(false);
    }
    expect(PageQuery.safeParse({ page: '0x2' }).success).toBe(false);
    expect(PageQuery.safeParse({ page_size: '1e1' }).success).toBe(false);
    expect(PageQuery.parse({ page: '2', page_size: '10' })).toEqual({ page: 2, page_size: 10 });
  });
});
