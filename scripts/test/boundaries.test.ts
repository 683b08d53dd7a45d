import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, findViolations, type SourceFile, type Workspace } from '../boundaries';

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
    expect(check('apps/server/src/repositories/x.ts', "import { users } from '@proctor/db';")).toEqual([]);
    expect(check('apps/web/src/x.ts', "import { endpoints } from '@proctor/contracts';")).toEqual([]);
  });

  it('should keep the server layers pointing down, and same-layer folders apart', () => {
    expect(check('apps/server/src/routes/x.ts', "import { s } from '../services/sessions';")).toEqual([]);
    expect(check('apps/server/src/main.ts', "import { createProctor } from './app/server';")).toEqual([]);
    expect(
      check('apps/server/src/repositories/x.ts', "import type { Viewer } from '../kernel/access/viewer';"),
    ).toEqual([]);
    expect(check('apps/server/src/kernel/config.ts', "import { s } from '../services/sessions';")).toEqual([
      'kernel (layer 1) must not import services (layer 5): layers import downwards only',
    ]);
    expect(
      check('apps/server/src/services/x.ts', "import type { P } from '../presenters/testCase';"),
    ).toEqual(['services (layer 5) must not import presenters (layer 5): layers import downwards only']);
    expect(check('apps/server/src/app/server.ts', "import { main } from '../main';")).toEqual([
      'app (layer 7) must not import main.ts (layer 8): layers import downwards only',
    ]);
    expect(check('apps/server/src/extras/x.ts', "import { c } from '../kernel/config';")).toEqual([
      'extras has no layer: add it to SERVER_LAYERS (scripts/boundaries.ts)',
    ]);
  });

  it('should leave SQL to the repositories: no drizzle and no tables elsewhere, types and ids allowed', () => {
    expect(check('apps/server/src/services/x.ts', "import { eq } from 'drizzle-orm';")).toEqual([
      'only repositories/ write SQL: ask a repository',
    ]);
    expect(
      check('apps/server/src/routes/x.ts', "import { sessions, type Executor } from '@proctor/db';"),
    ).toEqual(['only repositories/ use the tables: ask a repository (types may be imported anywhere)']);
    expect(
      check(
        'apps/server/src/services/x.ts',
        "import type { Database } from '@proctor/db';\nimport { type Executor, newPublicId } from '@proctor/db';",
      ),
    ).toEqual([]);
    expect(check('apps/server/src/repositories/x.ts', "import { and, eq } from 'drizzle-orm';")).toEqual([]);
  });

  it('should keep product code away from testing entries, by package name or by relative path', () => {
    expect(
      check('apps/server/src/x.ts', "import { launchChromium } from '@proctor/simulators/testing';"),
    ).toEqual(['product code never imports a testing entry: it is for tests']);
    expect(
      check('packages/simulators/src/kit.ts', "export { InstanceClient } from './testing/index';"),
    ).toEqual(['product code never imports a testing entry: it is for tests']);
    expect(check('packages/simulators/src/web/x.ts', "import type { C } from '../testing';")).toEqual([
      'product code never imports a testing entry: it is for tests',
    ]);
    expect(
      check('apps/server/src/x.ts', "import { runTestCase } from '@proctor/simulators/reference';"),
    ).toEqual([]);
    // Tests and the testing folder itself may use it.
    expect(
      check('apps/server/test/x.test.ts', "import { InstanceClient } from '@proctor/simulators/testing';"),
    ).toEqual([]);
    expect(check('packages/simulators/src/testing/harness.ts', "import { a } from './index';")).toEqual([]);
  });

  it('should reach a web feature from outside only through its index', () => {
    const rule = 'a web feature is reached from outside only through its index.ts';
    expect(
      check('apps/web/src/app/routes.tsx', "import { RunsPage } from '../features/runs/pages/RunsPage';"),
    ).toEqual([rule]);
    expect(
      check('apps/web/src/features/sessions/x.ts', "import { runAccess } from '../runs/runAccess';"),
    ).toEqual([rule]);
    expect(check('apps/web/src/app/routes.tsx', "import { RunsPage } from '../features/runs';")).toEqual([]);
    expect(
      check('apps/web/src/app/routes.tsx', "import { RunsPage } from '../features/runs/index';"),
    ).toEqual([]);
    expect(
      check('apps/web/src/features/runs/pages/RunsPage.tsx', "import { a } from '../hooks/useRuns';"),
    ).toEqual([]);
  });
});

const WORKSPACES: Workspace[] = [
  {
    name: '@proctor/kit',
    dir: 'packages/kit',
    exports: { '.': './src/index.ts', './extra': './src/extra/index.ts' },
  },
];

const cyclesOf = (files: Record<string, string>) =>
  findCycles(
    Object.entries(files).map(([path, source]): SourceFile => ({ path, source })),
    WORKSPACES,
  );

