import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_PROTOCOL, type AgentObservation } from '@proctor/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_MANIFEST, checkoutAgent, manifestCommand } from '../../src/agents/gitCheckout';
import { SandboxedAgent } from '../../src/agents/gitContainer';
import {
  AGENT_SANDBOX_LIMITS,
  probeSandbox,
  type SandboxSettings,
  sandboxCommand,
} from '../../src/agents/sandbox';
import { AGENT_CGROUP_PREFIX, agentCgroupHierarchy } from '../../src/agents/sandboxMemory';
import { hungryAgent } from '../support/sandboxAgents';
import { until } from '../support/until';

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

const MiB = 1024 ** 2;
/** Small enough that an agent past it hurts no machine the tests run on. */
const settings: SandboxSettings = { memoryLimitBytes: 256 * MiB };

/** An agent that answers its first observation with `found`, a Python expression, as a `done` action's output. */
const answering = (imports: string, found: string) =>
  `import json, sys, ${imports}\nsys.stdin.readline()\nprint(json.dumps({"action": "done", "output": ${found}}), flush=True)\n`;

async function answerOf(agentPy: string, sandbox: SandboxSettings = settings): Promise<unknown> {
  const agent = new SandboxedAgent(
    await repository({ 'agent.py': agentPy }),
    ['python3', 'agent.py'],
    sandbox,
  );
  try {
    return ((await agent.ask(observation)) as { output: unknown }).output;
  } finally {
    agent.kill();
  }
}

const hierarchy = agentCgroupHierarchy();
/** This process's agents' cgroups, in the hierarchy that holds the memory controller. */
const ourCgroups = () =>
  hierarchy
    ? readdirSync(hierarchy.version === 1 ? hierarchy.memory : hierarchy.root).filter((name) =>
        name.startsWith(`${AGENT_CGROUP_PREFIX}${process.pid}-`),
      )
    : [];

describe('the git container sandbox', () => {
  it('starts the command under its limits, in every namespace, with the checkout read-only and the machine hidden', () => {
    const { file, args } = sandboxCommand('/cache/abc', ['python3', 'agent.py'], {
      cgroupProcs: ['/cg/memory/a/cgroup.procs', '/cg/pids/a/cgroup.procs'],
    });
    // A shell joins the agent's cgroups before anything else runs, then becomes the rest.
    expect(file).toBe('/bin/sh');
    expect(args.slice(3, 6)).toEqual(['/cg/memory/a/cgroup.procs', '/cg/pids/a/cgroup.procs', '--']);
    const prlimit = args.findIndex((arg) => arg.endsWith('prlimit'));
    if (process.getuid?.() === 0) expect(args.slice(6, prlimit).join(' ')).toMatch(/setpriv --reuid=65534 /);
    expect(args.slice(prlimit + 1, prlimit + 6)).toEqual([
      `--as=${AGENT_SANDBOX_LIMITS.addressSpaceBytes}`,
      `--nproc=${AGENT_SANDBOX_LIMITS.processes}`,
      `--nofile=${AGENT_SANDBOX_LIMITS.openFiles}`,
      `--fsize=${AGENT_SANDBOX_LIMITS.fileSizeBytes}`,
      `--cpu=${AGENT_SANDBOX_LIMITS.cpuSeconds}`,
    ]);
    const bwrap = args.slice(args.findIndex((arg) => arg.endsWith('bwrap')));
    expect(bwrap).toEqual(
      expect.arrayContaining(['--unshare-all', '--unshare-user', '--clearenv', '--die-with-parent']),
    );
    const text = bwrap.join(' ');
    expect(text).toContain('--ro-bind /usr /usr');
    expect(text).toContain('--ro-bind /cache/abc /agent --chdir /agent');
    expect(text).toContain(`--size ${AGENT_SANDBOX_LIMITS.shmBytes} --tmpfs /dev/shm`);
    expect(text).toContain(`--size ${AGENT_SANDBOX_LIMITS.tmpBytes} --tmpfs /tmp`);
    // Every tmpfs sized; the root and /dev read-only once the mounts are made.
    expect(bwrap.filter((arg, index) => arg === '--tmpfs' && bwrap[index - 2] !== '--size')).toEqual([]);
    expect(text).toMatch(/--remount-ro \/dev --remount-ro \/ -- python3 agent\.py$/);
    expect(text).not.toMatch(/--(ro-)?bind \/etc|--bind \/ |--share-net/);
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
    const agent = new SandboxedAgent(dir, ['python3', 'agent.py'], settings);
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
    const agent = new SandboxedAgent(dir, ['python3', 'agent.py'], settings);
    try {
      await expect(agent.ask(observation, 300)).rejects.toThrow(
        'The agent did not answer step 0 within 0.3 s',
      );
    } finally {
      agent.kill();
    }
  });
});

