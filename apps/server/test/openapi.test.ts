import * as contracts from '@proctor/contracts';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases } from './support/databases';
import { startTestProctor, type TestProctor } from './support/proctor';

/**
 * `/docs/json` is what the home page tells users to feed to `npx openapi-typescript`, and what any other
 * client generator reads: it must be a valid OpenAPI document whose every `$ref` resolves.
 *
 * The document is built from the contract alone, never from the database, so one database (PGlite, always
 * available) is enough; running it on each engine would test the same bytes twice.
 */
describe('the API description at /docs/json', () => {
  let proctor: TestProctor | undefined;
  /** The document as served; each test parses its own copy, as the tools dereference in place. */
  let served: string;

  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!);
    const response = await proctor.request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    served = response.body;
  });
  afterAll(async () => {
    await proctor?.close();
  });

  it('should be valid OpenAPI, with every $ref resolving', async () => {
    const result = await validate(JSON.parse(served));
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('should define every schema the contract names with .meta({ id })', () => {
    const named = Object.values(contracts).flatMap((value) => {
      const id = value instanceof z.ZodType ? z.globalRegistry.get(value)?.id : undefined;
      return id ? [id] : [];
    });
    expect(named).toEqual(expect.arrayContaining(['User', 'ErrorResponse']));
    const document = JSON.parse(served) as { components?: { schemas?: Record<string, unknown> } };
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(named));
  });

  it('should generate TypeScript types with openapi-typescript', async () => {
    const types = astToString(await openapiTS(JSON.parse(served)));
    expect(types).toContain('"/api/user/from-session"');
    expect(types).toMatch(/^\s+User: \{$/m);
    expect(types).toContain('components["schemas"]["User"]');
  });
});
