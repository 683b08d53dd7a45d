import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { endpoints } from '@proctor/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { describeEachDatabase } from './support/proctor';

const run = promisify(execFile);
/** The `proctor` command as `npx proctor` runs it in a Proctor checkout. */
const PROCTOR_BIN = fileURLToPath(new URL('../../../packages/sdk/bin/proctor.js', import.meta.url));

/** A GET to the sandbox's port with the simulator's host name, as a browser resolving *.localhost sends it. */
function visit(origin: string) {
  const url = new URL(origin);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port: url.port, path: '/', headers: { host: url.host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    })
      .on('error', reject)
      .end();
  });
}

/** The repository Create Repository writes, cloned with the CLI, runs in `proctor hub sandbox` as it is. */
describeEachDatabase(
  'proctor hub sandbox on a created repository',
  (proctor) => {
    let workspace: string;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      const baseUrl = await proctor().app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await proctor().actor({ organization: null, permissions: { is_admin: true } });
      const created = await proctor().call(endpoints.createOrganization, {
        body: { name: 'Sandbox Co', purpose: 'Edit simulators' },
        as: admin,
      });
      await proctor().call(endpoints.hubCreateSimulatorRepository, { params: { name: 'shop' }, as: admin });
      env = {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        PROCTOR_URL: baseUrl,
        PROCTOR_API_KEY: created.body.organization!.apiKey!,
      };
      workspace = mkdtempSync(join(tmpdir(), 'proctor-hub-sandbox-'));
      await run(process.execPath, [PROCTOR_BIN, 'hub', 'clone', 'shop'], { cwd: workspace, env });
    }, 120_000);

    afterAll(() => {
      if (workspace) rmSync(workspace, { recursive: true, force: true });
    });

    it("should serve the clone's shop at shop.sandbox.localhost", async () => {
      const sandbox = spawn(process.execPath, [PROCTOR_BIN, 'hub', 'sandbox', '--port', '0', '--no-watch'], {
        cwd: join(workspace, 'shop'),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      sandbox.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      sandbox.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      const exit = new Promise<number | null>((resolve) => sandbox.on('close', resolve));
      try {
        // Two Node processes, tsx compiling the kit, esbuild and the seed: over 20 s on a loaded 2-core machine.
        await expect.poll(() => output, { timeout: 120_000 }).toContain('(Ctrl-C stops)');
        const origin = /at (http:\/\/shop\.sandbox\.localhost:\d+)\//.exec(output)![1]!;
        const home = await visit(origin);
        expect(home.status).toBe(200);
        expect(home.text).toContain('Hearth &amp; Harbor');
      } finally {
        sandbox.kill('SIGTERM');
      }
      expect(await exit).toBe(0);
    }, 300_000);
  },
  {
    builtInSimulators: builtInRegistrations().filter(
      (registration) => registration.simulator.name === 'shop',
    ),
  },
);
