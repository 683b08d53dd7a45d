import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import {
  type EndpointBody,
  endpoints,
  HUB_MESSAGES,
  type HubBuild,
  type HubGitInfo,
  REGISTER_REFUSALS,
  VERSION_START_MESSAGES,
} from '@proctor/contracts';
import { sessions } from '@proctor/db';
import { SEED_SNAPSHOT_FILE, SIMULATOR_BUNDLE_FILE } from '@proctor/simulators/build';
import { eq } from 'drizzle-orm';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNote, kitProjectFiles } from '../../../packages/simulators/test/support/kitProject';
import { sandboxProblem } from '../src/agents/sandbox';
import { hubBuildOutput } from '../src/environments/hubBuild';
import { buildHubVersionHandler, resumeHubBuilds } from '../src/jobs/buildHubVersion';
import { SHUTTING_DOWN } from '../src/kernel/queue/catalog';
import { findHubRepository } from '../src/repositories/hub';
import { findVersionBuild, recordHubBuild } from '../src/repositories/hubBuilds';
import { findSimulatorVersion } from '../src/repositories/simulatorRegistry';
import { catalog } from './support/catalog';
import { testDatabases } from './support/databases';
import { gitOk } from './support/git';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { until } from './support/until';

/**
 * Versions built from hub pushes (issue 28 item 4), through the real git transport and the real sandboxed build:
 * a tiny kit project (packages/simulators/test/support/kitProject.ts: a notes app, one test case) pushed to its
 * simulator's repository becomes a building version, then a proven one with its log, which takes prod-latest and
 * runs in environments (each in the version's sandboxed host); a push that breaks its reference solution a failed
 * one, which neither a tag nor an environment takes. Never a built-in simulator: proving one costs minutes.
 */
const problem = sandboxProblem();
const BUILD_WAIT_MS = 240_000;

async function writeFiles(folder: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
}

