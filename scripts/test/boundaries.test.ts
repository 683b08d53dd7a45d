import { describe, expect, it } from 'vitest';
import { findViolations } from '../boundaries';

const check = (path: string, source: string) => findViolations([{ path, source }]).map((v) => v.rule);

describe('import boundaries', () => {
  it('should refuse server code in the SPA, by package name or by relative path', () => {
    expect(check('apps/web/src/App.tsx', "import { createProctor } from '@proctor/server';")).toEqual([
      'the SPA imports only @proctor/contracts',
    ]);
    expect(check('apps/web/src/x.ts', "import { db } from '../../server/src/context';")).toEqual([
      'relative imports must not leave their workspace; import the package by name',
    ]);
    expect(check('apps/web/src/x.ts', "import { endpoints } from '@proctor/contracts';")).toEqual([]);
  });

  it('should refuse packages importing apps', () => {
    expect(check('packages/db/src/x.ts', "export { buildApp } from '@proctor/server';")).toEqual([
      'packages never import apps',
    ]);
    expect(check('packages/db/src/x.ts', "const m = await import('@proctor/web');")).toEqual([
      'packages never import apps',
    ]);
  });

  it('should keep contracts free of Node and of other dependencies', () => {
    expect(check('packages/contracts/src/x.ts', "import { readFileSync } from 'node:fs';")).toEqual([
      'contracts must not touch Node',
      'contracts depend only on zod and re2js',
    ]);
    expect(check('packages/contracts/src/x.ts', "import { Ajv } from 'ajv';")).toEqual([
      'contracts depend only on zod and re2js',
    ]);
    expect(
      check(
        'packages/contracts/src/x.ts',
        "import { z } from 'zod';\nimport { RE2JS } from 're2js';\nimport { a } from './a';",
      ),
    ).toEqual([]);
  });

  it('should allow apps to import packages', () => {
    expect(check('apps/server/src/x.ts', "import { users } from '@proctor/db';")).toEqual([]);
  });
});
