import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { addNote, writeKitProject } from '../../simulators/test/support/kitProject';

/** The command as `npx proctor` runs it in a Proctor checkout. */
const PROCTOR_BIN = fileURLToPath(new URL('../bin/proctor.js', import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * How long a sandbox may take to start or rebuild: two Node processes, tsx compiling the kit, esbuild and the seed,
 * which on a loaded 2-core machine has taken over 20 s (expect.poll's budget here).
 */
const SANDBOX_WAIT = { timeout: 120_000 };
/** A test that starts a sandbox or proves in Chromium, on such a machine. */
const SANDBOX_TEST_MS = 300_000;

const running: Running[] = [];
const projects: string[] = [];

/** `proctor …` started in `cwd`, its standard output and error gathered. */
function proctor(args: string[], cwd: string): Running {
  const child = spawn(process.execPath, [PROCTOR_BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const started = { child, output: () => output, exit };
  running.push(started);
  return started;
}

async function kitProject(options: Parameters<typeof writeKitProject>[0] = {}): Promise<string> {
  const project = await writeKitProject(options);
  projects.push(project);
  return project;
}

/** Waits for the sandbox's last line of its start, and answers the simulator's origin it printed. */
async function started(sandbox: Running): Promise<string> {
  await expect.poll(sandbox.output, SANDBOX_WAIT).toContain('(Ctrl-C stops)');
  return /at (http:\/\/notes\.sandbox\.localhost:\d+)\//.exec(sandbox.output())![1]!;
}

/** An HTTP request to the sandbox's port with the simulator's host name, as a browser resolving *.localhost sends it. */
function visit(origin: string, path: string, form?: Record<string, string>) {
  const url = new URL(path, origin);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: form ? 'POST' : 'GET',
        headers: {
          host: url.host,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

afterEach(async () => {
  for (const { child, exit } of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exit;
  }
  for (const project of projects.splice(0)) await rm(project, { recursive: true, force: true });
}, SANDBOX_WAIT.timeout);

describe('proctor hub sandbox', () => {
  it(
    'should serve the working tree at {name}.sandbox.localhost, print each mutation and rebuild on a change',
    async () => {
      const project = await kitProject();
      const sandbox = proctor(['hub', 'sandbox', '--port', '0'], project);
      const origin = await started(sandbox);
      expect(sandbox.output()).toContain(`sign in at ${origin}/login as ana@example.com, password notes-26`);

      const page = await visit(origin, '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<li>bread</li>');
      expect(sandbox.output()).not.toContain('INSERT');

      expect((await visit(origin, '/notes', { text: 'milk' })).status).toBe(303);
      await expect
        .poll(sandbox.output, SANDBOX_WAIT)
        .toContain('POST /notes: INSERT notes 2 {"id":2,"text":"milk"}');
      expect((await visit(origin, '/')).text).toContain('<li>milk</li>');

      // Another host name on the same port is not the simulator: the answer says where it is.
      const elsewhere = await visit(origin.replace('notes.sandbox.localhost', 'localhost'), '/');
      expect(elsewhere).toEqual({ status: 404, text: `Proctor's sandbox serves notes at ${origin}/\n` });

      const entry = join(project, 'src/index.ts');
      await writeFile(entry, (await readFile(entry, 'utf8')).replace("run('bread')", "run('rye')"));
      await expect
        .poll(sandbox.output, SANDBOX_WAIT)
        .toContain(`rebuilt and restarted from the seed: ${origin}/`);
      const rebuilt = await visit(origin, '/');
      expect(rebuilt.text).toContain('<li>rye</li>');
      expect(rebuilt.text).not.toContain('milk');

      sandbox.child.kill('SIGTERM');
      expect(await sandbox.exit).toBe(0);
    },
    SANDBOX_TEST_MS,
  );

  it(
    'should keep serving the previous build when a change does not compile',
    async () => {
      const project = await kitProject();
      const sandbox = proctor(['hub', 'sandbox', '--port', '0'], project);
      const origin = await started(sandbox);

      await writeFile(join(project, 'src/testCases.ts'), 'export const testCases = [;\n');
      await expect
        .poll(sandbox.output, SANDBOX_WAIT)
        .toContain('the rebuild failed, still serving the previous build');
      expect((await visit(origin, '/')).text).toContain('<li>bread</li>');
    },
    SANDBOX_TEST_MS,
  );

  it(
    'should prove the test cases in Chromium and print passed for each run',
    async () => {
      const proving = proctor(['hub', 'sandbox', '--prove'], await kitProject());
      expect(await proving.exit).toBe(0);
      const output = proving.output();
      expect(output).toMatch(/^passed {2}add-milk \(reference solution, [\d.]+ s\)$/m);
      expect(output).toMatch(/^passed {2}add-milk \(wrong variant, [\d.]+ s\)$/m);
      expect(output).toContain('all 2 runs passed');
    },
    SANDBOX_TEST_MS,
  );

  it(
    'should print failed and exit 1 when a reference solution does not satisfy its test case',
    async () => {
      const proving = proctor(['hub', 'sandbox', '--prove'], await kitProject({ solve: addNote('eggs') }));
      expect(await proving.exit).toBe(1);
      const output = proving.output();
      expect(output).toMatch(
        /^failed {2}add-milk \(reference solution, [\d.]+ s\): the reference solution did not satisfy the test case: /m,
      );
      expect(output).toMatch(/^passed {2}add-milk \(wrong variant/m);
      expect(output).toContain('1 of 2 runs failed');
    },
    SANDBOX_TEST_MS,
  );

  it(
    'should say so when the port is taken',
    async () => {
      const project = await kitProject();
      const first = proctor(['hub', 'sandbox', '--port', '0', '--no-watch'], project);
      const { port } = new URL(await started(first));
      const second = proctor(['hub', 'sandbox', '--port', port, '--no-watch'], project);
      expect(await second.exit).toBe(1);
      expect(second.output()).toBe(`port ${port} is in use: pass --port with another (0 picks a free one)\n`);
    },
    SANDBOX_TEST_MS,
  );

  it(
    'should refuse a folder without a simulator, with exit code 1',
    async () => {
      const project = await kitProject();
      await rm(join(project, 'src'), { recursive: true });
      const refused = proctor(['hub', 'sandbox'], project);
      expect(await refused.exit).toBe(1);
      expect(refused.output()).toBe(
        `proctor: ${project} has no src/index.ts: run this in a kit project's folder (a simulator's repository, e.g. from proctor hub clone)\n`,
      );
    },
    SANDBOX_TEST_MS,
  );
});