describe('import cycles', () => {
  it('should find a cycle of value imports across a package entry, naming its files in import order', () => {
    const cycles = cyclesOf({
      'apps/server/src/a.ts': "import { b } from './b';",
      'apps/server/src/b.ts': "import { kit } from '@proctor/kit';\nexport const b = kit;",
      'packages/kit/src/index.ts': "export { extra } from './extra';",
      'packages/kit/src/extra/index.ts': "import { a } from '../../../../apps/server/src/a';",
      'apps/server/src/c.ts': "import { a } from './a';",
    });
    expect(cycles).toEqual([
      {
        files: [
          'apps/server/src/a.ts',
          'apps/server/src/b.ts',
          'packages/kit/src/extra/index.ts',
          'packages/kit/src/index.ts',
        ],
        loop: [
          'apps/server/src/a.ts',
          'apps/server/src/b.ts',
          'packages/kit/src/index.ts',
          'packages/kit/src/extra/index.ts',
          'apps/server/src/a.ts',
        ],
      },
    ]);
  });

  it('should find cycles made only of type imports, re-exports and dynamic imports', () => {
    const cycles = cyclesOf({
      'packages/kit/src/definition.ts': "import type { Context } from './web/context';",
      'packages/kit/src/web/context.ts': "import type {\n  Definition,\n} from '../definition';",
      'packages/kit/src/runtime/instance.ts': "export type { Request } from '../web/pipeline.js';",
      'packages/kit/src/web/pipeline.ts': 'type I = typeof import("../runtime/instance");',
      'packages/kit/src/self.tsx': "import './self';",
    });
    expect(cycles.map((cycle) => cycle.loop)).toEqual([
      ['packages/kit/src/definition.ts', 'packages/kit/src/web/context.ts', 'packages/kit/src/definition.ts'],
      [
        'packages/kit/src/runtime/instance.ts',
        'packages/kit/src/web/pipeline.ts',
        'packages/kit/src/runtime/instance.ts',
      ],
      ['packages/kit/src/self.tsx', 'packages/kit/src/self.tsx'],
    ]);
  });

  it('should pass a straight chain, also where two of its files import the same third', () => {
    expect(
      cyclesOf({
        'apps/server/src/routes.ts':
          "import { service } from './service';\nimport type { Row } from './repository';",
        'apps/server/src/service.ts':
          "import { insert } from './repository';\nimport { kit } from '@proctor/kit';",
        'apps/server/src/repository.ts': "import { z } from 'zod';\nimport { db } from '@proctor/db';",
        'packages/kit/src/index.ts': "export * from './extra/index';",
        'packages/kit/src/extra/index.ts': "import { readFileSync } from 'node:fs';",
      }),
    ).toEqual([]);
  });
});

describe('the lint over a fixture repository', () => {
  const script = fileURLToPath(new URL('../check-boundaries.ts', import.meta.url));
  // The fixture has no node_modules: tsx is loaded from this repository's.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const lint = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'proctor-boundaries-'));
    try {
      for (const [path, source] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), source);
      }
      execFileSync('git', ['init', '--quiet'], { cwd: root });
      const run = spawnSync(process.execPath, ['--import', tsx, script], { cwd: root, encoding: 'utf8' });
      return { status: run.status, output: run.stdout + run.stderr };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  const kitPackage = JSON.stringify({ name: '@proctor/kit', exports: { '.': './src/index.ts' } });

  it('should fail on a cycle, naming its files, and pass once it is broken', () => {
    const cyclic = lint({
      'packages/kit/package.json': kitPackage,
      'packages/kit/src/index.ts': "export { a } from './a';",
      'packages/kit/src/a.ts': "import type { B } from './b';\nexport const a = 1;",
      'packages/kit/src/b.ts': "import { a } from './a';\nexport type B = typeof a;",
    });
    expect(cyclic.status).toBe(1);
    expect(cyclic.output).toContain(
      'import cycle of 2 files: packages/kit/src/a.ts → packages/kit/src/b.ts → packages/kit/src/a.ts',
    );

    const straight = lint({
      'packages/kit/package.json': kitPackage,
      'packages/kit/src/index.ts': "export { a } from './a';",
      'packages/kit/src/a.ts': "import type { B } from './b';\nexport const a: B = 1;",
      'packages/kit/src/b.ts': 'export type B = number;',
    });
    expect(straight).toEqual({ status: 0, output: 'import boundaries: 3 files, no violations, no cycles\n' });
  });

  it('should fail on an import that runs up the server layers, and pass once it runs down', () => {
    const upward = lint({
      'apps/server/src/kernel/config.ts':
        "import { listSessions } from '../services/sessions';\nexport const c = 1;",
      'apps/server/src/services/sessions.ts': 'export const listSessions = () => [];',
    });
    expect(upward.status).toBe(1);
    expect(upward.output).toContain(
      'apps/server/src/kernel/config.ts: "../services/sessions": kernel (layer 1) must not import services (layer 5)',
    );

    const downward = lint({
      'apps/server/src/kernel/config.ts': 'export const c = 1;',
      'apps/server/src/services/sessions.ts': "import { c } from '../kernel/config';\nexport const s = c;",
    });
    expect(downward).toEqual({ status: 0, output: 'import boundaries: 2 files, no violations, no cycles\n' });
  });

  it('should fail on product code importing a testing entry', () => {
    const result = lint({
      'packages/kit/package.json': kitPackage,
      'packages/kit/src/index.ts': "export { InstanceClient } from './testing';",
      'packages/kit/src/testing/index.ts': 'export class InstanceClient {}',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'packages/kit/src/index.ts: "./testing": product code never imports a testing entry: it is for tests',
    );
  });
});
