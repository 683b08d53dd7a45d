import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HubGitInfo, HubRepository } from '@proctor/contracts';
import { runUploadPack } from '../../apps/server/src/kernel/git/uploadPack';
import { postJson, signUp } from '../support/accounts';
import type { Section } from '../support/section';
import { timedGet } from '../support/section';
import { latency, ms, pair } from '../support/stats';

const run = promisify(execFile);
/** Clones timed each way. */
const CLONES = 7;
/** The built-in simulator whose repository is cloned and browsed (the largest source folder). */
const SIMULATOR = 'shop';

/** git with nothing of the user's configuration and no prompt (a wrong password fails instead of asking). */
const GIT_ENV = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

async function timedClone(source: string, into: string, extra: string[] = []): Promise<number> {
  const started = performance.now();
  await run('git', ['clone', '--quiet', ...extra, source, into], { env: GIT_ENV });
  const elapsed = performance.now() - started;
  rmSync(into, { recursive: true, force: true });
  return elapsed;
}

const median = (samples: number[]) => latency(samples).p50;

/**
 * git's smart HTTP with nothing of Proctor's around it: upload-pack run as Proctor runs it, behind a bare Node
 * server (no routing, credentials or database). Cloning through it is the floor of a clone over HTTP here: git's
 * HTTP client and one upload-pack per request, on top of what a local clone does.
 */
async function bareGitServer(gitdir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((raw, res) => {
    const advertise = raw.method === 'GET' && (raw.url ?? '').endsWith('/info/refs?service=git-upload-pack');
    if (!advertise && !(raw.method === 'POST' && (raw.url ?? '').endsWith('/git-upload-pack'))) {
      res.writeHead(404).end();
      return;
    }
    void runUploadPack({ gitdir, advertise, raw, maxBodyBytes: 64 * 1024 * 1024 }, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/repository.git`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The hub's git and browsing: a built-in simulator's repository, created through the API, cloned over Proctor's
 * smart HTTP (`git clone http://…/git/{owner}/{name}.git` with the hub credentials) against `git clone --no-local`
 * of the same bare repository straight from disk (git packs objects as over a transport, without the network or
 * Proctor), and the browsing calls the /hub page makes, p50/p95 each.
 */
export const cloneSection: Section = {
  key: 'clone',
  title: 'Hub: clone over smart HTTP and browsing',
  async run(ctx) {
    const hubDir = join(ctx.dataDir, 'hub-git');
    const { baseUrl } = await ctx.startProctor(
      'hub',
      { kind: 'pglite', dataDir: join(ctx.dataDir, 'hub-db') },
      { HUB_DIR: hubDir },
    );
    const admin = await signUp(baseUrl, 'hub');
    const repository = HubRepository.parse(
      await postJson(`${baseUrl}/api/gitea/simulators/${SIMULATOR}/repo`, {}, admin.accessToken),
    );
    const info = HubGitInfo.parse(
      JSON.parse((await timedGet(`${baseUrl}/api/gitea/my-info`, admin.accessToken)).body),
    );
    const remote = new URL(repository.clone_url);
    remote.username = info.username;
    remote.password = info.password;
    const bare = join(hubDir, repository.owner, `${repository.name}.git`);
    const work = mkdtempSync(join(ctx.dataDir, 'clones-'));

    const floorServer = await bareGitServer(bare);
    ctx.teardown.add('the bare git server', floorServer.close);

    ctx.progress(`cloning ${repository.full_name} ${CLONES} times each way`);
    const overHttp: number[] = [];
    const local: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < CLONES; i += 1) {
      overHttp.push(await timedClone(remote.href, join(work, `http-${i}`)));
      local.push(await timedClone(bare, join(work, `local-${i}`), ['--no-local']));
      floor.push(await timedClone(floorServer.url, join(work, `floor-${i}`)));
    }
    const httpMs = median(overHttp);
    const localMs = median(local);
    const floorMs = median(floor);
    const cloneLimit = 1.5 * localMs + 50;

    const base = `${baseUrl}/api/gitea/simulators/${SIMULATOR}/repo`;
    const calls: Record<string, string> = {
      'contents (root)': `${base}/contents`,
      'contents (a folder)': `${base}/contents?path=src/routes`,
      'file-content': `${base}/file-content?file_path=src/index.ts`,
      branches: `${base}/branches`,
      repository: base,
    };
    const browse: Record<string, ReturnType<typeof latency>> = {};
    const all: number[] = [];
    for (const [name, url] of Object.entries(calls)) {
      const first = await timedGet(url, admin.accessToken);
      if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${first.body}`);
      const samples: number[] = [];
      for (let i = 0; i < ctx.requests; i += 1) samples.push((await timedGet(url, admin.accessToken)).ms);
      browse[name] = latency(samples);
      all.push(...samples);
    }
    const browseP95 = latency(all).p95;
    return {
      figures: { cloneHttpMs: overHttp, cloneLocalMs: local, cloneBareHttpMs: floor, browse },
      rows: [
        ['clone over Proctor (median)', `${ms(httpMs)} ms`, `≤ ${ms(cloneLimit)} ms`],
        ['git clone --no-local from disk (median)', `${ms(localMs)} ms`, ''],
        ['clone over bare git HTTP, no Proctor (median)', `${ms(floorMs)} ms`, ''],
        ...Object.entries(browse).map(([name, figure]) => [`browse: ${name} p50 / p95`, pair(figure), '']),
        ['browse, all calls, p95', `${ms(browseP95)} ms`, '≤ 30 ms'],
      ],
      goals: [
        {
          goal: 'clone ≤ 1.5× a local git clone + 50 ms',
          measured: `${ms(httpMs)} ms vs ${ms(localMs)} ms`,
          met: httpMs <= cloneLimit,
        },
        { goal: 'browse p95 ≤ 30 ms', measured: `${ms(browseP95)} ms`, met: browseP95 <= 30 },
      ],
      notes: [
        `The repository: ${SIMULATOR}'s source as a standalone kit project, as Create Repository seeds it.`,
        'Push → proven version: the versions section.',
      ],
    };
  },
};
