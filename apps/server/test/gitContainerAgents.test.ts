import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { AGENT_MESSAGES, endpoints } from '@proctor/contracts';
import { sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { type Actor, describeEachDatabase } from './support/proctor';
import { hungryAgent } from './support/sandboxAgents';
import { until } from './support/until';

/**
 * git_container agents (issue 9 item 2; agents/gitContainer.ts): a repository served over git's "dumb" HTTP
 * protocol by a static file server on this machine, holding a Python agent that speaks the step protocol on its
 * pipes. Its `main` branch has two commits: the first carries the tracker's "Email of the Infrastructure lead"
 * out, the second is broken, so a pass proves the commit asked for is the one run. Its `probe` branch (no
 * history in common) holds an agent that looks around its sandbox and answers what it found; `hungry` one whose
 * processes take more memory together than the sandbox allows; `linked` the solver with a manifest that is a
 * link to a file outside the repository, and a `.proctor-ready` that links outside too (Proctor once wrote a
 * file of that name into checkouts).
 */
const tracker = builtInSimulators.find((simulator) => simulator.name === 'tracker')!;
const task = tracker.testCases.find((testCase) => testCase.key === 'infrastructure-lead-email')!;
const { email } = task.expectedOutput as { email: string };

const SOLVER = `import json, sys
for line in sys.stdin:
    observation = json.loads(line)
    step = observation["step"]
    if step == 0:
        action = {"action": "type", "role": "textbox", "name": "Email", "text": ${JSON.stringify(tracker.auth.user)}}
    elif step == 1:
        action = {"action": "type", "selector": "input[type=password]", "text": ${JSON.stringify(tracker.auth.password)}, "submit": True}
    elif step == 2:
        action = {"action": "navigate", "url": "/team"}
    else:
        found = ${JSON.stringify(email)} in observation["axtree"]
        action = {"action": "done", "output": {"email": ${JSON.stringify(email)}} if found else None}
    print("step", step, file=sys.stderr)
    print(json.dumps(action), flush=True)
`;

const probe = (port: number) => `import json, os, socket, subprocess, sys
sys.stdin.readline()
def network():
    try:
        socket.create_connection(("127.0.0.1", ${port}), timeout=3).close()
        return "connected"
    except OSError as error:
        return type(error).__name__
def write():
    try:
        open("/agent/written", "w").write("x")
        return "written"
    except OSError as error:
        return type(error).__name__
found = {
    "network": network(),
    "write": write(),
    "root": sorted(os.listdir("/")),
    "etc": os.path.exists("/etc/passwd"),
    "uid": os.getuid(),
    "processes": len([name for name in os.listdir("/proc") if name.isdigit()]),
    "environment": sorted(os.environ),
    # NULs as newlines: a database's JSON takes no NUL.
    "environs": [open("/proc/1/environ").read().replace("\\0", "\\n"), open("/proc/self/environ").read().replace("\\0", "\\n"), subprocess.run(["env"], capture_output=True, text=True).stdout],
}
print(json.dumps({"action": "done", "output": found}), flush=True)
`;

/** Set in the server's environment while these tests run: no agent may see it. */
const MARKER = randomUUID();

let served: string;
let work: string;
let repoUrl: string;
let solving: string;
let broken: string;
let probing: string;
let hungry: string;
let linked: string;
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  try {
    const body = await readFile(join(served, path));
    response.writeHead(200).end(body);
  } catch {
    response.writeHead(404).end();
  }
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Agent Author', '-c', 'user.email=author@example.test', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

beforeAll(async () => {
  process.env.PROCTOR_SANDBOX_PROBE = MARKER;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  work = await mkdtemp(join(tmpdir(), 'proctor-git-agent-'));
  served = join(work, 'served');
  const source = join(work, 'source');
  execFileSync('git', ['init', '--quiet', '--initial-branch=main', source]);
  await writeFile(join(source, 'proctor-agent.json'), JSON.stringify({ command: ['python3', 'agent.py'] }));
  await writeFile(join(source, 'agent.py'), SOLVER);
  git(source, 'add', '.');
  git(source, 'commit', '--quiet', '-m', 'An agent that finds the Infrastructure lead');
  solving = git(source, 'rev-parse', 'HEAD');
  await writeFile(join(source, 'agent.py'), 'print("not an action", flush=True)\n');
  git(source, 'commit', '--quiet', '-am', 'Broken');
  broken = git(source, 'rev-parse', 'HEAD');
  git(source, 'checkout', '--quiet', '--orphan', 'probe');
  await writeFile(join(source, 'agent.py'), probe(port));
  git(source, 'add', '.');
  git(source, 'commit', '--quiet', '-m', 'An agent that looks around');
  probing = git(source, 'rev-parse', 'HEAD');
  git(source, 'checkout', '--quiet', '--orphan', 'hungry');
  await writeFile(join(source, 'agent.py'), hungryAgent(400));
  git(source, 'commit', '--quiet', '-am', 'An agent that takes more memory than it may');
  hungry = git(source, 'rev-parse', 'HEAD');
  git(source, 'checkout', '--quiet', '--orphan', 'linked');
  // A manifest that would work if read: the server must not follow it out of the repository.
  const outside = join(work, 'outside.json');
  await writeFile(outside, JSON.stringify({ command: ['python3', 'agent.py'] }));
  await rm(join(source, 'proctor-agent.json'));
  await symlink(outside, join(source, 'proctor-agent.json'));
  // Nor may fetching write through a link of the repository's.
  await writeFile(join(work, 'bystander.txt'), 'untouched');
  await symlink(join(work, 'bystander.txt'), join(source, '.proctor-ready'));
  await writeFile(join(source, 'agent.py'), SOLVER);
  git(source, 'add', '.');
  git(source, 'commit', '--quiet', '-m', 'The solver, its manifest a link out of the repository');
  linked = git(source, 'rev-parse', 'HEAD');
  execFileSync('git', ['clone', '--quiet', '--bare', source, join(served, 'agent.git')]);
  git(join(served, 'agent.git'), 'update-server-info');
  repoUrl = `http://127.0.0.1:${port}/agent.git`;
});
afterAll(async () => {
  delete process.env.PROCTOR_SANDBOX_PROBE;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

describeEachDatabase(
  'git container agents',
  (proctor) => {
    async function runner() {
      const allowed = await proctor().ctx.db.select({ id: simulators.id }).from(simulators);
      return proctor().actor({
        permissions: { record_testcases: true, dashboard_access: true },
        plan: { allowed_simulators: allowed.map((s) => s.id) },
      });
    }

    async function testCaseId() {
      const [row] = await proctor()
        .ctx.db.select({ id: testCases.id })
        .from(testCases)
        .innerJoin(simulators, eq(testCases.simulatorId, simulators.id))
        .where(and(eq(simulators.name, 'tracker'), eq(testCases.builtInKey, `tracker/${task.key}`)));
      return row!.id;
    }

    let aliases = 0;
    async function gitAgent(as: Actor, fields: { repoUrl?: string; branch: string; commitHash: string }) {
      aliases += 1;
      const made = await proctor().call(endpoints.createAgentArtifact, {
        as,
        body: { alias: `boxed-${aliases}`, type: 'git_container', repoUrl, ...fields },
      });
      expect(made.status, made.body.detail).toBe(201);
      return made.body.artifact.id;
    }

    /** Runs the agent on the tracker task; the ended run's group and its session. */
    async function run(as: Actor, agentArtifactId: number) {
      const response = await proctor().call(endpoints.startRun, {
        as,
        body: { testCaseId: await testCaseId(), agentArtifactId },
      });
      expect(response.status, response.body.detail).toBe(201);
      const { batch_id, session_id } = response.body;
      const ended = await until(
        async () =>
          (await proctor().call(endpoints.runGroup, { params: { id: batch_id }, as })).body.runGroup,
        (group) => group.finished && group.scored + group.failed === group.total,
        `run group ${batch_id} to end and be scored`,
      );
      const [session] = await proctor()
        .ctx.db.select()
        .from(sessions)
        .where(eq(sessions.publicId, session_id));
      const logs = await proctor()
        .ctx.db.select()
        .from(sessionLogs)
        .where(eq(sessionLogs.sessionId, session!.id));
      return {
        ended,
        session: session!,
        messages: logs.map((log) => (log.logData as { message: string }).message),
      };
    }

    it('lists a git container agent as runnable on this machine (bwrap is installed)', async () => {
      const person = await runner();
      const id = await gitAgent(person, { branch: 'main', commitHash: solving });
      const listed = (await proctor().call(endpoints.agentArtifacts, { as: person })).body.artifacts.find(
        (agent) => agent.id === id,
      )!;
      expect(listed.notRunnableReason).toBeNull();
    });

    it('refuses a commit hash that is not a commit id, keeping nothing', async () => {
      const person = await runner();
      const response = await proctor().call(endpoints.createAgentArtifact, {
        as: person,
        body: { alias: 'moving', type: 'git_container', repoUrl, branch: 'main', commitHash: 'main' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: AGENT_MESSAGES.commitFormat });
    });

    it('fetches the repository at its commit and runs the agent on its pipes: the task is done and scored', async () => {
      const person = await runner();
      const { ended, session } = await run(
        person,
        await gitAgent(person, { branch: 'main', commitHash: solving }),
      );
      expect(ended).toMatchObject({ total: 1, scored: 1, passed: 1, failed: 0 });
      expect(session.output).toEqual({ email });
    });

    it('runs the commit it was given, not the branch tip: the broken tip fails, saying why', async () => {
      const person = await runner();
      const { ended, messages } = await run(
        person,
        await gitAgent(person, { branch: 'main', commitHash: broken }),
      );
      expect(ended).toMatchObject({ total: 1, scored: 1, passed: 0 });
      expect(messages).toContainEqual(
        expect.stringContaining("The agent's answer at step 0 is not JSON: not an action"),
      );
    });

    it('sandboxes the agent: no network, nothing of the machine but /usr, a read-only checkout, an empty environment', async () => {
      const person = await runner();
      const { session } = await run(person, await gitAgent(person, { branch: 'probe', commitHash: probing }));
      const found = session.output as Record<string, unknown>;
      // The repository's server listens on 127.0.0.1: the agent's own loopback is another one, and down.
      expect(found.network).not.toBe('connected');
      expect(found.write).toBe('OSError');
      expect(found.etc).toBe(false);
      expect(found.root).toEqual(['agent', 'bin', 'dev', 'lib', 'lib64', 'proc', 'sbin', 'tmp', 'usr']);
      expect(found.uid).not.toBe(0);
      // Its own processes only (bwrap's init and the agent), not the machine's.
      expect(found.processes).toBeLessThanOrEqual(3);
      expect(found.environment).toEqual([
        'HOME',
        'LANG',
        'PATH',
        'PROCTOR_AGENT_PROTOCOL',
        'PWD',
        'PYTHONUNBUFFERED',
      ]);
    });

    it("shows the agent none of the server's environment: not its own, not bwrap's (/proc/1/environ), not a child's", async () => {
      const person = await runner();
      const { session } = await run(person, await gitAgent(person, { branch: 'probe', commitHash: probing }));
      const [init, self, env] = (session.output as { environs: string[] }).environs as [
        string,
        string,
        string,
      ];
      expect(init).toBe('');
      // Only what the sandbox sets; none of the server's variables (the marker among them) with its value.
      const sandboxOwn = new Set([
        'HOME',
        'LANG',
        'PATH',
        'PROCTOR_AGENT_PROTOCOL',
        'PWD',
        'PYTHONUNBUFFERED',
      ]);
      const servers = Object.entries(process.env)
        .filter(([name]) => !sandboxOwn.has(name))
        .map(([name, value]) => `${name}=${value}`);
      for (const text of [self, env]) {
        const entries = text.split('\n').filter(Boolean);
        expect(entries.filter((entry) => servers.includes(entry))).toEqual([]);
        expect(entries.map((entry) => entry.slice(0, entry.indexOf('=')))).toEqual(
          expect.arrayContaining([...sandboxOwn]),
        );
        expect(entries).toHaveLength(sandboxOwn.size);
      }
      expect(JSON.stringify(session.output)).not.toContain(MARKER);
    });

    it('stops an agent whose processes take more memory together than its limit, saying so', async () => {
      const person = await runner();
      const { ended, messages } = await run(
        person,
        await gitAgent(person, { branch: 'hungry', commitHash: hungry }),
      );
      expect(ended).toMatchObject({ total: 1, passed: 0 });
      expect(messages).toContainEqual(
        expect.stringContaining(
          'The agent was stopped at its memory limit of 256 MiB (all its processes together)',
        ),
      );
    });

    it("follows no link of the repository's out of it: not the manifest, not a file Proctor writes", async () => {
      const person = await runner();
      const { ended, session, messages } = await run(
        person,
        await gitAgent(person, { branch: 'linked', commitHash: linked }),
      );
      expect(ended).toMatchObject({ total: 1, passed: 0 });
      expect(session.output).toBeNull();
      expect(messages).toContainEqual(
        expect.stringContaining('proctor-agent.json is a symbolic link: it must be a file of the repository'),
      );
      expect(await readFile(join(work, 'bystander.txt'), 'utf8')).toBe('untouched');
    });

    it('fails with the reason when the commit is not on the branch, or the repository is not one to reach', async () => {
      const person = await runner();
      const offBranch = await run(person, await gitAgent(person, { branch: 'probe', commitHash: solving }));
      expect(offBranch.ended.passed).toBe(0);
      expect(offBranch.messages).toContainEqual(
        expect.stringContaining(`Commit ${solving} is not on branch "probe" of ${repoUrl}`),
      );
      const privateHost = await run(
        person,
        await gitAgent(person, { repoUrl: 'http://10.1.2.3/agent.git', branch: 'main', commitHash: solving }),
      );
      expect(privateHost.ended.passed).toBe(0);
      expect(privateHost.messages).toContainEqual(expect.stringContaining('10.1.2.3'));
    });
  },
  {
    builtInSimulators: builtInRegistrations(),
    // The repository's server listens on this machine: the outbound guard lets Proctor reach it. The agents'
    // memory limit is small, so that an agent past it takes little of the machine.
    env: { MAX_ENVIRONMENTS: '2', OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', AGENT_MEMORY_LIMIT_MB: '256' },
  },
);