describe('what a sandboxed agent can see', () => {
  it("shows it no environment variable of Proctor's, not even through bwrap's own process", async () => {
    const marker = randomUUID();
    process.env.PROCTOR_SANDBOX_PROBE = marker;
    try {
      const found = (await answerOf(
        answering(
          'subprocess',
          `{"init": open("/proc/1/environ").read(), "self": open("/proc/self/environ").read(), "env": subprocess.run(["env"], capture_output=True, text=True).stdout}`,
        ),
      )) as { init: string; self: string; env: string };
      // PID 1 is bwrap's: it was started with nothing.
      expect(found.init).toBe('');
      const names = (text: string) =>
        text
          .split(/[\0\n]/)
          .filter(Boolean)
          .map((entry) => entry.slice(0, entry.indexOf('=')))
          .sort();
      const own = ['HOME', 'LANG', 'PATH', 'PROCTOR_AGENT_PROTOCOL', 'PWD', 'PYTHONUNBUFFERED'];
      expect(names(found.self)).toEqual(own);
      expect(names(found.env)).toEqual(own);
      expect(JSON.stringify(found)).not.toContain(marker);
    } finally {
      delete process.env.PROCTOR_SANDBOX_PROBE;
    }
  });

  it('gives it nothing writable but a sized /tmp and /dev/shm', async () => {
    const found = (await answerOf(
      answering(
        'os',
        `{"mounts": [line.split()[1:4] for line in open("/proc/self/mounts")], "writable": [path for path in ["/", "/dev", "/agent", "/dev/shm", "/tmp"] if os.access(path, os.W_OK)]}`,
      ),
    )) as { mounts: [string, string, string][]; writable: string[] };
    expect(found.writable).toEqual(['/dev/shm', '/tmp']);
    const sizes = Object.fromEntries(
      found.mounts
        .filter(([, type, options]) => type === 'tmpfs' && options.split(',').includes('rw'))
        .map(([path, , options]) => [path, /(?:^|,)size=(\d+)k/.exec(options)?.[1]]),
    );
    expect(sizes).toEqual({
      '/dev/shm': String(AGENT_SANDBOX_LIMITS.shmBytes / 1024),
      '/tmp': String(AGENT_SANDBOX_LIMITS.tmpBytes / 1024),
    });
    expect(found.mounts.find(([path]) => path === '/')?.[2]).toMatch(/^ro,/);
  });
});

describe("a sandboxed agent's memory", () => {
  it.skipIf(hierarchy === null)(
    'is limited for all its processes together by a cgroup of its own, removed when it ends',
    async () => {
      const processes = 64;
      // An earlier test's agent may still be having its cgroup removed: this agent's is the one that is new.
      const before = ourCgroups();
      const agent = new SandboxedAgent(
        await repository({ 'agent.py': hungryAgent(150) }),
        ['python3', 'agent.py'],
        {
          ...settings,
          limits: { ...AGENT_SANDBOX_LIMITS, processes },
        },
      );
      try {
        expect(agent.memoryGuard).toBe('cgroup');
        const [name, ...others] = ourCgroups().filter((cgroup) => !before.includes(cgroup));
        expect(name).toBeDefined();
        expect(others).toEqual([]);
        const read = (root: string, file: string) => readFileSync(join(root, name!, file), 'utf8').trim();
        if (hierarchy!.version === 1) {
          expect(read(hierarchy!.memory, 'memory.limit_in_bytes')).toBe(String(settings.memoryLimitBytes));
          if (existsSync(join(hierarchy!.memory, name!, 'memory.memsw.limit_in_bytes')))
            expect(read(hierarchy!.memory, 'memory.memsw.limit_in_bytes')).toBe(
              String(settings.memoryLimitBytes),
            );
          if (hierarchy!.pids) expect(read(hierarchy!.pids, 'pids.max')).toBe(String(processes));
        } else {
          expect(read(hierarchy!.root, 'memory.max')).toBe(String(settings.memoryLimitBytes));
          expect(read(hierarchy!.root, 'pids.max')).toBe(String(processes));
        }
        await expect(agent.ask(observation, 15_000)).rejects.toThrow(
          /^The agent was stopped at its memory limit of 256 MiB \(all its processes together\)/,
        );
      } finally {
        agent.kill();
      }
      await until(
        async () => ourCgroups(),
        (left) => left.length === 0,
        'the cgroup to be removed',
        10_000,
      );
    },
  );

  it('is limited by the watchdog where there is no cgroup to have', async () => {
    await until(
      async () => ourCgroups(),
      (left) => left.length === 0,
      "the earlier agents' cgroups to be removed",
      10_000,
    );
    const agent = new SandboxedAgent(
      await repository({ 'agent.py': hungryAgent(150) }),
      ['python3', 'agent.py'],
      {
        ...settings,
        memoryGuard: 'watchdog',
      },
    );
    try {
      expect(ourCgroups()).toEqual([]);
      await expect(agent.ask(observation, 15_000)).rejects.toThrow(
        /^The agent was stopped at its memory limit of 256 MiB \(all its processes together\)/,
      );
      expect(agent.memoryGuard).toBe('watchdog');
    } finally {
      agent.kill();
    }
  });
});
