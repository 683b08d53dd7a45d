import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSample } from '../../../apps/web/src/features/home/quickStart';
import { API_KEY, type StandInProctor, startStandInProctor } from './support/standInProctor';

/**
 * The SDK as users get it: the packed file installed into an empty project with npm, offline (it has no
 * dependencies), then imported by Node and compiled against by TypeScript.
 */
const run = promisify(execFile);
const sdkRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const repositoryRoot = dirname(dirname(sdkRoot));
const tarball = join(sdkRoot, 'proctor-sdk.tgz');
const tsc = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');

let project: string;
let standIn: StandInProctor;

beforeAll(async () => {
  // `npm test` builds first; a lone run of this file builds the package itself.
  if (!existsSync(tarball)) {
    execFileSync('npm', ['run', 'build', '-w', '@proctor/sdk'], {
      cwd: repositoryRoot,
      stdio: 'ignore',
      timeout: 120_000,
    });
  }
  project = mkdtempSync(join(tmpdir(), 'proctor-sdk-user-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
    cwd: project,
    timeout: 60_000,
  });
  standIn = await startStandInProctor();
}, 180_000);

afterAll(async () => {
  await standIn?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Runs a script of the user's project with Node and answers what it printed. */
async function node(name: string, source: string): Promise<string> {
  writeFileSync(join(project, name), source);
  const { stdout } = await run(process.execPath, [name], {
    cwd: project,
    timeout: 20_000,
    env: { ...process.env, PROCTOR_URL: standIn.url, PROCTOR_API_KEY: API_KEY },
  });
  return stdout.trim();
}

/** Compiles files of the user's project with TypeScript; answers its diagnostics ('' when clean). */
async function typecheck(files: string[], types: string[]): Promise<string> {
  const config = {
    compilerOptions: { strict: true, module: 'NodeNext', target: 'ES2022', noEmit: true, types },
    files,
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config));
  try {
    await run(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')], {
      cwd: project,
      timeout: 60_000,
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

describe('the packed SDK', () => {
  it('should hold compiled modules, their declarations and no dependency', () => {
    const installed = join(project, 'node_modules', '@proctor', 'sdk');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(installed, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(installed, 'dist', 'index.d.ts'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
  });

  it('should run an environment through, imported by Node from the installed package', async () => {
    const output = await node(
      'run.mjs',
      `import { Proctor, ProctorApiError } from '@proctor/sdk';
const proctor = new Proctor({ baseUrl: process.env.PROCTOR_URL });
const env = await proctor.environments.make('shop');
await env.waitForReady();
const reset = await env.reset('tc_1');
const cdpUrl = await env.cdpUrl();
const { passed } = await env.evaluate();
await env.close();
const refused = await new Proctor({ baseUrl: process.env.PROCTOR_URL, apiKey: 'wrong' }).environments
  .make('shop')
  .catch((error) => error instanceof ProctorApiError && error.status);
console.log(JSON.stringify({ id: env.id, session: reset.session_id, cdpUrl, passed, closed: env.closed, refused }));
`,
    );
    expect(JSON.parse(output)).toEqual({
      id: 'env_1',
      session: 'ses_2',
      cdpUrl: 'ws://proctor.test/cdp/token-for-env_1',
      passed: true,
      closed: true,
      refused: 401,
    });
  });

  it('should let a script that forgets close() end: the heartbeat timer holds no process open', async () => {
    // A process the timer held open would never exit: node() gives up on it after its timeout and fails.
    const output = await node(
      'forget.mjs',
      `import { Proctor } from '@proctor/sdk';
const env = await new Proctor({ baseUrl: process.env.PROCTOR_URL }).environments.make('shop');
console.log(env.heartbeating);
`,
    );
    expect(output).toBe('true');
  });

  it("should type-check in a project without Node's types", async () => {
    writeFileSync(
      join(project, 'plain.ts'),
      `import { EnvironmentStartError, Proctor, type EvaluateEnvironmentResponse } from '@proctor/sdk';
export async function judge(key: string): Promise<boolean> {
  const env = await new Proctor({ baseUrl: 'http://localhost:3000', apiKey: key }).environments.make('shop');
  try {
    await env.waitForReady({ timeoutMs: 60_000 });
  } catch (error) {
    if (error instanceof EnvironmentStartError) return error.reason === 'timeout';
    throw error;
  }
  const result: EvaluateEnvironmentResponse = await env.evaluate({ answer: 42 });
  await env.close();
  return result.passed;
}
`,
    );
    expect(await typecheck(['plain.ts'], [])).toBe('');
  }, 60_000);

  it("should type-check the home page's code sample against the installed SDK and Playwright", async () => {
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, '@types'), { recursive: true });
    for (const name of ['playwright-core', '@types/node']) {
      if (!existsSync(join(modules, name)))
        symlinkSync(join(repositoryRoot, 'node_modules', name), join(modules, name));
    }
    writeFileSync(join(project, 'agent.ts'), codeSample('http://localhost:3000'));
    expect(await typecheck(['agent.ts'], ['node'])).toBe('');
  }, 60_000);

  it('should install the proctor command', async () => {
    const { stdout } = await run(join(project, 'node_modules', '.bin', 'proctor'), ['hub', '--help'], {
      cwd: project,
      timeout: 20_000,
    });
    expect(stdout).toContain('clone <simulator> [directory]');
  });

  it("should show the home page's code sample in its README", () => {
    const readme = readFileSync(join(sdkRoot, 'README.md'), 'utf8');
    const sample = /## An agent's run\n\n```js\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(sample).toBe(codeSample('http://localhost:3000'));
  });
});
