import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { endpoints, hubGitPath } from '@proctor/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { describeEachDatabase } from './support/proctor';

const run = promisify(execFile);
/** The `proctor` command from the SDK's source, as its bin runs it once built. */
const CLI = fileURLToPath(new URL('../../../packages/sdk/src/cli/main.ts', import.meta.url));
/** tsx by its address: `--import tsx` would look for it from the clone's folder. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs `proctor` in `cwd`; answers its exit code and everything it printed. */
async function proctorCli(args: string[], env: Record<string, string>, cwd: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, CLI, ...args], {
      cwd,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describeEachDatabase(
  'proctor hub clone',
  (proctor) => {
    let baseUrl: string;
    let apiKey: string;
    let owner: string;
    let workspace: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      baseUrl = await proctor().app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await proctor().actor({ organization: null, permissions: { is_admin: true } });
      const created = await proctor().call(endpoints.createOrganization, {
        body: { name: 'Hub Co', purpose: 'Edit simulators' },
        as: admin,
      });
      owner = created.body.organization!.publicId;
      apiKey = created.body.organization!.apiKey!;
      env = { PROCTOR_URL: baseUrl, PROCTOR_API_KEY: apiKey };
      workspace = mkdtempSync(join(tmpdir(), 'proctor-hub-cli-'));

      const before = await proctorCli(['hub', 'clone', 'shop'], env, workspace);
      expect(before.code).toBe(1);
      expect(before.output).toContain('"shop" has no repository yet');
      await proctor().call(endpoints.hubCreateSimulatorRepository, { params: { name: 'shop' }, as: admin });
    }, 120_000);

    afterAll(() => {
      if (workspace) rmSync(workspace, { recursive: true, force: true });
    });

    it("should clone the simulator's repository without leaving the password anywhere", async () => {
      // The hub wants credentials: git alone, with nothing to answer its question, is refused.
      await expect(
        run('git', ['clone', '--', `${baseUrl}${hubGitPath(owner, 'shop')}`, 'anonymous'], {
          cwd: workspace,
          env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' },
        }),
      ).rejects.toThrow(/Authentication failed|could not read Username|401/);

      const cloned = await proctorCli(['hub', 'clone', 'shop'], env, workspace);
      expect(cloned.output).not.toContain(apiKey);
      expect(cloned.code).toBe(0);

      const tree = join(workspace, 'shop');
      expect(existsSync(join(tree, 'package.json'))).toBe(true);
      expect(existsSync(join(tree, 'src', 'index.ts'))).toBe(true);
      const gitConfig = readFileSync(join(tree, '.git', 'config'), 'utf8');
      expect(gitConfig).not.toContain(apiKey);
      expect(gitConfig).not.toMatch(/password|credential/i);
      expect(gitConfig).toContain(`url = ${baseUrl}${hubGitPath(owner, 'shop')}`);
    });

    it('should clone into the directory given', async () => {
      const cloned = await proctorCli(['hub', 'clone', 'shop', 'my-shop'], env, workspace);
      expect(cloned.code).toBe(0);
      expect(existsSync(join(workspace, 'my-shop', 'src', 'index.ts'))).toBe(true);
    });

    it('should name an unknown simulator and a refused key', async () => {
      const unknown = await proctorCli(['hub', 'clone', 'no-such-simulator'], env, workspace);
      expect([unknown.code, unknown.output]).toEqual([1, expect.stringContaining('No simulator named')]);
      const refused = await proctorCli(
        ['hub', 'clone', 'shop'],
        { ...env, PROCTOR_API_KEY: 'pk_wrong' },
        workspace,
      );
      expect([refused.code, refused.output]).toEqual([
        1,
        expect.stringContaining('Proctor refused the API key (401'),
      ]);
    });
  },
  {
    builtInSimulators: builtInRegistrations().filter(
      (registration) => registration.simulator.name === 'shop',
    ),
  },
);
