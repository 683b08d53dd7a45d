import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  HubBuildsResponse,
  HubGitInfo,
  HubRepository,
  MakeEnvironmentResponse,
  UnifiedVersionsResponse,
} from '@proctor/contracts';
import { sandboxProblem } from '../../apps/server/src/agents/sandbox';
import { postJson, signUp } from '../support/accounts';
import type { Section } from '../support/section';
import { timedGet } from '../support/section';
import { latency, ms, pair } from '../support/stats';

const run = promisify(execFile);
/** The built-in simulator pushed and started: the one the environments benchmark measures. */
const SIMULATOR = 'shop';
/** Environments made of each kind (the hub version's and the built-in code's), alternately. */
const ENVIRONMENTS = 5;
/** Resets per environment. */
const RESETS = 4;
/**
 * Hub versions are to keep the environments' reset goal (issue 28 item 4): measured against the built-in code's
 * reset in the same run, so that the verdict holds on a busy machine as on a quiet one.
 */
const RESET_RATIO_GOAL = 1.2;
/** Between makes: the pool launches one browser at a time; long enough to refill it (as bench:environments). */
const POOL_REFILL_PAUSE_MS = 1500;
const BUILD_POLL_MS = 250;
const BUILD_LIMIT_MS = 15 * 60_000;

const GIT_ENV = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
const git = (args: string[], cwd: string) => run('git', args, { cwd, env: GIT_ENV });
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/**
 * Versions from pushes, end to end: a built-in simulator's repository made through the API, cloned, changed and
 * pushed; the time from the push to the version proven (bundle, seed, every test case's reference and wrong
 * variant in Chromium, all in the sandbox); then, with that version tagged prod-latest, environments of it (its
 * instances in the version's sandboxed host) beside environments of the same simulator's built-in code
 * (env_config.version), made and reset alternately: make→ready and reset, p50/p95 each.
 */
