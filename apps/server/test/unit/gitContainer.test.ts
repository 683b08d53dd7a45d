import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_PROTOCOL, type AgentObservation } from '@proctor/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_MANIFEST,
  AGENT_SANDBOX_LIMITS,
  checkoutAgent,
  manifestCommand,
  probeSandbox,
  SandboxedAgent,
  sandboxCommand,
} from '../../src/agents/gitContainer';

const observation: AgentObservation = {
  protocol: AGENT_PROTOCOL,
  session_id: 's',
  step: 0,
  max_steps: 30,
  goal: 'g',
  url: 'http://example.test/',
  title: '',
  screenshot: '',
  screenshot_type: 'image/jpeg',
  axtree: '',
  open_tabs: [],
  last_action: null,
  last_action_error: null,
};

let dirs: string[] = [];
async function repository(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proctor-manifest-'));
  dirs.push(dir);
  // The sandbox's user (nobody, when the tests run as root) must read it, as it reads a checkout.
  await chmod(dir, 0o755);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('the git container sandbox', () => {
  it('starts the command under its limits, in every namespace, with the checkout read-only and the machine hidden', () => {
    const { file, args } = sandboxCommand('/cache/abc', ['python3', 'agent.py']);
    expect(file).toBe('prlimit');
    expect(args.slice(0, 5)).toEqual([
      `--as=${AGENT_SANDBOX_LIMITS.addressSpaceBytes}`,
      `--nproc=${AGENT_SANDBOX_LIMITS.processes}`,
      `--nofile=${AGENT_SANDBOX_LIMITS.openFiles}`,
      `--fsize=${AGENT_SANDBOX_LIMITS.fileSizeBytes}`,
      `--cpu=${AGENT_SANDBOX_LIMITS.cpuSeconds}`,
    ]);
    const bwrap = args.slice(args.indexOf('bwrap'));
    expect(bwrap).toEqual(expect.arrayContaining(['--unshare-all', '--unshare-user', '--clearenv']));
    const text = bwrap.join(' ');
    expect(text).toContain('--ro-bind /usr /usr');
    expect(text).toContain('--ro-bind /cache/abc /agent --chdir /agent');
    expect(text).not.toMatch(/--(ro-)?bind \/etc|--bind \/ |--share-net/);
    expect(args.slice(-3)).toEqual(['--', 'python3', 'agent.py']);
  });

  it('says plainly when bwrap is missing', () => {
    expect(probeSandbox('/nonexistent/bwrap')).toBe(
      'git container agents run in a bubblewrap sandbox, and bwrap is not installed on this machine (Debian: apt-get install bubblewrap)',
    );
  });

  it('reads the command from the manifest, or says what the manifest must be', async () => {
    expect(
      await manifestCommand(await repository({ [AGENT_MANIFEST]: '{"command": ["node", "agent.js"]}' })),
    ).toEqual(['node', 'agent.js']);
    await expect(manifestCommand(await repository({}))).rejects.toThrow(/has no proctor-agent\.json/);
    await expect(manifestCommand(await repository({ [AGENT_MANIFEST]: '{' }))).rejects.toThrow(/is not JSON/);
    await expect(
      manifestCommand(await repository({ [AGENT_MANIFEST]: '{"command": "python3 agent.py"}' })),
    ).rejects.toThrow(/must name the command as/);
  });

  it('does not follow a manifest that links out of the checkout, nor read a huge one', async () => {
    const outside = await repository({ 'elsewhere.json': '{"command": ["sh", "-c", "id"]}' });
    const linked = await repository({});
    await symlink(join(outside, 'elsewhere.json'), join(linked, AGENT_MANIFEST));
    await expect(manifestCommand(linked)).rejects.toThrow(
      `${AGENT_MANIFEST} is a symbolic link: it must be a file of the repository`,
    );
    const folder = await repository({});
    await mkdir(join(folder, AGENT_MANIFEST));
    await expect(manifestCommand(folder)).rejects.toThrow(`${AGENT_MANIFEST} is not a file`);
    const huge = `{"command": ["python3", "agent.py"], "padding": "${'x'.repeat(70_000)}"}`;
    await expect(manifestCommand(await repository({ [AGENT_MANIFEST]: huge }))).rejects.toThrow(
      `${AGENT_MANIFEST} is larger than 64 KiB`,
    );
  });

  it('refuses a repository URL that is not http(s), or on a private address, before git runs', async () => {
    const signal = new AbortController().signal;
    const source = { branch: 'main', commit: '0123abcd' };
    await expect(checkoutAgent({ ...source, repoUrl: 'file:///etc' }, {}, signal)).rejects.toThrow(
      /only http and https/,
    );
    await expect(
      checkoutAgent({ ...source, repoUrl: 'ext::sh -c touch% /tmp/pwned' }, {}, signal),
    ).rejects.toThrow(/not a valid URL|only http and https/);
    await expect(
      checkoutAgent({ ...source, repoUrl: 'http://169.254.169.254/agent.git' }, {}, signal),
    ).rejects.toThrow(/169\.254\.169\.254/);
    await expect(
      checkoutAgent({ ...source, commit: 'main', repoUrl: 'https://example.test/a.git' }, {}, signal),
    ).rejects.toThrow('"main" is not a commit id');
  });
});

describe('a sandboxed agent on its pipes', () => {
  it('reads an answer it wrote before exiting, then says it exited, with its standard error', async () => {
    const dir = await repository({
      'agent.py':
        'import sys\nprint("{\\"action\\": \\"done\\"}", flush=True)\nprint("bye", file=sys.stderr)\n',
    });
    const agent = new SandboxedAgent(dir, ['python3', 'agent.py']);
    try {
      expect(await agent.ask(observation)).toEqual({ action: 'done' });
      await expect(agent.ask({ ...observation, step: 1 })).rejects.toThrow(
        /^The agent exited with 0; its last words on standard error: bye$/,
      );
    } finally {
      agent.kill();
    }
  });

  it('gives up on an agent that does not answer in time', async () => {
    const dir = await repository({ 'agent.py': 'import time\ntime.sleep(30)\n' });
    const agent = new SandboxedAgent(dir, ['python3', 'agent.py']);
    try {
      await expect(agent.ask(observation, 300)).rejects.toThrow(
        'The agent did not answer step 0 within 0.3 s',
      );
    } finally {
      agent.kill();
    }
  });
});
