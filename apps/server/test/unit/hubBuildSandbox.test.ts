import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HubBuildEvent, HubBuildResult } from '@proctor/contracts';
import { PROCTOR_ROOT, SEED_SNAPSHOT_FILE, SIMULATOR_BUNDLE_FILE } from '@proctor/simulators/build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNote,
  kitProjectFiles,
  writeKitProject,
} from '../../../../packages/simulators/test/support/kitProject';
import { sandboxProblem } from '../../src/agents/sandbox';
import { runHubBuild } from '../../src/environments/hubBuild';

const problem = sandboxProblem();
const BUILD_TIMEOUT_MS = 120_000;

const folders: string[] = [];
async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

async function build(checkout: string, timeoutMs = BUILD_TIMEOUT_MS) {
  folders.push(checkout);
  const events: HubBuildEvent[] = [];
  const out = await folder('proctor-hub-build-');
  const result: HubBuildResult = await runHubBuild({
    checkout,
    out,
    timeoutMs,
    memoryLimitBytes: 2 * 1024 ** 3,
    onEvent: (event) => events.push(event),
  });
  return { result, events, out };
}

/** What a test case's script found when it reached for the host: written to standard error, read from the log. */
const PROBE = 'probe: ';
/** A file of Proctor's install outside its node_modules and packages. */
const PROCTOR_FILE = join(PROCTOR_ROOT, 'package.json');

describe.skipIf(problem !== null)(
  `the hub build in the sandbox${problem ? ` (skipped: ${problem})` : ''}`,
  () => {
    let secret: string;
    let host: Server;
    let connections = 0;
    let proven: Awaited<ReturnType<typeof build>>;

    beforeAll(async () => {
      // A host file the sandbox's user could read (world-readable) were it shown: only the missing bind stops it.
      const dataDir = await folder('proctor-data-');
      await chmod(dataDir, 0o755);
      secret = join(dataDir, 'secret.txt');
      await writeFile(secret, 'the server’s secret', { mode: 0o644 });
      host = createServer((socket) => {
        connections += 1;
        socket.end('hello from the host');
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const port = (host.address() as { port: number }).port;
      const probe = `import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

const attempt = (read: () => string) => { try { return read(); } catch (error) { return (error as Error).message; } };
const tcp = (port: number) => new Promise<string>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => resolve('connected'));
  socket.on('error', (error) => resolve(error.message));
});

export async function reachForTheHost(): Promise<void> {
  const found = {
    secret: attempt(() => readFileSync(${JSON.stringify(secret)}, 'utf8')),
    server: attempt(() => readFileSync(${JSON.stringify(PROCTOR_FILE)}, 'utf8')),
    tcp: await tcp(${port}),
  };
  console.error(${JSON.stringify(PROBE)} + JSON.stringify(found));
}
`;
      proven = await build(
        await writeKitProject({
          files: {
            'src/testCases.ts': kitProjectFiles({
              solve: `await reachForTheHost();\n    ${addNote('milk')}`,
            })['src/testCases.ts']!.replace(
              "import type { TestCaseDefinition } from '@proctor/simulators/kit';",
              "import type { TestCaseDefinition } from '@proctor/simulators/kit';\nimport { reachForTheHost } from './probe';",
            ),
            'src/probe.ts': probe,
          },
        }),
      );
    }, BUILD_TIMEOUT_MS);

    afterAll(async () => {
      host?.close();
      await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('builds a kit project proven: bundled, seeded, each run of its test case reported', () => {
      expect(proven.result).toMatchObject({
        status: 'proven',
        reason: null,
        simulator: 'notes',
        testCases: 1,
        dataset: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      const cases = proven.events.filter((event) => event.type === 'case');
      expect(
        cases
          .map(({ key, variant, passed }) => ({ key, variant, passed }))
          .sort((a, b) => a.variant.localeCompare(b.variant)),
      ).toEqual([
        { key: 'add-milk', variant: 'solve', passed: true },
        { key: 'add-milk', variant: 'wrong', passed: true },
      ]);
      expect(existsSync(join(proven.out, SIMULATOR_BUNDLE_FILE))).toBe(true);
      expect(existsSync(join(proven.out, SEED_SNAPSHOT_FILE))).toBe(true);
    });

    it('shows the build no host file outside its binds and no host port', () => {
      const line = proven.events.find((event) => event.type === 'log' && event.line.startsWith(PROBE));
      expect(line, 'the probe ran').toBeDefined();
      const found = JSON.parse((line as { line: string }).line.slice(PROBE.length)) as Record<string, string>;
      expect(found.secret).toMatch(/ENOENT/);
      // Of Proctor's own folder, only node_modules and packages are shown.
      expect(existsSync(PROCTOR_FILE)).toBe(true);
      expect(found.server).toMatch(/ENOENT/);
      expect(found.tcp).toMatch(/ECONNREFUSED|ENETUNREACH/);
      expect(connections).toBe(0);
    });

    it(
      'builds failed when a reference solution does not satisfy its test case, saying why',
      async () => {
        const { result, events } = await build(await writeKitProject({ solve: addNote('eggs') }));
        expect(result.status).toBe('failed');
        expect(result.reason).toMatch(
          /^test case add-milk \(solve\): the reference solution did not satisfy the test case: missing: INSERT notes/,
        );
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'case',
            key: 'add-milk',
            variant: 'solve',
            passed: false,
            explanation: expect.stringContaining('expected "milk", got "eggs"'),
          }),
        );
      },
      BUILD_TIMEOUT_MS,
    );

    it('builds failed, saying so, when the build outlasts its time limit', async () => {
      // Starting Node and tsx alone takes longer than this.
      const { result } = await build(await writeKitProject(), 100);
      expect(result).toMatchObject({
        status: 'failed',
        reason: 'the build took longer than its limit of 0.1 s',
      });
    });
  },
);