export const versionsSection: Section = {
  key: 'versions',
  title: 'Hub: push → proven version, and environments of a hub-built version',
  async run(ctx) {
    const problem = sandboxProblem();
    if (problem)
      return { figures: { skipped: problem }, rows: [], goals: [], notes: [`Not measured: ${problem}`] };
    const { baseUrl } = await ctx.startProctor(
      'hub-versions',
      { kind: 'pglite', dataDir: join(ctx.dataDir, 'hub-versions-db') },
      { HUB_DIR: join(ctx.dataDir, 'hub-versions-git'), BROWSER_POOL_SIZE: '1' },
    );
    const admin = await signUp(baseUrl, 'versions');
    const token = admin.accessToken;
    const get = async (path: string) => {
      const answer = await timedGet(`${baseUrl}${path}`, token);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body}`);
      return JSON.parse(answer.body) as unknown;
    };
    const repository = HubRepository.parse(
      await postJson(`${baseUrl}/api/gitea/simulators/${SIMULATOR}/repo`, {}, token),
    );
    const info = HubGitInfo.parse(await get('/api/gitea/my-info'));
    const remote = new URL(repository.clone_url);
    remote.username = info.username;
    remote.password = info.password;
    const work = mkdtempSync(join(ctx.dataDir, 'versions-'));
    const clone = join(work, SIMULATOR);
    await git(['clone', '--quiet', remote.href, clone], work);
    appendFileSync(join(clone, 'README.md'), '\nMeasured by bench:hub.\n');
    await git(['commit', '--quiet', '-am', 'A change to build'], clone);
    const commit = (await git(['rev-parse', 'HEAD'], clone)).stdout.trim();

    ctx.progress(`pushing ${repository.full_name} and waiting for the version to be proven`);
    const pushed = performance.now();
    await git(['push', '--quiet', 'origin', 'main'], clone);
    const builds = `/api/gitea/repositories/${repository.owner}/${repository.name}/builds`;
    let build: HubBuildsResponse['builds'][number] | undefined;
    while (build?.status !== 'proven') {
      if (performance.now() - pushed > BUILD_LIMIT_MS) throw new Error('the version was not proven in time');
      await sleep(BUILD_POLL_MS);
      build = HubBuildsResponse.parse(await get(builds)).builds.find((row) => row.commit === commit);
      if (build?.status === 'failed') throw new Error(`the version failed: ${build.reason}`);
    }
    const pushToProvenMs = performance.now() - pushed;
    const log = (
      JSON.parse((await timedGet(`${baseUrl}${builds}/${commit}/log`, token)).body) as { log: string }
    ).log;
    const runs = /proved (\d+) run\(s\) in (\d+) ms/.exec(log);

    await postJson(
      `${baseUrl}/api/simulator/${SIMULATOR}/register`,
      { git_hash: commit, tags: ['prod-latest'] },
      token,
    );
    const versions = UnifiedVersionsResponse.parse(await get(`/api/simulator/${SIMULATOR}/unified-versions`));
    const builtIn = versions.versions.find(
      (version) => version.build_status === null && version.has_docker_image,
    );
    if (!builtIn) throw new Error(`${SIMULATOR} has no current built-in version`);

    const sides = {
      hub: { label: `hub version ${commit.slice(0, 8)} (prod-latest)`, config: {} },
      builtIn: {
        label: `built-in code ${builtIn.version.slice(0, 8)}`,
        config: { version: builtIn.version },
      },
    } as const;
    const samples = {
      hub: { make: [] as number[], reset: [] as number[] },
      builtIn: { make: [] as number[], reset: [] as number[] },
    };
    let firstHubMakeMs = 0;
    for (let i = 0; i <= ENVIRONMENTS; i += 1) {
      for (const side of ['hub', 'builtIn'] as const) {
        ctx.progress(`environment ${i} of ${ENVIRONMENTS}: ${sides[side].label}`);
        await sleep(POOL_REFILL_PAUSE_MS);
        const started = performance.now();
        const made = MakeEnvironmentResponse.parse(
          await postJson(
            `${baseUrl}/api/env/make2`,
            { env_id: SIMULATOR, env_config: sides[side].config, source: 'bench' },
            token,
          ),
        );
        const makeMs = performance.now() - started;
        if (made.status !== 'running') throw new Error(`${sides[side].label} did not start: ${made.status}`);
        // The first of the hub version's starts its host as well: said apart, not a sample.
        if (i === 0) {
          if (side === 'hub') firstHubMakeMs = makeMs;
        } else samples[side].make.push(makeMs);
        for (let r = 0; r < RESETS; r += 1) {
          const resetStarted = performance.now();
          await postJson(`${baseUrl}/api/env/${made.id}/reset`, { start_url: '/' }, token);
          if (i > 0) samples[side].reset.push(performance.now() - resetStarted);
        }
        await postJson(`${baseUrl}/api/env/${made.id}/close`, {}, token);
      }
    }
    const figures = {
      pushToProvenMs,
      provenRuns: runs ? Number(runs[1]) : null,
      proofMs: runs ? Number(runs[2]) : null,
      firstHubMakeMs,
      make: { hub: latency(samples.hub.make), builtIn: latency(samples.builtIn.make) },
      reset: { hub: latency(samples.hub.reset), builtIn: latency(samples.builtIn.reset) },
    };
    return {
      figures,
      rows: [
        [
          'push → proven version',
          `${(pushToProvenMs / 1000).toFixed(1)} s`,
          runs ? `${runs[1]} runs proved in ${(Number(runs[2]) / 1000).toFixed(1)} s` : '',
        ],
        ['first environment of the version (its host starts)', `${ms(firstHubMakeMs)} ms`, ''],
        [`make→ready, ${sides.hub.label} (p50/p95)`, pair(figures.make.hub), ''],
        [`make→ready, ${sides.builtIn.label} (p50/p95)`, pair(figures.make.builtIn), ''],
        [
          `reset, ${sides.hub.label} (p50/p95)`,
          pair(figures.reset.hub),
          `p50 ≤ ${RESET_RATIO_GOAL}× built-in`,
        ],
        [`reset, ${sides.builtIn.label} (p50/p95)`, pair(figures.reset.builtIn), ''],
      ],
      goals: [
        {
          goal: `a hub version's reset p50 ≤ ${RESET_RATIO_GOAL}× the built-in code's (same run)`,
          measured: `${ms(figures.reset.hub.p50)} ms vs ${ms(figures.reset.builtIn.p50)} ms`,
          met: figures.reset.hub.p50 <= RESET_RATIO_GOAL * figures.reset.builtIn.p50,
        },
      ],
      notes: [
        `The push: ${SIMULATOR}'s repository as Create Repository seeds it, with one line added to its README.`,
        `${ENVIRONMENTS} environments of each kind after a first of each, alternately, ${RESETS} resets each (to /).`,
      ],
    };
  },
};