for (const database of testDatabases()) {
  describe.skipIf(problem !== null)(`versions built from hub pushes [${database.name}]`, () => {
    let proctor: TestProctor;
    let baseUrl: string;
    let work: string;
    let admin: Actor;
    let notesId: number;
    let owner: string;
    let credentials: HubGitInfo;
    let clone: string;
    let provenCommit: string;
    let counter = 0;
    const logLines: string[] = [];

    const cloneUrl = (name: string) =>
      `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@${baseUrl.slice('http://'.length)}/git/${owner}/${name}.git`;
    const builds = async (name = 'notes', as: Actor = admin) => {
      const answer = await proctor.call(endpoints.hubRepositoryBuilds, { params: { owner, name }, as });
      expect(answer.status).toBe(200);
      return answer.body.builds;
    };
    const buildOf = async (commit: string) => (await builds()).find((build) => build.commit === commit);
    const ended = (commit: string) =>
      until(
        () => buildOf(commit),
        (build) => build !== undefined && build.status !== 'building',
        `the build of ${commit}`,
        BUILD_WAIT_MS,
      ) as Promise<HubBuild>;
    const buildLog = async (commit: string) => {
      const answer = await proctor.call(endpoints.hubRepositoryBuildLog, {
        params: { owner, name: 'notes', commit },
        as: admin,
      });
      expect(answer.status).toBe(200);
      return answer.body.log;
    };
    const register = (commit: string) =>
      proctor.call(endpoints.registerSimulatorVersion, {
        params: { name: 'notes' },
        body: { git_hash: commit, tags: ['prod-latest'] },
        as: admin,
      });
    const commitAll = async (folder: string, message: string) => {
      await gitOk(['add', '-A'], folder);
      await gitOk(['commit', '-m', message], folder);
      return gitOk(['rev-parse', 'HEAD'], folder);
    };
    const versionId = async (commit: string) => {
      const simulator = (
        await proctor.call(endpoints.registrySimulators, { as: admin })
      ).body.simulators.find((row) => row.name === 'notes')!;
      return (await findSimulatorVersion(proctor.ctx.db, simulator.id, commit))!.id;
    };

    type MakeBody = EndpointBody<typeof endpoints.makeEnvironment>;
    const make = (body: MakeBody, as: Actor = admin) => proctor.call(endpoints.makeEnvironment, { body, as });
    /** A new environment's page, as an agent sees it over CDP: its notes, in order. */
    const notesShown = async (id: string, as: Actor = admin) => {
      const { body } = await proctor.call(endpoints.environmentCdpUrl, { params: { id }, as });
      const browser: Browser = await chromium.connectOverCDP(body.cdp_url);
      try {
        const page = browser.contexts()[0]!.pages()[0]!;
        await page.getByRole('button', { name: 'Add' }).waitFor();
        return await page.getByRole('listitem').allTextContents();
      } finally {
        await browser.close();
      }
    };
    const close = (id: string, as: Actor = admin) =>
      proctor.call(endpoints.closeEnvironment, { params: { id }, as });
    const sessionVersion = async (publicId: string) => {
      const [row] = await proctor.ctx.db
        .select({ config: sessions.simulatorConfig })
        .from(sessions)
        .where(eq(sessions.publicId, publicId));
      return row?.config.version;
    };

    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      proctor = await startTestProctor(database, {
        env: { PUBLIC_URL: baseUrl, BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '4' },
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      });
      await proctor.app.listen({ port, host: '127.0.0.1' });
      work = await mkdtemp(join(tmpdir(), 'proctor-hub-versions-test-'));
      // A simulator of its own, not built in: its repository starts empty and the test pushes the kit project.
      notesId = (await catalog(() => proctor).simulator({ name: 'notes' })).id;
      admin = await proctor.actor({
        permissions: { is_admin: true, playground_access: true },
        plan: { allowed_simulators: [notesId] },
      });
      owner = admin.organization!.publicId;
      credentials = (await proctor.call(endpoints.hubMyInfo, { as: admin })).body;
      const created = await proctor.call(endpoints.hubCreateSimulatorRepository, {
        params: { name: 'notes' },
        as: admin,
      });
      expect(created.status).toBe(201);
      clone = join(work, 'notes');
      await gitOk(['clone', cloneUrl('notes'), clone], work);
    });
    afterAll(async () => {
      await proctor?.close();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it(
      'should record a push as a building version, prove it in the sandbox and keep it proven with its log',
      async () => {
        await writeFiles(clone, kitProjectFiles());
        provenCommit = await commitAll(clone, 'The notes simulator');
        await gitOk(['push', 'origin', 'main'], clone);
        // Recorded as the push ends, building: the build (Node, esbuild, Chromium) takes seconds.
        const recorded = await until(() => buildOf(provenCommit), Boolean, 'the version of the push');
        expect(recorded).toMatchObject({ status: 'building', ended_at: null });

        const build = await ended(provenCommit);
        expect(build).toMatchObject({
          status: 'proven',
          dataset: expect.stringMatching(/^[0-9a-f]{16}$/),
          ended_at: expect.any(String),
          has_log: true,
        });
        const log = await buildLog(provenCommit);
        expect(log).toContain(`Building ${provenCommit} of ${owner}/notes (simulator notes)`);
        expect(log).toMatch(/ok {3}add-milk \(reference solution, \d+ ms\)/);
        expect(log).toMatch(/ok {3}add-milk \(wrong variant, \d+ ms\)/);
        expect(log).toContain(`Proven: 1 test case, dataset ${build.dataset}`);

        // The admin's Versions tab: the version with its build, and its log.
        const versions = await proctor.call(endpoints.unifiedSimulatorVersions, {
          params: { name: 'notes' },
          as: admin,
        });
        expect(versions.body.versions.find((version) => version.version === provenCommit)).toMatchObject({
          dataset: build.dataset,
          build_status: 'proven',
          has_build_log: true,
          built_from: `${owner}/notes`,
          has_dynamodb_entry: false,
          // Its output (its seed snapshot with it) is kept, and environments run it.
          has_firecracker_snapshot: true,
          has_docker_image: true,
          has_ecs_task_definition: true,
        });
        const adminLog = await proctor.call(endpoints.simulatorVersionLog, {
          params: { name: 'notes', version: provenCommit },
          as: admin,
        });
        expect(adminLog.body).toEqual({ version: provenCommit, build_status: 'proven', reason: null, log });

        // Kept for environments to start; the temporary checkout is gone.
        const out = hubBuildOutput(
          join(proctor.ctx.config.dataDir, 'hub', 'builds'),
          await versionId(provenCommit),
        );
        expect(existsSync(join(out, SIMULATOR_BUNDLE_FILE))).toBe(true);
        expect(existsSync(join(out, SEED_SNAPSHOT_FILE))).toBe(true);
      },
      BUILD_WAIT_MS + 30_000,
    );

    it(
      'should start the proven version prod-latest names in its sandbox, and a version make2 names',
      async () => {
        // Nothing is tagged yet, and the notes simulator is no built-in: there is nothing to start.
        const untagged = await make({ env_id: 'notes' });
        expect(untagged.status).toBe(409);
        expect(untagged.body).toEqual({ detail: VERSION_START_MESSAGES.notHere('notes') });
        expect((await register(provenCommit)).status).toBe(200);

        const first = await make({ env_id: 'notes' });
        expect(first.status, first.body.detail).toBe(201);
        const id = first.body.id!;
        expect(await notesShown(id)).toEqual(['bread']);
        expect(await sessionVersion(first.body.session_id!)).toBe(provenCommit);
        // A write in the page is the environment's mutation; a reset forgets it, in the sandbox too.
        const { body } = await proctor.call(endpoints.environmentCdpUrl, { params: { id }, as: admin });
        const browser = await chromium.connectOverCDP(body.cdp_url);
        try {
          const page = browser.contexts()[0]!.pages()[0]!;
          await page.getByLabel('Note').fill('milk');
          await page.getByRole('button', { name: 'Add' }).click();
          await page.getByRole('listitem').filter({ hasText: 'milk' }).waitFor();
        } finally {
          await browser.close();
        }
        const state = await proctor.call(endpoints.environmentState, { params: { id }, as: admin });
        expect(state.body.state.mutations).toMatchObject([{ action: 'INSERT', table_name: 'notes' }]);
        const reset = await proctor.call(endpoints.resetEnvironment, { params: { id }, body: {}, as: admin });
        expect(reset.status, reset.body.detail).toBe(200);
        expect(
          (await proctor.call(endpoints.environmentState, { params: { id }, as: admin })).body.state
            .mutations,
        ).toEqual([]);
        expect(await notesShown(id)).toEqual(['bread']);
        expect(await sessionVersion(reset.body.session_id!)).toBe(provenCommit);

        // An edit of a seed row, pushed: once proven, its organization starts it by its hash; nobody else can.
        const files = kitProjectFiles();
        files['src/index.ts'] = files['src/index.ts']!.replace(".run('bread')", ".run('butter')");
        await writeFiles(clone, files);
        const edited = await commitAll(clone, 'Butter, not bread');
        await gitOk(['push', 'origin', 'main'], clone);
        expect((await ended(edited)).status).toBe('proven');
        const byHash = await make({ env_id: 'notes', env_config: { version: edited.slice(0, 10) } });
        expect(byHash.status, byHash.body.detail).toBe(201);
        expect(await notesShown(byHash.body.id!)).toEqual(['butter']);
        expect(await sessionVersion(byHash.body.session_id!)).toBe(edited);
        const stranger = await proctor.actor({
          permissions: { playground_access: true },
          plan: { allowed_simulators: [notesId] },
        });
        const refused = await make({ env_id: 'notes', env_config: { version: edited } }, stranger);
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ detail: VERSION_START_MESSAGES.notFound(edited) });

        // Tagged prod-latest, it is what a new environment starts, for anyone; the earlier one is still there.
        expect((await register(edited)).status).toBe(200);
        const latest = await make({ env_id: 'notes' }, stranger);
        expect(latest.status, latest.body.detail).toBe(201);
        expect(await notesShown(latest.body.id!, stranger)).toEqual(['butter']);
        expect(await notesShown(id)).toEqual(['bread']);
        const unknown = await make({ env_id: 'notes', env_config: { version: 'staging-latest' } });
        expect(unknown.status).toBe(404);
        const blank = await make({ env_id: 'notes', env_config: { version: ' ' } });
        expect(blank.status).toBe(400);
        expect(blank.body.detail).toContain(VERSION_START_MESSAGES.invalid);
        for (const environment of [id, byHash.body.id!]) expect((await close(environment)).status).toBe(200);
        expect((await close(latest.body.id!, stranger)).status).toBe(200);
        provenCommit = edited;
      },
      BUILD_WAIT_MS + 60_000,
    );

    it(
      'should keep a push that breaks a reference solution as a failed version, which prod-latest refuses',
      async () => {
        await writeFiles(clone, kitProjectFiles({ solve: addNote('eggs') }));
        const commit = await commitAll(clone, 'Break the reference solution');
        await gitOk(['push', 'origin', 'main'], clone);

        const build = await ended(commit);
        expect(build.status).toBe('failed');
        expect(build.reason).toMatch(/^test case add-milk \(solve\): the reference solution did not satisfy/);
        const log = await buildLog(commit);
        expect(log).toMatch(/FAIL add-milk \(reference solution, \d+ ms\): .*expected "milk", got "eggs"/);
        expect(log).toMatch(/Failed: test case add-milk \(solve\): the reference solution did not satisfy/);
        expect(
          existsSync(
            hubBuildOutput(join(proctor.ctx.config.dataDir, 'hub', 'builds'), await versionId(commit)),
          ),
        ).toBe(false);

        const registered = await register(commit);
        expect(registered.status).toBe(409);
        expect(registered.body).toEqual({ detail: REGISTER_REFUSALS.failed });
        const started = await make({ env_id: 'notes', env_config: { version: commit } });
        expect(started.status).toBe(409);
        expect(started.body).toEqual({ detail: VERSION_START_MESSAGES.failed(commit) });
        const versions = await proctor.call(endpoints.unifiedSimulatorVersions, {
          params: { name: 'notes' },
          as: admin,
        });
        expect(versions.body.versions.find((version) => version.version === commit)).toMatchObject({
          build_status: 'failed',
          dynamodb_tags: [],
        });
        // Newest first.
        expect((await builds()).map((row) => row.commit).slice(0, 2)).toEqual([commit, provenCommit]);
      },
      BUILD_WAIT_MS + 30_000,
    );

    it('should not build a commit again, nor a repository that holds no simulator', async () => {
      const before = await builds();
      // The branch moves back to a commit built before: the hook runs, and builds nothing.
      await gitOk(['push', '--force', 'origin', `${provenCommit}:main`], clone);
      await expect
        .poll(() => logLines.some((line) => line.includes('not built again') && line.includes(provenCommit)))
        .toBe(true);
      expect(await builds()).toEqual(before);

      const created = await proctor.call(endpoints.hubCreateRepository, {
        body: { name: 'scratch' },
        as: admin,
      });
      expect(created.status).toBe(201);
      const scratch = join(work, 'scratch');
      await gitOk(['clone', cloneUrl('scratch'), scratch], work);
      await writeFiles(scratch, kitProjectFiles());
      const commit = await commitAll(scratch, 'Notes, in a repository of no simulator');
      await gitOk(['push', 'origin', 'main'], scratch);
      await expect
        .poll(() => logLines.some((line) => line.includes('holds no simulator') && line.includes(commit)))
        .toBe(true);
      expect(await builds('scratch')).toEqual([]);
    });

    it("should answer 404 to another organization's members for the builds and a build's log", async () => {
      const stranger = await proctor.actor({ permissions: { is_admin: true } });
      const list = await proctor.call(endpoints.hubRepositoryBuilds, {
        params: { owner, name: 'notes' },
        as: stranger,
      });
      expect(list.status).toBe(404);
      expect(list.body).toEqual({ detail: HUB_MESSAGES.repositoryNotFound });
      const log = await proctor.call(endpoints.hubRepositoryBuildLog, {
        params: { owner, name: 'notes', commit: provenCommit },
        as: stranger,
      });
      expect(log.status).toBe(404);
      // Nor does the simulator's page show another organization's pushes as versions.
      const notesId = (await findHubRepository(proctor.ctx.db, owner, 'notes'))!.simulatorId!;
      const user = await proctor.actor({ plan: { allowed_simulators: [notesId] } });
      const listed = await proctor.call(endpoints.simulator, { params: { nameOrId: 'notes' }, as: user });
      expect(listed.status).toBe(200);
      expect(listed.body.simulator.versions.map((version) => version.version)).not.toContain(provenCommit);
      // A member of the owning organization without write permissions reads them.
      const member = await proctor.actor({ organization: admin.organization });
      expect((await builds('notes', member)).map((build) => build.commit)).toContain(provenCommit);
      const unknown = await proctor.call(endpoints.hubRepositoryBuildLog, {
        params: { owner, name: 'notes', commit: 'f'.repeat(40) },
        as: member,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: HUB_MESSAGES.buildNotFound });
    });

    /** A commit of the notes repository on a side branch (no build), recorded as a building version by hand. */
    const sideCommit = async (branch: string, files: Record<string, string>) => {
      await gitOk(['checkout', '-B', branch, provenCommit], clone);
      await writeFiles(clone, files);
      const commit = await commitAll(clone, `On ${branch}`);
      await gitOk(['push', 'origin', branch], clone);
      await gitOk(['checkout', 'main'], clone);
      const repository = (await findHubRepository(proctor.ctx.db, owner, 'notes'))!;
      const id = await recordHubBuild(proctor.ctx.db, {
        simulatorId: repository.simulatorId!,
        commit,
        hubRepositoryId: repository.id,
        organizationId: repository.organizationId,
        description: 'recorded by the test',
      });
      return { commit, versionId: id! };
    };

    it(
      'should build again at start a version a stopped process left building',
      async () => {
        // Fails fast, in the real sandbox, once loaded: the entry defines no simulator.
        const { commit, versionId } = await sideCommit(`left-${counter++}`, {
          'src/index.ts': 'export const nothing = 1;\n',
        });
        expect(await findVersionBuild(proctor.ctx.db, versionId)).toMatchObject({ status: 'building' });
        expect(await resumeHubBuilds(proctor.ctx.db, proctor.ctx.queue, proctor.app.log)).toBe(1);
        const build = await ended(commit);
        expect(build.status).toBe('failed');
        expect(await buildLog(commit)).toContain('exports no simulator');
        expect(await resumeHubBuilds(proctor.ctx.db, proctor.ctx.queue, proctor.app.log)).toBe(0);
      },
      BUILD_WAIT_MS,
    );

    it('should fail a build whose project defines another simulator, and remove its checkout', async () => {
      const { commit, versionId } = await sideCommit(`renamed-${counter++}`, {
        'README.md': 'renamed\n',
      });
      let checkout = '';
      // The build's outcome given by hand: what this test checks is the job's own rule on the simulator's name.
      const handler = buildHubVersionHandler(proctor.ctx.db, {
        hubDir: proctor.ctx.config.hubDir,
        buildsDir: join(proctor.ctx.config.dataDir, 'hub', 'builds'),
        memoryLimitBytes: 1024 ** 3,
        run: async (options) => {
          checkout = options.checkout;
          expect(existsSync(join(options.checkout, 'README.md'))).toBe(true);
          options.onEvent({ type: 'log', line: 'bundled' });
          return {
            type: 'result',
            status: 'proven',
            reason: null,
            simulator: 'jotter',
            dataset: '0123456789abcdef',
            testCases: 1,
          };
        },
      });
      await handler.run(
        { versionId },
        { jobId: 'test', attempt: 1, signal: new AbortController().signal, progress: () => {} },
      );
      expect(existsSync(checkout)).toBe(false);
      expect(await buildOf(commit)).toMatchObject({
        status: 'failed',
        dataset: '0123456789abcdef',
        reason: 'the pushed project defines the simulator "jotter", but this repository holds "notes"',
      });
      expect(await buildLog(commit)).toContain(
        'Failed: the pushed project defines the simulator "jotter", but this repository holds "notes"',
      );
    });

    it('should leave a build stopped by its closing process building, for the next start', async () => {
      const { commit, versionId } = await sideCommit(`stopped-${counter++}`, { 'NOTES.md': 'stopped\n' });
      const stop = new AbortController();
      const handler = buildHubVersionHandler(proctor.ctx.db, {
        hubDir: proctor.ctx.config.hubDir,
        buildsDir: join(proctor.ctx.config.dataDir, 'hub', 'builds'),
        memoryLimitBytes: 1024 ** 3,
        // As runHubBuild answers a cancel: a failed result.
        run: async () => {
          stop.abort(new Error(SHUTTING_DOWN));
          return {
            type: 'result',
            status: 'failed',
            reason: 'the build was cancelled',
            simulator: null,
            dataset: null,
            testCases: 0,
          };
        },
      });
      await expect(
        handler.run({ versionId }, { jobId: 'test', attempt: 1, signal: stop.signal, progress: () => {} }),
      ).rejects.toThrow(SHUTTING_DOWN);
      await handler.failed({ versionId }, SHUTTING_DOWN);
      expect(await buildOf(commit)).toMatchObject({ status: 'building', ended_at: null });
      // Out of the queue's hands for good (not a shutdown): failed with the reason.
      await handler.failed({ versionId }, 'It ran out of time (1200 s)');
      expect(await buildOf(commit)).toMatchObject({ status: 'failed' });
      expect(await buildLog(commit)).toContain('Failed: the build job failed: It ran out of time (1200 s)');
    });
  });
}
