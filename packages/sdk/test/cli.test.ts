import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HubSimulator } from '@proctor/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUB_HELP, MAIN_HELP, runCli } from '../src/cli/run';
import { API_KEY, type StandInProctor, startStandInProctor } from './support/standInProctor';

/** `proctor` run in this process against the stand-in; what it printed and its exit code. */
async function proctor(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: { PATH: process.env.PATH, PROCTOR_URL: standIn.url, PROCTOR_API_KEY: API_KEY, ...env },
    cwd: workspace,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

const simulator = (name: string, hasRepository: boolean): HubSimulator => ({
  id: 1,
  name,
  img_url: null,
  built_in: true,
  has_repository: hasRepository,
  repository: hasRepository ? { owner: 'org_1', name } : null,
});

let standIn: StandInProctor;
let workspace: string;

beforeAll(async () => {
  standIn = await startStandInProctor();
  workspace = mkdtempSync(join(tmpdir(), 'proctor-cli-'));
});

afterAll(async () => {
  await standIn?.close();
  rmSync(workspace, { recursive: true, force: true });
});

beforeEach(() => {
  standIn.setRoute('hubSimulators', () => ({
    simulators: [simulator('shop', false), simulator('mail', true)],
    git_available: true,
    git_detail: null,
    can_write: true,
  }));
});

describe('the proctor command', () => {
  it('should print its help and the hub help', async () => {
    expect(await proctor(['--help'])).toEqual({ code: 0, stdout: MAIN_HELP, stderr: '' });
    expect(await proctor(['hub', '--help'])).toEqual({ code: 0, stdout: HUB_HELP, stderr: '' });
    expect(await proctor(['hub', 'clone', '--help'])).toMatchObject({ code: 0, stdout: HUB_HELP });
    expect(MAIN_HELP).toContain('hub clone <simulator>');
  });

  it('should refuse a wrong command line with the help and exit code 2', async () => {
    const unknown = await proctor(['deploy']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "deploy"');
    expect((await proctor(['hub', 'deploy'])).stderr).toContain('unknown hub command "deploy"');
    expect((await proctor(['hub', 'clone'])).code).toBe(2);
    expect((await proctor(['hub', 'clone', 'shop', '--colour'])).code).toBe(2);
    expect((await proctor(['hub', 'clone', 'shop', '--prove'])).code).toBe(2);
  });

  it("should refuse a sandbox's wrong command line before starting anything", async () => {
    const port = await proctor(['hub', 'sandbox', '--port', 'eighty']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port takes a port number from 0 to 65535, not "eighty"');
    expect((await proctor(['hub', 'sandbox', '--port', '70000'])).code).toBe(2);
    expect((await proctor(['hub', 'sandbox', 'one', 'two'])).stderr).toContain(
      'hub sandbox takes at most a directory',
    );
    expect((await proctor(['hub', 'sandbox', '--url', standIn.url])).stderr).toContain('it takes no --url');
    expect(HUB_HELP).toContain('sandbox [directory]');
  });

  it('should ask for the address and the API key when they are missing', async () => {
    expect(await proctor(['hub', 'clone', 'shop'], { PROCTOR_URL: '' })).toMatchObject({
      code: 1,
      stderr: "proctor: Set PROCTOR_URL to your Proctor's address (or pass --url)\n",
    });
    expect((await proctor(['hub', 'clone', 'shop'], { PROCTOR_API_KEY: '' })).stderr).toContain(
      'Set PROCTOR_API_KEY',
    );
  });

  it('should say when git is not installed', async () => {
    const noGit = await proctor(['hub', 'clone', 'mail'], { PATH: workspace });
    expect(noGit.code).toBe(1);
    expect(noGit.stderr).toContain('git is not installed');
  });

  it('should name an unknown simulator and one without a repository', async () => {
    const unknown = await proctor(['hub', 'clone', 'bank']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No simulator named "bank"');
    const none = await proctor(['hub', 'clone', 'shop']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      `"shop" has no repository yet: an admin creates it with Create Repository on ${standIn.url}/hub`,
    );
  });

  it('should say that Proctor refused the API key', async () => {
    const refused = await proctor(['hub', 'clone', 'mail'], { PROCTOR_API_KEY: 'pk_wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Proctor refused the API key (401');
  });

  it('should say when the server has no git', async () => {
    standIn.setRoute('hubSimulators', () => ({
      simulators: [simulator('mail', true)],
      git_available: false,
      git_detail: 'Git is not installed on this server: the hub needs the git command-line tool',
      can_write: true,
    }));
    expect((await proctor(['hub', 'clone', 'mail'])).stderr).toContain('Git is not installed on this server');
  });

  it('should take the address from --url before PROCTOR_URL', async () => {
    const viaFlag = await proctor(['hub', 'clone', 'bank', '--url', standIn.url], {
      PROCTOR_URL: 'http://nowhere.invalid',
    });
    expect(viaFlag.stderr).toContain('No simulator named "bank"');
  });
});
